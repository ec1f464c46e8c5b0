import { type ChangePasswordRequest, messageResponseSchema, PROFILE_MESSAGES } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';

export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiRequest('/users/change-password', { method: 'PUT', body: request, schema: messageResponseSchema });
}

/**
 * Changes the member's own password and says so. The server keeps this sign-in and ends every
 * other one, so nothing here needs to change: the stored tokens stay valid.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => showSuccess(PROFILE_MESSAGES.passwordChanged),
    onError: (error) => showError(error, 'Failed to change password'),
  });
}
