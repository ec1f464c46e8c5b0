import { type ParticipantPage, participantPageResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** How many connected participants the live page names; the count covers them all. */
export const CONNECTED_SHOWN_COUNT = 50;

/** The participants who have the live page open, the first few named and all of them counted. */
export function getConnectedParticipants(sessionId: string, signal?: AbortSignal): Promise<ParticipantPage> {
  return apiRequest(
    `/bid-sessions/${encodeURIComponent(sessionId)}/participants?connected=true&limit=${CONNECTED_SHOWN_COUNT}`,
    { schema: participantPageResponseSchema, signal },
  );
}
