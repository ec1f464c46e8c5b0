import { messageResponseSchema, type Station } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { stationDeletedText } from '../utils/station-toasts.ts';
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
    // The station, not only its id: the toast names it.
    mutationFn: (station: Pick<Station, 'id' | 'number'>) => deleteStation(station.id),
    onSuccess: async (_answer, station) => {
      showSuccess(stationDeletedText(station));
      await invalidateStations(queryClient);
    },
    onError: (error) => showError(error, 'Failed to delete station'),
    onSettled,
  });
}
