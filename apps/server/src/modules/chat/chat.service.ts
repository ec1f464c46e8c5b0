/**
 * Session chat (docs/api.md, "chat"): reading, polling, sending, read receipts and the unread
 * count. Only the session's participants and administrators may read or post; a draft does not
 * exist for members (the same 404 as an unknown id), as everywhere else. Messages are stored as
 * the plain text that was sent: nothing is escaped or interpreted here, clients show it as text.
 */
import {
  BID_MESSAGES,
  CHAT_LIST_MAX_LIMIT,
  CHAT_MESSAGES,
  CHAT_RATE_LIMIT,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatMessagesResponse,
  type ChatUnreadCountResponse,
  LIMITS,
  type MarkChatReadResponse,
  type SendChatMessageResponse,
} from '@stationbid/domain';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findParticipantByMember } from '../session-engine/bid-sessions.repository.ts';
import { findSessionOrRefuse } from '../session-engine/session-presenter.ts';
import {
  type ChatMessageView,
  countUnreadMessages,
  findSessionMessage,
  insertMessage,
  listMemberMessageTimesSince,
  listMessagesSince,
  listNewestMessages,
  lockMemberChatSends,
  markMessagesRead,
} from './chat.repository.ts';

/** Who reads or posts. */
export interface ChatViewer {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
}

function presentMessage({ message, isAuthorAdmin }: ChatMessageView): ChatMessage {
  return {
    _id: message.id,
    id: message.id,
    sessionId: message.sessionId,
    message: message.message,
    user: {
      _id: message.memberId,
      id: message.memberId,
      // Copied into the message when it was sent, so a deleted author's name stays.
      firstName: message.authorFirstName,
      lastName: message.authorLastName,
      isAdmin: isAuthorAdmin,
    },
    timestamp: message.createdAt.toISOString(),
  };
}

export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Tells the session's live watchers of a new message; it never throws. */
    private readonly announce: (event: ChatMessageEvent) => void = () => undefined,
  ) {}

  /**
   * Without `afterMessageId`, the newest 50 messages; with it, what was sent since (up to 100).
   * A cursor that is no message of this session answers as if absent, so a client recovers.
   */
  async listMessages(viewer: ChatViewer, sessionId: string, afterMessageId?: string): Promise<ChatMessagesResponse> {
    await this.refuseUnlessMayChat(this.db, viewer, sessionId);
    const cursor = afterMessageId ? await findSessionMessage(this.db, sessionId, afterMessageId) : undefined;
    const views = cursor
      ? await listMessagesSince(this.db, cursor, CHAT_LIST_MAX_LIMIT)
      : await listNewestMessages(this.db, sessionId, LIMITS.chatHistoryLimit);
    return { messages: views.map(presentMessage) };
  }

  async history(viewer: ChatViewer, sessionId: string, limit: number): Promise<ChatMessagesResponse> {
    await this.refuseUnlessMayChat(this.db, viewer, sessionId);
    const views = await listNewestMessages(this.db, sessionId, limit);
    return { messages: views.map(presentMessage) };
  }

  /**
   * `text` is already trimmed and within the limits (the request schema). One transaction: the
   * member's sends are serialized by a lock (every server process), so the rate limit's count and
   * the insert are one step and simultaneous sends cannot all pass the count.
   */
  async send(viewer: ChatViewer, sessionId: string, text: string): Promise<SendChatMessageResponse> {
    const row = await this.db.transaction(async (tx) => {
      await this.refuseUnlessMayChat(tx, viewer, sessionId);
      await lockMemberChatSends(tx, viewer.id);
      // Read after the lock: the time a waiting send is counted and stored at.
      const now = this.clock.now();
      await this.refuseWhenSendingTooFast(tx, viewer.id, now);
      return insertMessage(tx, {
        sessionId,
        memberId: viewer.id,
        authorFirstName: viewer.firstName,
        authorLastName: viewer.lastName,
        message: text,
        createdAt: now,
      });
    });
    const message = presentMessage({ message: row, isAuthorAdmin: viewer.isAdmin });
    this.announce({ type: 'chat.message', sessionId, at: message.timestamp, message });
    return { success: true, message };
  }

  /**
   * 429 past CHAT_RATE_LIMIT in its window, counted from the stored messages, so every server
   * process counts the same; Retry-After is when the oldest of them leaves the window. Called
   * under lockMemberChatSends, in the transaction that then stores the message.
   */
  private async refuseWhenSendingTooFast(executor: Executor, memberId: string, now: Date): Promise<void> {
    const windowMs = CHAT_RATE_LIMIT.windowSeconds * 1000;
    const recent = await listMemberMessageTimesSince(executor, memberId, new Date(now.getTime() - windowMs));
    if (recent.length < CHAT_RATE_LIMIT.messages) return;
    const oldest = recent[recent.length - CHAT_RATE_LIMIT.messages] ?? now;
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError('TOO_MANY_ATTEMPTS', CHAT_MESSAGES.tooManyMessages, { retryAfterSeconds });
  }

  async markRead(viewer: ChatViewer, sessionId: string, messageIds: readonly string[]): Promise<MarkChatReadResponse> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await this.refuseUnlessMayChat(tx, viewer, sessionId);
      await markMessagesRead(tx, sessionId, viewer.id, messageIds, now);
      return { success: true, unreadCount: await countUnreadMessages(tx, sessionId, viewer.id) };
    });
  }

  async unreadCount(viewer: ChatViewer, sessionId: string): Promise<ChatUnreadCountResponse> {
    await this.refuseUnlessMayChat(this.db, viewer, sessionId);
    return { unreadCount: await countUnreadMessages(this.db, sessionId, viewer.id) };
  }

  private async refuseUnlessMayChat(executor: Executor, viewer: ChatViewer, sessionId: string): Promise<void> {
    const session = await findSessionOrRefuse(executor, sessionId);
    if (viewer.isAdmin) return;
    if (session.status === 'draft') throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    if (!(await findParticipantByMember(executor, sessionId, viewer.id))) {
      throw forbidden(BID_MESSAGES.notParticipant);
    }
  }
}
