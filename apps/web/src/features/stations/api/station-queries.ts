/**
 * The stations' queries: their cache keys, the factories every screen reads them through, and what
 * a change refreshes. Other features (member administration assigns seats) read the same lists.
 */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getStations, type StationListOptions } from './get-stations.ts';

export const stationQueryKeys = {
  all: ['stations'] as const,
  list: (options: StationListOptions) => ['stations', 'list', options] as const,
};

export const stationQueries = {
  /** Active stations, or every station with `includeInactive` (the admin list). */
  list: (options: StationListOptions = { includeInactive: false }) =>
    queryOptions({
      queryKey: stationQueryKeys.list({ includeInactive: options.includeInactive }),
      queryFn: ({ signal }) => getStations(options, signal),
    }),
};

export function useStationsQuery(options: StationListOptions = { includeInactive: false }) {
  return useQuery(stationQueries.list(options));
}

/**
 * After a station is created, changed, deleted or imported, or a member is put in or out of a
 * seat: every station list (their free seats per shift change with each assignment).
 */
export function invalidateStations(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: stationQueryKeys.all });
}
