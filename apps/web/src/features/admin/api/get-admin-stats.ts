import { type AdminStats, adminStatsResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  const { stats } = await apiRequest('/admin/stats', { schema: adminStatsResponseSchema, signal });
  return stats;
}
