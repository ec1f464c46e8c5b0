/**
 * The administrator's controls of a session's life: start, pause, resume, end and move the turn
 * holder to the back. Each is one POST to /bid-sessions/:id/<action>; its toast names the session
 * or the member it was about (session-toasts.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import type { SessionAction } from '../utils/session-actions.ts';
import { sessionActionFailureText, sessionActionSuccessText } from '../utils/session-toasts.ts';

export interface SessionActionInput {
  sessionId: string;
  action: SessionAction;
  /** Move to back only: the member to move, so a turn that changed meanwhile moves nobody else. */
  userId?: string | null;
  /** For the toast: the session's name, and (move to back) the member's. */
  sessionName?: string | null;
  memberName?: string | null;
}

export async function runSessionAction({ sessionId, action, userId }: SessionActionInput): Promise<void> {
  const body = action === 'move-to-back' && userId ? { userId } : undefined;
  // The answer is not read: every cached session is loaded again after an action anyway.
  await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/${action}`, { method: 'POST', body: body ?? {} });
}

export function useSessionAction({ onSuccess }: { onSuccess?: (input: SessionActionInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSessionAction,
    onSuccess: async (_, input) => {
      const { action, ...subject } = input;
      showSuccess(sessionActionSuccessText(action, subject));
      onSuccess?.(input);
      await invalidateAllSessions(queryClient);
    },
    onError: async (error, { action, ...subject }) => {
      showError(error, sessionActionFailureText(action, subject));
      // A refusal usually means the session moved on (a turn ended, another administrator acted).
      await invalidateAllSessions(queryClient);
    },
  });
}
