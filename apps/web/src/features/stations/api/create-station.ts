import { type CreateStationRequest, type Station, stationMutationResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { stationCreatedText } from '../utils/station-toasts.ts';
import { invalidateStations } from './station-queries.ts';

export async function createStation(body: CreateStationRequest): Promise<Station> {
  const { station } = await apiRequest('/stations', { method: 'POST', body, schema: stationMutationResponseSchema });
  return station;
}

/** Creates a station, says so and refreshes every station list; a refusal shows the server's reason. */
export function useCreateStation({ onSuccess }: { onSuccess?: (station: Station) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStation,
    onSuccess: async (station) => {
      showSuccess(stationCreatedText(station));
      onSuccess?.(station);
      await invalidateStations(queryClient);
    },
    onError: (error) => showError(error, 'Failed to create station'),
  });
}
