/** The server's record-signing key (issue 16): what a steward checks a session record against. */
import { recordKeyResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function useRecordKeyQuery() {
  return useQuery({
    queryKey: ['record-key'] as const,
    queryFn: ({ signal }) => apiRequest('/record-key', { schema: recordKeyResponseSchema, signal }),
    // The key is made once per database and never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
