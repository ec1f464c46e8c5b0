import { type AdminActivity, adminActivityResponseSchema, DISPLAY_COUNTS } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

const LIMIT = DISPLAY_COUNTS.adminActivities;

export async function getAdminActivity(signal?: AbortSignal): Promise<AdminActivity[]> {
  const { activities } = await apiRequest(`/admin/recent-activity?limit=${LIMIT}`, {
    schema: adminActivityResponseSchema,
    signal,
  });
  return activities;
}
