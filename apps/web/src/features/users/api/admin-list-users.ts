import { type User, usersListResponseSchema } from '@stationbid/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../auth/index.ts';

/** Every cached answer about the administrators' member list starts with this key. */
export const adminUsersQueryKey = ['admin', 'users'] as const;

export async function getAdminUsers(signal?: AbortSignal): Promise<User[]> {
  const { users } = await apiRequest('/admin/users', { schema: usersListResponseSchema, signal });
  return users;
}

/** Every member, active or not, with their seniority score and bid priority. */
export function useAdminUsersQuery() {
  return useQuery({
    queryKey: adminUsersQueryKey,
    queryFn: ({ signal }) => getAdminUsers(signal),
  });
}

/**
 * What every member change does next: the list is read again (one member's new score moves
 * everyone's bid priority), and when administrators edit themselves the shell's copy follows.
 */
export function useRefreshAfterMemberChange() {
  const queryClient = useQueryClient();
  return async (changedUser?: User) => {
    if (changedUser !== undefined) {
      queryClient.setQueryData<User>(currentUserQueryKey, (current) =>
        current?.id === changedUser.id ? changedUser : current,
      );
    }
    await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
  };
}
