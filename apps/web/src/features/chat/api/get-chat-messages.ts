import { type ChatMessage, chatMessagesResponseSchema, LIMITS, TIMERS } from '@stationbid/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { mergeChatMessages } from '../utils/chat-messages.ts';
import { chatMessagesQueryKey } from './chat-query-keys.ts';

/** The newest 50 messages, or with `afterMessageId` only those sent since; oldest first. */
export async function getChatMessages(
  sessionId: string,
  afterMessageId: string | undefined,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const query = afterMessageId === undefined ? '' : `?after=${encodeURIComponent(afterMessageId)}`;
  const { messages } = await apiRequest(`/chat/session/${encodeURIComponent(sessionId)}/messages${query}`, {
    schema: chatMessagesResponseSchema,
    signal,
  });
  return messages;
}

/**
 * The messages in view, polled every 3 seconds while `isPolling` (TIMERS.chatPollMs; chat polls only
 * while open). The cache holds what is already shown, so each poll asks only for what came after
 * the last message and merges it in, keeping at most 100.
 */
export function useChatMessagesQuery(sessionId: string, { isPolling }: { isPolling: boolean }) {
  const queryClient = useQueryClient();
  const queryKey = chatMessagesQueryKey(sessionId);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const shown = queryClient.getQueryData<ChatMessage[]>(queryKey) ?? [];
      const incoming = await getChatMessages(sessionId, shown.at(-1)?.id, signal);
      // Read again: a message sent while this poll was under way is already in the cache.
      const latest = queryClient.getQueryData<ChatMessage[]>(queryKey) ?? [];
      return mergeChatMessages(latest, incoming, LIMITS.chatMessagesKeptInView);
    },
    enabled: isPolling,
    refetchInterval: isPolling ? TIMERS.chatPollMs : false,
    staleTime: 0,
  });
}
