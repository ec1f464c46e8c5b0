import { DISPLAY_COUNTS, type OnlineUsersResponse, onlineUsersResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const LIMIT = DISPLAY_COUNTS.adminOnlineUsers;

export async function getOnlineUsers(signal?: AbortSignal): Promise<OnlineUsersResponse> {
  return apiRequest(`/admin/online-users?limit=${LIMIT}`, { schema: onlineUsersResponseSchema, signal });
}
