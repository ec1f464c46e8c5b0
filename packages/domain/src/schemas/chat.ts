/**
 * Session chat (docs/api.md, "chat"; its limits are below and in LIMITS, constants.ts). Only a
 * session's participants and administrators read or post. Messages are plain text: the server
 * stores exactly what was sent (trimmed) and clients show it as text, never as HTML.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';

/** The most messages one poll or history call answers with. */
export const CHAT_LIST_MAX_LIMIT = 100;
/** The most message ids one mark-read call takes (as many as the widget keeps in view). */
export const CHAT_MARK_READ_MAX_IDS = LIMITS.chatMessagesKeptInView;

/**
 * Messages one member may post in a moving window, across sessions and server processes (issue 13,
 * finding 8): enough for a quick exchange, not for flooding a session.
 */
export const CHAT_RATE_LIMIT = { messages: 10, windowSeconds: 10 } as const;

export const CHAT_MESSAGES = {
  messageRequired: 'Message cannot be empty',
  messageTooLong: `Message must be at most ${LIMITS.chatMessageMaxLength.toLocaleString('en-US')} characters`,
  sessionIdInvalid: 'sessionId must be the id of a bid session',
  messageIdInvalid: 'Each message id must be the id of a chat message',
  afterInvalid: 'after must be the id of a chat message',
  messageIdsRequired: 'messageIds must list at least one message',
  messageIdsTooMany: `messageIds may list at most ${CHAT_MARK_READ_MAX_IDS} messages`,
  limitInvalid: `limit must be a whole number from 1 to ${CHAT_LIST_MAX_LIMIT}`,
  /** The widget's own messages. */
  loadFailed: 'Failed to load chat messages',
  sendFailed: 'Failed to send message',
  tooManyMessages: `You are sending messages too fast: at most ${CHAT_RATE_LIMIT.messages} every ${CHAT_RATE_LIMIT.windowSeconds} seconds. Wait a moment, then send again.`,
} as const;

/**
 * Characters as a person counts them (and as PostgreSQL's length() does): an emoji is one, not the
 * two UTF-16 units of JavaScript's `length`.
 */
export function countMessageCharacters(text: string): number {
  return Array.from(text).length;
}

/** A message's text: trimmed, not blank, at most 1,000 characters. */
export const chatMessageTextSchema = z
  .string({ error: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, CHAT_MESSAGES.messageRequired)
  .refine((text) => countMessageCharacters(text) <= LIMITS.chatMessageMaxLength, CHAT_MESSAGES.messageTooLong);

/** Who wrote a message. The ids are null once the author's account is deleted; the name stays. */
export const chatAuthorSchema = z.object({
  _id: z.string().nullable(),
  id: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
});
export type ChatAuthor = z.infer<typeof chatAuthorSchema>;

export const chatMessageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  sessionId: z.string(),
  /** Plain text, exactly as sent (trimmed). */
  message: z.string(),
  user: chatAuthorSchema,
  /** When it was sent, ISO 8601 in UTC. */
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /chat/session/:id/messages and /history: oldest first. */
export const chatMessagesResponseSchema = z.object({ messages: z.array(chatMessageSchema) });
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>;

/**
 * GET /chat/session/:id/messages?after=: without `after`, the newest 50; with it, the messages
 * sent since that one (up to 100), so a poll fetches only what is new.
 */
export const chatMessagesQuerySchema = z.object({
  after: z.uuid({ error: CHAT_MESSAGES.afterInvalid }).optional(),
});

/** GET /chat/session/:id/history?limit=: the newest `limit` messages (1–100, 50 by default). */
export const chatHistoryQuerySchema = z.object({
  limit: z.coerce
    .number({ error: CHAT_MESSAGES.limitInvalid })
    .int(CHAT_MESSAGES.limitInvalid)
    .min(1, CHAT_MESSAGES.limitInvalid)
    .max(CHAT_LIST_MAX_LIMIT, CHAT_MESSAGES.limitInvalid)
    .default(LIMITS.chatHistoryLimit),
});

/** POST /chat/send. */
export const sendChatMessageRequestSchema = z.object({
  sessionId: z.uuid({ error: CHAT_MESSAGES.sessionIdInvalid }),
  message: chatMessageTextSchema,
});
export type SendChatMessageRequest = z.input<typeof sendChatMessageRequestSchema>;

export const sendChatMessageResponseSchema = z.object({ success: z.literal(true), message: chatMessageSchema });
export type SendChatMessageResponse = z.infer<typeof sendChatMessageResponseSchema>;

/** POST /chat/mark-read: records that the caller has read these messages of the session. */
export const markChatReadRequestSchema = z.object({
  sessionId: z.uuid({ error: CHAT_MESSAGES.sessionIdInvalid }),
  messageIds: z
    .array(z.uuid({ error: CHAT_MESSAGES.messageIdInvalid }), { error: CHAT_MESSAGES.messageIdsRequired })
    .min(1, CHAT_MESSAGES.messageIdsRequired)
    .max(CHAT_MARK_READ_MAX_IDS, CHAT_MESSAGES.messageIdsTooMany),
});
export type MarkChatReadRequest = z.infer<typeof markChatReadRequestSchema>;

/** GET /chat/session/:id/unread-count: messages by others the caller has not read. */
export const chatUnreadCountResponseSchema = z.object({ unreadCount: z.number().int() });
export type ChatUnreadCountResponse = z.infer<typeof chatUnreadCountResponseSchema>;

/** POST /chat/mark-read answers the unread count left afterwards. */
export const markChatReadResponseSchema = z.object({ success: z.literal(true), unreadCount: z.number().int() });
export type MarkChatReadResponse = z.infer<typeof markChatReadResponseSchema>;
