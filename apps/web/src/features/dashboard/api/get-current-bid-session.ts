import { currentSessionSummaryResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type CurrentBidSessionResponse = z.infer<typeof currentSessionSummaryResponseSchema>;

/**
 * The summary view: the session's facts without its participants and stations (a few KB however
 * large the session); the pages that show more follow the session's board instead.
 */
export function getCurrentBidSession(signal?: AbortSignal): Promise<CurrentBidSessionResponse> {
  return apiRequest('/bid-sessions/current?view=summary', { schema: currentSessionSummaryResponseSchema, signal });
}
