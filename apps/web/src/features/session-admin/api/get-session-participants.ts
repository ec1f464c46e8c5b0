import { type ParticipantPage, participantPageResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Rows per request: a session may have 20,000 participants; the dialog shows them a page at a time. */
export const SESSION_PARTICIPANTS_PAGE_SIZE = 100;

/** One page of a session's participants in queue order, after the queue position `cursor`. */
export function getSessionParticipantPage(
  sessionId: string,
  cursor: number | undefined,
  signal?: AbortSignal,
): Promise<ParticipantPage> {
  const query = new URLSearchParams({ limit: String(SESSION_PARTICIPANTS_PAGE_SIZE) });
  if (cursor !== undefined) query.set('cursor', String(cursor));
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants?${query}`, {
    schema: participantPageResponseSchema,
    signal,
  });
}
