import { markChatReadResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setChatUnreadCount } from './chat-queries.ts';

export async function markChatMessagesRead(sessionId: string, messageIds: string[]): Promise<number> {
  const { unreadCount } = await apiRequest('/chat/mark-read', {
    method: 'POST',
    body: { sessionId, messageIds },
    schema: markChatReadResponseSchema,
  });
  return unreadCount;
}

/**
 * Records the shown messages as read and keeps the button's count in step. A failure is quiet:
 * the messages are on screen anyway, and the next mark-read or count poll catches up.
 */
export function useMarkChatMessagesRead(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageIds: string[]) => markChatMessagesRead(sessionId, messageIds),
    onSuccess: (unreadCount) => setChatUnreadCount(queryClient, sessionId, unreadCount),
    onError: (error) => console.error('Failed to mark chat messages read', error),
  });
}
