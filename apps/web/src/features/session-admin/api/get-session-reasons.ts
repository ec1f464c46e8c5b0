import { sessionResultsResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * "Why this seat" for each participant of a completed session (issue 16), by participant id: the
 * reasons the results carry, built by the server from the session's history.
 */
export async function getSessionReasons(sessionId: string, signal?: AbortSignal): Promise<Map<string, string | null>> {
  const { results } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/results`, {
    schema: sessionResultsResponseSchema,
    signal,
  });
  return new Map(results.participants.map((participant) => [participant.id, participant.reason]));
}
