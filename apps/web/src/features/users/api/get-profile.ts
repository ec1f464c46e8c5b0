import { type User, userResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getProfile(signal?: AbortSignal): Promise<User> {
  const { user } = await apiRequest('/users/profile', { schema: userResponseSchema, signal });
  return user;
}
