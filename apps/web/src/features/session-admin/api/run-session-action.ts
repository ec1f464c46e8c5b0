/**
 * The administrator's controls of a session's life: start, pause, resume, end and move the turn
 * holder to the back. Each is one POST to /bid-sessions/:id/<action>, with the success and failure
 * messages of BID_MESSAGES.
 */
import { BID_MESSAGES } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';

export type SessionAction = 'start' | 'pause' | 'resume' | 'end' | 'move-to-back';

const SESSION_ACTION_MESSAGES: Readonly<Record<SessionAction, { success: string; failure: string }>> = {
  start: { success: BID_MESSAGES.sessionStarted, failure: 'Failed to start bid session' },
  pause: { success: BID_MESSAGES.sessionPausedSuccess, failure: 'Failed to pause bid session' },
  resume: { success: BID_MESSAGES.sessionResumed, failure: 'Failed to resume bid session' },
  end: { success: BID_MESSAGES.sessionEnded, failure: 'Failed to end bid session' },
  'move-to-back': { success: BID_MESSAGES.movedToBack, failure: 'Failed to move user to back of queue' },
};

export interface SessionActionInput {
  sessionId: string;
  action: SessionAction;
  /** Move to back only: the member to move, so a turn that changed meanwhile moves nobody else. */
  userId?: string | null;
}

export async function runSessionAction({ sessionId, action, userId }: SessionActionInput): Promise<void> {
  const body = action === 'move-to-back' && userId ? { userId } : undefined;
  // The answer is not read: every cached session is loaded again after an action anyway.
  await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/${action}`, { method: 'POST', body: body ?? {} });
}

export function useSessionAction({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSessionAction,
    onSuccess: async (_, { action }) => {
      showSuccess(SESSION_ACTION_MESSAGES[action].success);
      onSuccess?.();
      await invalidateAllSessions(queryClient);
    },
    onError: async (error, { action }) => {
      showError(error, SESSION_ACTION_MESSAGES[action].failure);
      // A refusal usually means the session moved on (a turn ended, another administrator acted).
      await invalidateAllSessions(queryClient);
    },
  });
}
