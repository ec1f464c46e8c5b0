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
