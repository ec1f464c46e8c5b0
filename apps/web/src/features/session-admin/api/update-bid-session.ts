import {
  type BidSessionDetail,
  bidSessionMutationResponseSchema,
  type UpdateBidSessionRequest,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { sessionSavedText } from '../utils/session-toasts.ts';

interface UpdateBidSessionInput {
  sessionId: string;
  body: UpdateBidSessionRequest;
}

export async function updateBidSession({ sessionId, body }: UpdateBidSessionInput): Promise<BidSessionDetail> {
  const { session } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}`, {
    method: 'PUT',
    body,
    schema: bidSessionMutationResponseSchema,
  });
  return session;
}

export function useUpdateBidSession({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidSession,
    onSuccess: async (session) => {
      showSuccess(sessionSavedText(session.name));
      onSuccess?.();
      await invalidateAllSessions(queryClient);
    },
    onError: (error, { body }) =>
      showError(error, body.name ? `Could not save ${body.name}` : 'Could not save the bid session'),
  });
}
