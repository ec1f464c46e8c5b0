import type { BidSession } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { sessionDeletedText } from '../utils/session-toasts.ts';

/** Draft and scheduled sessions. */
export async function deleteBidSession(sessionId: string): Promise<void> {
  await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

/** A completed session and its results: a separate, administrators-only call (docs/api.md, "bid-sessions"). */
export async function deleteCompletedBidSession(sessionId: string): Promise<void> {
  await apiRequest('/admin/delete-completed-session', { method: 'DELETE', body: { sessionId } });
}

/** Deletes a session by the call its status needs; the toast says which kind went. */
export function useDeleteBidSession({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<BidSession, 'id' | 'status' | 'name'>) =>
      session.status === 'completed' ? deleteCompletedBidSession(session.id) : deleteBidSession(session.id),
    onSuccess: async (_, session) => {
      showSuccess(sessionDeletedText(session.name, session.status === 'completed'));
      await invalidateAllSessions(queryClient);
    },
    onError: (error, session) => showError(error, `Could not delete ${session.name}`),
    onSettled,
  });
}
