import { type SessionHistoryEntry, sessionHistoryResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getSessionHistory(sessionId: string, signal?: AbortSignal): Promise<SessionHistoryEntry[]> {
  const { history } = await apiRequest(`/bid-sessions/history?sessionId=${encodeURIComponent(sessionId)}`, {
    schema: sessionHistoryResponseSchema,
    signal,
  });
  return history;
}
