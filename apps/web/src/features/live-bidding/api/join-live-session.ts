import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';

/**
 * Only the message is read. The server answers with the whole session (every participant: 14 MB at
 * 20,000), which the page never shows; validating all of it would hold a phone's main thread for
 * seconds just after the page opens.
 */
const joinAnswerSchema = z.object({ message: z.string() });

/** POST /bid-sessions/:id/join: marks the member as connected, so the others see them online. */
export function joinLiveSession(sessionId: string) {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/join`, {
    method: 'POST',
    schema: joinAnswerSchema,
  });
}

export function useJoinLiveSession() {
  return useMutation({
    mutationFn: joinLiveSession,
    onError: (error) => showError(error, 'Failed to join session. Please try again.'),
  });
}
