import {
  BID_MESSAGES,
  type BidSessionDetail,
  bidSessionMutationResponseSchema,
  type CreateBidSessionRequest,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { bidSessionsQueryKey } from './bid-session-query-keys.ts';

export async function createBidSession(body: CreateBidSessionRequest): Promise<BidSessionDetail> {
  const { session } = await apiRequest('/bid-sessions', {
    method: 'POST',
    body,
    schema: bidSessionMutationResponseSchema,
  });
  return session;
}

export function useCreateBidSession({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBidSession,
    onSuccess: async () => {
      showSuccess(BID_MESSAGES.sessionCreated);
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: bidSessionsQueryKey });
    },
    onError: (error) => showError(error, 'Failed to create bid session'),
  });
}
