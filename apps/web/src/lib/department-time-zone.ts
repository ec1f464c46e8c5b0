/**
 * The department's time zone (issue 16: an administrators' setting, GET /api/department-settings),
 * for the screens that name a zone beside a time, such as the turn's deadline. One query for the
 * whole app; the department-settings feature saves it and refreshes this query. Until it has
 * answered (or if it fails), the viewer's own zone stands in, so a time is never left unnamed.
 */
import { useQuery } from '@tanstack/react-query';
import { departmentSettingsQueryOptions } from './department-settings-queries.ts';

/** The viewer's own zone, e.g. "America/Chicago". */
export function getViewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** The department's IANA zone, or the viewer's own while it is unknown. */
export function useDepartmentTimeZone(): string {
  const settings = useQuery(departmentSettingsQueryOptions());
  return settings.data?.timeZone ?? getViewerTimeZone();
}

/**
 * The department's zone once the server has answered (the viewer's own if it could not), undefined
 * until then: for a form that reads what is typed in that zone, where a stand-in would save another
 * moment than the one meant.
 */
export function useSettledDepartmentTimeZone(): string | undefined {
  const settings = useQuery(departmentSettingsQueryOptions());
  if (settings.isPending) return undefined;
  return settings.data?.timeZone ?? getViewerTimeZone();
}
