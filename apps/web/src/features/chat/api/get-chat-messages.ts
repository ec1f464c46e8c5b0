import { type ChatMessage, chatMessagesResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

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
