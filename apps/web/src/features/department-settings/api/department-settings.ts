/** The department's time zone (issue 16): read by everyone, saved by administrators. */
import {
  DEPARTMENT_SETTINGS_MESSAGES,
  type DepartmentSettingsUpdate,
  departmentSettingsResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { departmentSettingsQueryOptions, onDepartmentSettingsSaved } from '../../../lib/department-settings-queries.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';

export function useDepartmentSettingsQuery() {
  return useQuery(departmentSettingsQueryOptions());
}

export function useSaveDepartmentTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: DepartmentSettingsUpdate) =>
      apiRequest('/admin/department-settings', {
        method: 'PUT',
        body: update,
        schema: departmentSettingsResponseSchema,
      }),
    onSuccess: (answer) => {
      void onDepartmentSettingsSaved(queryClient, answer);
      showSuccess(DEPARTMENT_SETTINGS_MESSAGES.saved);
    },
    onError: (error) => showError(error, 'Failed to save the time zone'),
  });
}

/** Clears the saved zone, so the server's default applies again (DELETE /api/admin/department-settings). */
export function useClearDepartmentTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/admin/department-settings', { method: 'DELETE', schema: departmentSettingsResponseSchema }),
    onSuccess: (answer) => {
      void onDepartmentSettingsSaved(queryClient, answer);
      showSuccess(`The server's default time zone (${answer.timeZone}) applies again.`);
    },
    onError: (error) => showError(error, 'Failed to clear the time zone'),
  });
}
