import { type AssignStationRequest, type User, userResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { onStationAssigned } from './user-queries.ts';

export async function assignStation(id: string, body: AssignStationRequest): Promise<User> {
  const { user } = await apiRequest(`/admin/users/${encodeURIComponent(id)}/station`, {
    method: 'PUT',
    body,
    schema: userResponseSchema,
  });
  return user;
}

function describeAssignment(user: User): string {
  const name = `${user.firstName} ${user.lastName}`;
  if (user.currentStation === null) return `${name} no longer has a station assignment`;
  return `${name} assigned to Station ${user.currentStation.number} (${user.currentStation.name}), shift ${user.currentShift}`;
}

/**
 * Puts a member in a free seat of a station's shift, or releases their seat (stationId null). When
 * no seat is free the server names the station, shift and position, and that is what shows.
 */
export function useAssignStation({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AssignStationRequest }) => assignStation(id, body),
    onSuccess: async (user) => {
      showSuccess(describeAssignment(user));
      onSuccess?.(user);
      await onStationAssigned(queryClient, user);
    },
    onError: (error) => showError(error, 'Failed to update station assignment'),
  });
}
