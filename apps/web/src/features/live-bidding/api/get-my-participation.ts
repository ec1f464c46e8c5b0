import { myParticipationResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { myParticipationQueryKey } from './live-bidding-query-keys.ts';

export type MyParticipation = z.infer<typeof myParticipationResponseSchema>;

export function getMyParticipation(sessionId: string, signal?: AbortSignal): Promise<MyParticipation> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/my-participation`, {
    schema: myParticipationResponseSchema,
    signal,
  });
}

/** The signed-in member's place in the session: whether it is their turn and how many are ahead. */
export function useMyParticipationQuery(sessionId: string, pollIntervalMs: number | false, enabled: boolean) {
  return useQuery({
    queryKey: myParticipationQueryKey(sessionId),
    queryFn: ({ signal }) => getMyParticipation(sessionId, signal),
    refetchInterval: pollIntervalMs,
    staleTime: 0,
    enabled,
  });
}
