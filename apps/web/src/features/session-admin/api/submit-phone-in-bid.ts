import { type SubmitBidRequest, submitBidResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { phoneInBidPlacedText } from '../utils/session-toasts.ts';

type SubmitBidResponse = z.output<typeof submitBidResponseSchema>;

/** A bid placed by an administrator for the member holding the turn (`userId` names them). */
export async function submitPhoneInBid(body: SubmitBidRequest & { userId: string }): Promise<SubmitBidResponse> {
  return apiRequest('/bid-sessions/submit-bid', { method: 'POST', body, schema: submitBidResponseSchema });
}

export interface PhoneInBidInput {
  request: SubmitBidRequest & { userId: string };
  /** For the toast: "Bid placed for Grace Hopper: Station 2 · A shift · Captain". */
  memberName: string;
  seatLabel: string;
}

/**
 * The refusal ("It is not your turn", "That seat is no longer available", ...) is shown by the
 * confirmation itself, beside the seat it is about, rather than as a toast that vanishes.
 */
export function useSubmitPhoneInBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request }: PhoneInBidInput) => submitPhoneInBid(request),
    onSuccess: async (_, { memberName, seatLabel }) => {
      showSuccess(phoneInBidPlacedText(memberName, seatLabel));
      await invalidateAllSessions(queryClient);
    },
    onError: async () => {
      await invalidateAllSessions(queryClient);
    },
  });
}
