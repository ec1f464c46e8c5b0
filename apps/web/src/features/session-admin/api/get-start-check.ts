import { type StartCheck, startCheckSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** What will go wrong once the session starts: channels, phones, push, the time zone (administrators). */
export async function getStartCheck(sessionId: string, signal?: AbortSignal): Promise<StartCheck> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/start-check`, { schema: startCheckSchema, signal });
}
