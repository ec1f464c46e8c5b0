import { DISPLAY_COUNTS, type OnlineUsersResponse, onlineUsersResponseSchema, TIMERS } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineUsersQueryKey } from './admin-dashboard-query-keys.ts';

const LIMIT = DISPLAY_COUNTS.adminOnlineUsers;

export async function getOnlineUsers(signal?: AbortSignal): Promise<OnlineUsersResponse> {
  return apiRequest(`/admin/online-users?limit=${LIMIT}`, { schema: onlineUsersResponseSchema, signal });
}

/**
 * The 5 members seen most recently (DISPLAY_COUNTS.adminOnlineUsers) and how many are online in all. Presence moves
 * without any event to announce it, so it is read again every 30 seconds.
 */
export function useOnlineUsersQuery() {
  return useQuery({
    queryKey: onlineUsersQueryKey(LIMIT),
    queryFn: ({ signal }) => getOnlineUsers(signal),
    refetchInterval: TIMERS.liveRefreshMs,
    staleTime: 0,
  });
}
