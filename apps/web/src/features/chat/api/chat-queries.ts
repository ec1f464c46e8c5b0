/**
 * A session's chat: the messages in view and the reader's unread count. Their keys, the factories
 * the widget reads through, and how a sent message or a mark-read answer goes into the cache.
 */
import { type ChatMessage, LIMITS, TIMERS } from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { mergeChatMessages } from '../utils/chat-messages.ts';
import { getChatMessages } from './get-chat-messages.ts';
import { CHAT_UNREAD_POLL_MS, getChatUnreadCount } from './get-chat-unread-count.ts';

export const chatQueryKeys = {
  all: ['chat'] as const,
  messages: (sessionId: string) => ['chat', 'messages', sessionId] as const,
  unreadCount: (sessionId: string) => ['chat', 'unread-count', sessionId] as const,
};

export const chatQueries = {
  /**
   * The messages in view, polled every 3 seconds while `isPolling` (TIMERS.chatPollMs; chat polls
   * only while open). The cache holds what is already shown, so each poll asks only for what came
   * after the last message and merges it in, keeping at most 100.
   */
  messages: (sessionId: string, { isPolling }: { isPolling: boolean }) =>
    queryOptions({
      queryKey: chatQueryKeys.messages(sessionId),
      queryFn: async ({ client, signal }) => {
        const queryKey = chatQueryKeys.messages(sessionId);
        const shown = client.getQueryData<ChatMessage[]>(queryKey) ?? [];
        const incoming = await getChatMessages(sessionId, shown.at(-1)?.id, signal);
        // Read again: a message sent while this poll was under way is already in the cache.
        const latest = client.getQueryData<ChatMessage[]>(queryKey) ?? [];
        return mergeChatMessages(latest, incoming, LIMITS.chatMessagesKeptInView);
      },
      enabled: isPolling,
      refetchInterval: isPolling ? TIMERS.chatPollMs : false,
      staleTime: 0,
    }),
  /** The reader's unread count, polled every 30 s while `isPolling` (the panel is not open). */
  unreadCount: (sessionId: string, { isPolling }: { isPolling: boolean }) =>
    queryOptions({
      queryKey: chatQueryKeys.unreadCount(sessionId),
      queryFn: ({ signal }) => getChatUnreadCount(sessionId, signal),
      refetchInterval: isPolling ? CHAT_UNREAD_POLL_MS : false,
      staleTime: 0,
    }),
};

export function useChatMessagesQuery(sessionId: string, options: { isPolling: boolean }) {
  return useQuery(chatQueries.messages(sessionId, options));
}

export function useChatUnreadCountQuery(sessionId: string, options: { isPolling: boolean }) {
  return useQuery(chatQueries.unreadCount(sessionId, options));
}

/** A message sent from this tab shows at once, without waiting for the next poll. */
export function addSentChatMessage(queryClient: QueryClient, sessionId: string, message: ChatMessage): void {
  queryClient.setQueryData<ChatMessage[]>(chatQueryKeys.messages(sessionId), (shown = []) =>
    mergeChatMessages(shown, [message], LIMITS.chatMessagesKeptInView),
  );
}

/** The server's unread count after a mark-read replaces the button's. */
export function setChatUnreadCount(queryClient: QueryClient, sessionId: string, unreadCount: number): void {
  queryClient.setQueryData(chatQueryKeys.unreadCount(sessionId), unreadCount);
}
