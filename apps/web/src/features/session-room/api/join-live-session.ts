import { useMutation } from '@tanstack/react-query';
import { joinSession } from '../../../lib/session-queries.ts';
import { showError } from '../../../lib/toasts.ts';

/** Joins the session as the live page opens; a failure is only told, the page works without it. */
export function useJoinLiveSession() {
  return useMutation({
    mutationFn: joinSession,
    onError: (error) => showError(error, 'Failed to join session. Please try again.'),
  });
}
