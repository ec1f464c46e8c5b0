import { type UpdateMemberRequest, type User, userResponseSchema } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useRefreshAfterMemberChange } from './user-queries.ts';

export async function updateUser(id: string, body: UpdateMemberRequest): Promise<User> {
  const { user } = await apiRequest(`/admin/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: userResponseSchema,
  });
  return user;
}

interface UpdateUserOptions {
  successMessage: string;
  /** The spec's fallback for this form: "Failed to update user" or "Failed to update seniority". */
  failureMessage: string;
  onSuccess?: (user: User) => void;
}

/** Saves a member's fields; the Edit User and Edit Seniority forms both use it. */
export function useUpdateUser({ successMessage, failureMessage, onSuccess }: UpdateUserOptions) {
  const refreshAfterMemberChange = useRefreshAfterMemberChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMemberRequest }) => updateUser(id, body),
    onSuccess: async (user) => {
      showSuccess(successMessage);
      onSuccess?.(user);
      await refreshAfterMemberChange(user);
    },
    onError: (error) => showError(error, failureMessage),
  });
}
