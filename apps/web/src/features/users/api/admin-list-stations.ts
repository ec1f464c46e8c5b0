import { type Station, stationListResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The same key the station pages give the list of active stations, so both share one cached answer
 * and an assignment that invalidates ['stations'] refreshes both.
 */
export const activeStationsQueryKey = ['stations', 'list', { includeInactive: false }] as const;

/** Active stations with their free seats per shift: the only ones a member can be assigned to. */
export async function getActiveStations(signal?: AbortSignal): Promise<Station[]> {
  const { stations } = await apiRequest('/stations', { schema: stationListResponseSchema, signal });
  return stations;
}

export function useActiveStationsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: activeStationsQueryKey,
    queryFn: ({ signal }) => getActiveStations(signal),
    enabled,
  });
}
