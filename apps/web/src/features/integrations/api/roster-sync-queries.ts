/** The roster sync query: the latest syncs the Integrations page lists, read again while one runs. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRosterSyncJobs } from './get-roster-sync-jobs.ts';

/** A sync of a large roster runs in the server for a while; its progress is read this often. */
export const ROSTER_SYNC_PROGRESS_INTERVAL_MS = 3000;

export const rosterSyncQueryKeys = {
  all: ['roster-sync'] as const,
  jobs: () => ['roster-sync', 'jobs'] as const,
};

export const rosterSyncQueries = {
  jobs: () =>
    queryOptions({
      queryKey: rosterSyncQueryKeys.jobs(),
      queryFn: ({ signal }) => getRosterSyncJobs(signal),
      // Only while a sync is running: a finished one never changes again.
      refetchInterval: (query) =>
        query.state.data?.some((job) => job.state === 'running') ? ROSTER_SYNC_PROGRESS_INTERVAL_MS : false,
    }),
};

export function useRosterSyncJobsQuery() {
  return useQuery(rosterSyncQueries.jobs());
}
