import { chatUnreadCountResponseSchema, markChatReadResponseSchema } from '@stationbid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { chatUnreadCountQueryKey } from './chat-query-keys.ts';

/** How often the closed widget looks for new messages to count on its button. */
export const CHAT_UNREAD_POLL_MS = 30_000;

export async function getChatUnreadCount(sessionId: string, signal?: AbortSignal): Promise<number> {
  const { unreadCount } = await apiRequest(`/chat/session/${encodeURIComponent(sessionId)}/unread-count`, {
    schema: chatUnreadCountResponseSchema,
    signal,
  });
  return unreadCount;
}

/** The reader's unread count, polled every 30 s while `isPolling` (the panel is not open). */
export function useChatUnreadCountQuery(sessionId: string, { isPolling }: { isPolling: boolean }) {
  return useQuery({
    queryKey: chatUnreadCountQueryKey(sessionId),
    queryFn: ({ signal }) => getChatUnreadCount(sessionId, signal),
    refetchInterval: isPolling ? CHAT_UNREAD_POLL_MS : false,
    staleTime: 0,
  });
}

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
    onSuccess: (unreadCount) => queryClient.setQueryData(chatUnreadCountQueryKey(sessionId), unreadCount),
    onError: (error) => console.error('Failed to mark chat messages read', error),
  });
}
