import { type ParticipantPage, participantPageResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many matches a participant search offers at once: a name narrows 300 members to a few. */
export const PARTICIPANT_SEARCH_LIMIT = 20;

/** A session's participants whose name or employee ID contains `search`, in queue order. */
export function searchSessionParticipants(
  sessionId: string,
  search: string,
  signal?: AbortSignal,
): Promise<ParticipantPage> {
  const query = new URLSearchParams({ limit: String(PARTICIPANT_SEARCH_LIMIT) });
  if (search.trim() !== '') query.set('search', search.trim());
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants?${query}`, {
    schema: participantPageResponseSchema,
    signal,
  });
}
