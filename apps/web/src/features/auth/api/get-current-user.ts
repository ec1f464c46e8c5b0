import { type User, userResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const { user } = await apiRequest('/auth/me', { schema: userResponseSchema, signal });
  return user;
}
