import { type ForgotPasswordRequest, messageResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function requestPasswordReset(request: ForgotPasswordRequest): Promise<{ message: string }> {
  return apiRequest('/auth/forgot-password', {
    method: 'POST',
    body: request,
    schema: messageResponseSchema,
    withToken: false,
    recoverSession: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
