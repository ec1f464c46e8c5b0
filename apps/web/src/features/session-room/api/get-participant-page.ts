import { type ParticipantPage, participantPageResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Rows per request: a screenful several times over, small enough to answer in a few milliseconds. */
export const PARTICIPANT_PAGE_SIZE = 100;

export function getParticipantPage(
  sessionId: string,
  { cursor, search }: { cursor: number | undefined; search: string },
  signal?: AbortSignal,
): Promise<ParticipantPage> {
  const query = new URLSearchParams({ limit: String(PARTICIPANT_PAGE_SIZE) });
  if (cursor !== undefined) query.set('cursor', String(cursor));
  if (search !== '') query.set('search', search);
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants?${query}`, {
    schema: participantPageResponseSchema,
    signal,
  });
}
