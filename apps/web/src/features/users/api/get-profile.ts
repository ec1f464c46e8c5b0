import { type User, userResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Cache key of the signed-in member's profile; the profile mutations write their answer here. */
export const profileQueryKey = ['users', 'profile'] as const;

export async function getProfile(signal?: AbortSignal): Promise<User> {
  const { user } = await apiRequest('/users/profile', { schema: userResponseSchema, signal });
  return user;
}

/** The signed-in member's own record, as the profile page edits it (schemas/profile.ts). */
export function useProfileQuery() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
  });
}
