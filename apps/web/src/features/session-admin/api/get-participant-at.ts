import { type BoardParticipant, type Participant, participantPageResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The full entry (employee ID, the seat held now) of one participant the board names, read as a
 * one-row page at their queue position: a few hundred bytes, however large the session, and read
 * again only when the board names someone else there.
 */
export async function getParticipantAt(
  sessionId: string,
  participant: Pick<BoardParticipant, 'participantId' | 'queuePosition'>,
  signal?: AbortSignal,
): Promise<Participant | null> {
  const query = new URLSearchParams({ limit: '1' });
  // The cursor is the queue position the previous page ended at.
  if (participant.queuePosition > 0) query.set('cursor', String(participant.queuePosition - 1));
  const page = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/participants?${query}`, {
    schema: participantPageResponseSchema,
    signal,
  });
  const found = page.participants[0];
  return found?.id === participant.participantId ? found : null;
}
