import { type User, userResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useRefreshAfterMemberChange } from './user-queries.ts';

export async function reactivateUser(id: string): Promise<User> {
  const { user } = await apiRequest(`/admin/users/${encodeURIComponent(id)}/reactivate`, {
    method: 'POST',
    schema: userResponseSchema,
  });
  return user;
}

/** Gives a deactivated member their account back, with their history, score and seat. */
export function useReactivateUser({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const refreshAfterMemberChange = useRefreshAfterMemberChange();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: async (user) => {
      showSuccess(`${user.firstName} ${user.lastName} reactivated successfully`);
      onSuccess?.(user);
      await refreshAfterMemberChange(user);
    },
    onError: (error) => showError(error, 'Failed to reactivate user'),
  });
}
