import { messageResponseSchema, type ResetPasswordRequest } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sets a new password from a reset (or first-password setup) link. */
export function resetPassword({ token, ...request }: ResetPasswordRequest & { token: string }) {
  return apiRequest(`/auth/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: request,
    schema: messageResponseSchema,
    withToken: false,
    recoverSession: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
