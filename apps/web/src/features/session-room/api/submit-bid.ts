import { type SubmitBidRequest, submitBidResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterOwnAction } from '../../../lib/session-queries.ts';

export function submitBid(body: SubmitBidRequest) {
  return apiRequest('/bid-sessions/submit-bid', { method: 'POST', body, schema: submitBidResponseSchema });
}

/**
 * The member's own bid. Success is told by the award card in the header's place (and announced by
 * the header's live region), not a passing toast; a refusal is shown by the modal itself, beside
 * the seat it is about, and either way the free seats are read again.
 */
export function useSubmitBid(sessionId: string, { onSuccess }: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterOwnAction(queryClient, sessionId);
  return useMutation({
    mutationFn: submitBid,
    onSuccess: async () => {
      onSuccess();
      await refresh();
    },
    onError: refresh,
  });
}
