import { messageResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';

export async function unlockUserSignIn(id: string): Promise<string> {
  const { message } = await apiRequest(`/admin/users/${encodeURIComponent(id)}/unlock`, {
    method: 'POST',
    schema: messageResponseSchema,
  });
  return message;
}

/** Clears the back-off that failed sign-ins put on a member, from every address, so a locked-out member can sign in again at once. */
export function useUnlockUserSignIn({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: unlockUserSignIn,
    onSuccess: (message) => {
      showSuccess(message);
      onSuccess?.();
    },
    onError: (error) => showError(error, 'Failed to unlock sign-in'),
  });
}
