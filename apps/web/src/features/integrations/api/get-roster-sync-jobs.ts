import { type RosterSyncJob, rosterSyncJobListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many of the latest roster syncs the Integrations page shows. */
export const ROSTER_SYNC_JOBS_SHOWN = 10;

/** The latest roster syncs, newest first, each with who sent it and its results (administrators only). */
export async function getRosterSyncJobs(signal?: AbortSignal): Promise<RosterSyncJob[]> {
  const { jobs } = await apiRequest(`/admin/roster/jobs?limit=${ROSTER_SYNC_JOBS_SHOWN}`, {
    schema: rosterSyncJobListResponseSchema,
    signal,
  });
  return jobs;
}
