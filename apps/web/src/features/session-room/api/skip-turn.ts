import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterOwnAction } from '../../../lib/session-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';

const skipTurnResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export function skipTurn(sessionId: string) {
  return apiRequest('/bid-sessions/skip-turn', {
    method: 'POST',
    body: { sessionId },
    schema: skipTurnResponseSchema,
  });
}

/** Passes the member's own turn; they keep the seat they hold now. */
export function useSkipTurn(sessionId: string, { onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterOwnAction(queryClient, sessionId);
  return useMutation({
    mutationFn: () => skipTurn(sessionId),
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      onSuccess();
      await refresh();
    },
    onError: async (error) => {
      showError(error, 'Failed to skip turn. Please try again.');
      await refresh();
    },
  });
}
