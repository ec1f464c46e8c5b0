import { type SessionSeniorityCheck, sessionSeniorityCheckSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Who lacks a key the seniority rule needs, as starting the session now would find (administrators). */
export async function getSeniorityCheck(sessionId: string, signal?: AbortSignal): Promise<SessionSeniorityCheck> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/seniority-check`, {
    schema: sessionSeniorityCheckSchema,
    signal,
  });
}
