import { type SeniorityInfo, seniorityInfoSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Cache key of the signed-in member's seniority report. */
export const seniorityQueryKey = ['users', 'seniority'] as const;

export function getSeniority(signal?: AbortSignal): Promise<SeniorityInfo> {
  return apiRequest('/users/seniority', { schema: seniorityInfoSchema, signal });
}

/** The member's score, how it is worked out, their queue place and tips (GET /users/seniority, docs/api.md "users"). */
export function useSeniorityQuery() {
  return useQuery({
    queryKey: seniorityQueryKey,
    queryFn: ({ signal }) => getSeniority(signal),
  });
}
