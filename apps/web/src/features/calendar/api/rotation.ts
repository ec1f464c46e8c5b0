/** The department's shift rotation (issue 16), which members' calendar feeds are computed from. */
import { CALENDAR_MESSAGES, type DepartmentRotation, departmentRotationResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { setRotation } from './calendar-queries.ts';

export function useSaveRotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rotation: DepartmentRotation) =>
      apiRequest('/admin/rotation', { method: 'PUT', body: rotation, schema: departmentRotationResponseSchema }),
    onSuccess: (answer) => {
      setRotation(queryClient, answer);
      showSuccess(CALENDAR_MESSAGES.rotationSaved);
    },
    onError: (error) => showError(error, 'Failed to save the rotation'),
  });
}
