import { chatUnreadCountResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** How often the closed widget looks for new messages to count on its button. */
export const CHAT_UNREAD_POLL_MS = 30_000;

export async function getChatUnreadCount(sessionId: string, signal?: AbortSignal): Promise<number> {
  const { unreadCount } = await apiRequest(`/chat/session/${encodeURIComponent(sessionId)}/unread-count`, {
    schema: chatUnreadCountResponseSchema,
    signal,
  });
  return unreadCount;
}
