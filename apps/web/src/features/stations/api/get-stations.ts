import { type Station, stationListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export interface StationListOptions {
  /** Inactive stations too (administrators only; the server ignores it for members). */
  includeInactive: boolean;
}

export async function getStations({ includeInactive }: StationListOptions, signal?: AbortSignal): Promise<Station[]> {
  const query = includeInactive ? '?includeInactive=true' : '';
  const { stations } = await apiRequest(`/stations${query}`, { schema: stationListResponseSchema, signal });
  return stations;
}
