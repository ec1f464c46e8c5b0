import { joinSessionSummaryResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type JoinBidSessionResponse = z.infer<typeof joinSessionSummaryResponseSchema>;

/** POST /bid-sessions/:id/join?view=summary: marks the member as connected; the live page it leads to reads the board. */
export function joinBidSession(sessionId: string): Promise<JoinBidSessionResponse> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/join?view=summary`, {
    method: 'POST',
    schema: joinSessionSummaryResponseSchema,
  });
}

export function useJoinBidSessionMutation() {
  return useMutation({ mutationFn: joinBidSession });
}
