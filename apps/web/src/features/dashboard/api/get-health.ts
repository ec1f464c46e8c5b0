import { type HealthResponse, healthResponseSchema } from '@stationbid/domain';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /health. A database outage answers 503 with the same report, which is the status to show, not
 * a failure to load it; only no answer at all (or an unreadable one) is an error.
 */
export async function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  try {
    return await apiRequest('/health', { schema: healthResponseSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      const report = healthResponseSchema.safeParse(error.body);
      if (report.success) return report.data;
    }
    throw error;
  }
}
