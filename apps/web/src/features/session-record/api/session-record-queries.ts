/** The session record's one query: the server's record-signing key. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecordKey } from './get-record-key.ts';

export const sessionRecordQueryKeys = {
  recordKey: ['record-key'] as const,
};

export const sessionRecordQueries = {
  recordKey: () =>
    queryOptions({
      queryKey: sessionRecordQueryKeys.recordKey,
      queryFn: ({ signal }) => getRecordKey(signal),
      // The key is made once per database and never changes.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export function useRecordKeyQuery() {
  return useQuery(sessionRecordQueries.recordKey());
}
