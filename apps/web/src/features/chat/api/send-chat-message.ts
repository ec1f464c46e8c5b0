import {
  CHAT_MESSAGES,
  type ChatMessage,
  LIMITS,
  type SendChatMessageRequest,
  sendChatMessageResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';
import { mergeChatMessages } from '../utils/chat-messages.ts';
import { chatMessagesQueryKey } from './chat-query-keys.ts';

export async function sendChatMessage(request: SendChatMessageRequest): Promise<ChatMessage> {
  const { message } = await apiRequest('/chat/send', {
    method: 'POST',
    body: request,
    schema: sendChatMessageResponseSchema,
  });
  return message;
}

/** Sends a message and shows it at once, without waiting for the next poll. */
export function useSendChatMessage(sessionId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendChatMessage({ sessionId, message }),
    onSuccess: (message) => {
      queryClient.setQueryData<ChatMessage[]>(chatMessagesQueryKey(sessionId), (shown = []) =>
        mergeChatMessages(shown, [message], LIMITS.chatMessagesKeptInView),
      );
      onSuccess?.();
    },
    onError: (error) => showError(error, CHAT_MESSAGES.sendFailed),
  });
}
