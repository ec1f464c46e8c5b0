import { type AdminSetPasswordRequest, messageResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useRefreshAfterMemberChange } from './user-queries.ts';

export async function setUserPassword(id: string, body: AdminSetPasswordRequest): Promise<string> {
  const { message } = await apiRequest(`/admin/users/${encodeURIComponent(id)}/password`, {
    method: 'PUT',
    body,
    schema: messageResponseSchema,
  });
  return message;
}

/**
 * Sets a member's password, which signs them out everywhere. The server's answer says whether the
 * notice e-mail went out or waits in the outbox, so that is what the administrator reads. A
 * member waiting for their setup link is no longer pending afterwards, so the list is read again.
 */
export function useSetUserPassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refreshAfterMemberChange = useRefreshAfterMemberChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminSetPasswordRequest }) => setUserPassword(id, body),
    onSuccess: async (message) => {
      showSuccess(message);
      onSuccess?.();
      await refreshAfterMemberChange();
    },
    onError: (error) => showError(error, 'Failed to update password'),
  });
}
