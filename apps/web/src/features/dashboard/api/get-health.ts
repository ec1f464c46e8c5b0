import { type HealthResponse, healthResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /health: the liveness probe, 200 while the process runs; a database outage is in the report
 * (status "degraded"), which is the status to show, not a failure to load it.
 */
export async function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiRequest('/health', { schema: healthResponseSchema, signal });
}
