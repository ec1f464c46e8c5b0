import { type Station, stationListResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached station list starts with this key; invalidate it after any station changes. */
export const stationsQueryKey = ['stations'] as const;

interface StationListOptions {
  /** Inactive stations too (administrators only; the server ignores it for members). */
  includeInactive: boolean;
}

export async function getStations({ includeInactive }: StationListOptions, signal?: AbortSignal): Promise<Station[]> {
  const query = includeInactive ? '?includeInactive=true' : '';
  const { stations } = await apiRequest(`/stations${query}`, { schema: stationListResponseSchema, signal });
  return stations;
}

/** Active stations, or every station with `includeInactive` (the admin list). */
export function useStationsQuery(options: StationListOptions = { includeInactive: false }) {
  return useQuery({
    queryKey: [...stationsQueryKey, 'list', options],
    queryFn: ({ signal }) => getStations(options, signal),
  });
}
