import {
  type BidSessionDetail,
  bidSessionMutationResponseSchema,
  type CreateBidSessionRequest,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { sessionCreatedText } from '../utils/session-toasts.ts';

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
    onSuccess: async (session) => {
      showSuccess(sessionCreatedText(session.name));
      onSuccess?.();
      await invalidateAllSessions(queryClient);
    },
    onError: (error, body) => showError(error, `Could not create ${body.name}`),
  });
}
