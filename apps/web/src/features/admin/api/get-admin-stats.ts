import { type AdminStats, adminStatsResponseSchema, TIMERS } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminStatsQueryKey } from './admin-dashboard-query-keys.ts';

export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  const { stats } = await apiRequest('/admin/stats', { schema: adminStatsResponseSchema, signal });
  return stats;
}

/** The department's figures, counted by the server; read again every 30 seconds while the page is open. */
export function useAdminStatsQuery() {
  return useQuery({
    queryKey: adminStatsQueryKey,
    queryFn: ({ signal }) => getAdminStats(signal),
    refetchInterval: TIMERS.liveRefreshMs,
    staleTime: 0,
  });
}
