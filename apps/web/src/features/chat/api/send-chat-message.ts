import {
  CHAT_MESSAGES,
  type ChatMessage,
  type SendChatMessageRequest,
  sendChatMessageResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';
import { addSentChatMessage } from './chat-queries.ts';

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
      addSentChatMessage(queryClient, sessionId, message);
      onSuccess?.();
    },
    onError: (error) => showError(error, CHAT_MESSAGES.sendFailed),
  });
}
