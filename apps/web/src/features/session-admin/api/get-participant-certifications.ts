import { type ParticipantCertifications, participantCertificationsResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** A participant's certifications as their session counts them, frozen at its start (administrators). */
export async function getParticipantCertifications(
  sessionId: string,
  memberId: string,
  signal?: AbortSignal,
): Promise<ParticipantCertifications> {
  return apiRequest(
    `/bid-sessions/${encodeURIComponent(sessionId)}/participants/${encodeURIComponent(memberId)}/certifications`,
    { schema: participantCertificationsResponseSchema, signal },
  );
}
