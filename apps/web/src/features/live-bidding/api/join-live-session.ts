import { joinSessionSummaryResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';

/**
 * POST /bid-sessions/:id/join?view=summary: marks the member as connected, so the others see them
 * online. `summary`: the page follows the board, so it asks for the session's summary, not the
 * whole session the spec's client gets (every participant: 14 MB at 20,000).
 */
export function joinLiveSession(sessionId: string) {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/join?view=summary`, {
    method: 'POST',
    schema: joinSessionSummaryResponseSchema,
  });
}

export function useJoinLiveSession() {
  return useMutation({
    mutationFn: joinLiveSession,
    onError: (error) => showError(error, 'Failed to join session. Please try again.'),
  });
}
