import { bidSessionMutationResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';

/** POST /bid-sessions/:id/join: marks the member as connected, so the others see them online. */
export function joinLiveSession(sessionId: string) {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/join`, {
    method: 'POST',
    schema: bidSessionMutationResponseSchema,
  });
}

export function useJoinLiveSession() {
  return useMutation({
    mutationFn: joinLiveSession,
    onError: (error) => showError(error, 'Failed to join session. Please try again.'),
  });
}
