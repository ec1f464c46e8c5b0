import {
  BID_MESSAGES,
  type BidSessionDetail,
  bidSessionMutationResponseSchema,
  type UpdateBidSessionRequest,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { bidSessionsQueryKey } from './bid-session-query-keys.ts';

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
    onSuccess: async () => {
      showSuccess(BID_MESSAGES.sessionUpdated);
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: bidSessionsQueryKey });
    },
    onError: (error) => showError(error, 'Failed to update bid session'),
  });
}
