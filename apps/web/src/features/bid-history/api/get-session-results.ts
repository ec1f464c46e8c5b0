import { type SessionResults, sessionResultsResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getSessionResults(sessionId: string, signal?: AbortSignal): Promise<SessionResults> {
  const { results } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/results`, {
    schema: sessionResultsResponseSchema,
    signal,
  });
  return results;
}
