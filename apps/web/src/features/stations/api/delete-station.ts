import { messageResponseSchema, STATION_MESSAGES } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { invalidateStations } from './station-queries.ts';

export async function deleteStation(id: string): Promise<void> {
  await apiRequest(`/stations/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageResponseSchema });
}

/**
 * Deletes a station. The server refuses while members are assigned to it, and its message says to
 * deactivate the station instead; that message is what the administrator reads.
 */
export function useDeleteStation({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStation,
    onSuccess: async () => {
      showSuccess(STATION_MESSAGES.stationDeleted);
      await invalidateStations(queryClient);
    },
    onError: (error) => showError(error, 'Failed to delete station'),
    onSettled,
  });
}
