import { bidSessionMutationResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type JoinBidSessionResponse = z.infer<typeof bidSessionMutationResponseSchema>;

/** POST /bid-sessions/:id/join: marks the member as connected to the live session. */
export function joinBidSession(sessionId: string): Promise<JoinBidSessionResponse> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/join`, {
    method: 'POST',
    schema: bidSessionMutationResponseSchema,
  });
}

export function useJoinBidSessionMutation() {
  return useMutation({ mutationFn: joinBidSession });
}
