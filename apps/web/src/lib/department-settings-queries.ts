/**
 * The department's settings (issue 16: an administrators' setting, GET /api/department-settings):
 * one query for the whole app, read by every screen that names the department's time zone
 * (`useDepartmentTimeZone`, department-time-zone.ts) and saved by the department-settings feature.
 */
import { type DepartmentSettingsResponse, departmentSettingsResponseSchema } from '@stationbid/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const departmentSettingsQueryKey = ['department-settings'] as const;

export function departmentSettingsQueryOptions() {
  return queryOptions({
    queryKey: departmentSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/department-settings', { schema: departmentSettingsResponseSchema, signal }),
    // The zone changes when an administrator saves it (which refreshes this query), hardly ever else.
    staleTime: 10 * 60_000,
  });
}

/**
 * The zone was saved: the answer replaces the cached settings, and everything else is read again,
 * since any screen may show a time in the zone (the rotation card, times on other screens).
 */
export function onDepartmentSettingsSaved(
  queryClient: QueryClient,
  answer: DepartmentSettingsResponse,
): Promise<unknown> {
  queryClient.setQueryData(departmentSettingsQueryKey, answer);
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== departmentSettingsQueryKey[0] });
}
