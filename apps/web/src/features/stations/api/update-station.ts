import { type Station, stationMutationResponseSchema, type UpdateStationRequest } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { stationSavedText } from '../utils/station-toasts.ts';
import { invalidateStations } from './station-queries.ts';

export async function updateStation({ id, body }: { id: string; body: UpdateStationRequest }): Promise<Station> {
  const { station } = await apiRequest(`/stations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: stationMutationResponseSchema,
  });
  return station;
}

/**
 * Changes a station, says so and refreshes every station list. A refusal (a taken number, or seats
 * removed that members hold) shows the server's reason.
 */
export function useUpdateStation({ onSuccess }: { onSuccess?: (station: Station) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStation,
    onSuccess: async (station) => {
      showSuccess(stationSavedText(station));
      onSuccess?.(station);
      await invalidateStations(queryClient);
    },
    onError: (error) => showError(error, 'Failed to update station'),
  });
}
