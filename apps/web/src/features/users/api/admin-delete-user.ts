import { MEMBER_ADMIN_MESSAGES, messageResponseSchema, type User } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, getErrorMessage } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { onMemberDeleted } from './user-queries.ts';

export async function deleteUser(id: string): Promise<string> {
  const { message } = await apiRequest(`/admin/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageResponseSchema,
  });
  return message;
}

/** The delete refusals worded by status; others show the server's text. */
export function describeDeleteFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return MEMBER_ADMIN_MESSAGES.userNotFound;
    if (error.status === 403) return 'You do not have permission to delete this user.';
    if (error.status === 500) return 'Server error occurred while deleting user. Please try again.';
  }
  return getErrorMessage(error, 'Failed to delete user');
}

/**
 * Deletes a member. The row leaves the list at once when the delete worked, and also on a 404:
 * then someone else deleted them already, and the list is read again either way.
 */
export function useDeleteUser({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  const dropFromList = (id: string) => onMemberDeleted(queryClient, id);
  return useMutation({
    mutationFn: (user: User) => deleteUser(user.id),
    onSuccess: async (message, user) => {
      showSuccess(message);
      await dropFromList(user.id);
    },
    onError: async (error, user) => {
      const message = describeDeleteFailure(error);
      // showError prefers a server's text; wrapped, the wording by status shows instead.
      showError(new Error(message, { cause: error }), message);
      if (error instanceof ApiError && error.status === 404) await dropFromList(user.id);
    },
    onSettled,
  });
}
