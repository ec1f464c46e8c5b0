import { type User, usersListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getAdminUsers(signal?: AbortSignal): Promise<User[]> {
  const { users } = await apiRequest('/admin/users', { schema: usersListResponseSchema, signal });
  return users;
}
