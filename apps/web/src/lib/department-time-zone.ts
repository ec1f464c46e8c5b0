/**
 * The department's time zone (issue 16: an administrators' setting, GET /api/department-settings),
 * for the screens that name a zone beside a time, such as the turn's deadline. One query for the
 * whole app; the department-settings feature saves it and refreshes this query. Until it has
 * answered (or if it fails), the viewer's own zone stands in, so a time is never left unnamed.
 */
import { departmentSettingsResponseSchema } from '@stationbid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** The viewer's own zone, e.g. "America/Chicago". */
export function getViewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** The department's IANA zone, or the viewer's own while it is unknown. */
export function useDepartmentTimeZone(): string {
  const settings = useQuery(departmentSettingsQueryOptions());
  return settings.data?.timeZone ?? getViewerTimeZone();
}
