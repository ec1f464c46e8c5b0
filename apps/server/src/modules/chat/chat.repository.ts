/**
 * Queries on session chat: messages with their author's admin flag, read receipts and the unread
 * count. Messages are ordered by the time they were sent, then by id so that messages of one
 * instant keep one stable order. Repositories take a transaction or the database and hold no rules.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatMessageReads, chatMessages, members } from '../../db/schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;

/** A message with whether its author is an administrator (false once the author is deleted). */
export interface ChatMessageView {
  message: ChatMessageRow;
  isAuthorAdmin: boolean;
}

function selectMessageViews(executor: Executor) {
  return executor
    .select({ message: chatMessages, authorIsAdmin: members.isAdmin })
    .from(chatMessages)
    .leftJoin(members, eq(members.id, chatMessages.memberId));
}

function toView(row: { message: ChatMessageRow; authorIsAdmin: boolean | null }): ChatMessageView {
  return { message: row.message, isAuthorAdmin: row.authorIsAdmin ?? false };
}

/** The newest `limit` messages of a session, answered oldest first. */
export async function listNewestMessages(
  executor: Executor,
  sessionId: string,
  limit: number,
): Promise<ChatMessageView[]> {
  const rows = await selectMessageViews(executor)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toView);
}

/**
 * Up to `limit` messages sent at or after `cursor`'s instant, other than the cursor itself, oldest
 * first. Messages of the cursor's own instant come again on every poll (the client keeps one copy
 * by id): ids are random, so an id order within one instant could skip a message committed late.
 */
export async function listMessagesSince(
  executor: Executor,
  cursor: ChatMessageRow,
  limit: number,
): Promise<ChatMessageView[]> {
  const rows = await selectMessageViews(executor)
    .where(
      and(
        eq(chatMessages.sessionId, cursor.sessionId),
        gte(chatMessages.createdAt, cursor.createdAt),
        ne(chatMessages.id, cursor.id),
      ),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
  return rows.map(toView);
}

export async function findSessionMessage(
  executor: Executor,
  sessionId: string,
  messageId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await executor
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.id, messageId)))
    .limit(1);
  return row;
}

export async function insertMessage(executor: Executor, values: NewChatMessage): Promise<ChatMessageRow> {
  const [row] = await executor.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message was not written');
  return row;
}

/**
 * Records that `memberId` has read those of `messageIds` that belong to the session; ids of other
 * sessions are ignored, and a message read before keeps the time it was first read.
 */
export async function markMessagesRead(
  executor: Executor,
  sessionId: string,
  memberId: string,
  messageIds: readonly string[],
  now: Date,
): Promise<void> {
  const found = await executor
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), inArray(chatMessages.id, [...messageIds])));
  if (found.length === 0) return;
  await executor
    .insert(chatMessageReads)
    .values(found.map(({ id }) => ({ messageId: id, memberId, readAt: now })))
    .onConflictDoNothing();
}

/** Messages of the session written by anyone else (deleted authors included) that `memberId` has not read. */
export async function countUnreadMessages(executor: Executor, sessionId: string, memberId: string): Promise<number> {
  const [row] = await executor
    .select({ unread: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        or(isNull(chatMessages.memberId), ne(chatMessages.memberId, memberId)),
        notExists(
          executor
            .select({ messageId: chatMessageReads.messageId })
            .from(chatMessageReads)
            .where(and(eq(chatMessageReads.messageId, chatMessages.id), eq(chatMessageReads.memberId, memberId))),
        ),
      ),
    );
  return row?.unread ?? 0;
}

/** The member's messages since `since`, oldest first (times only): for the chat rate limit. */
export async function listMemberMessageTimesSince(executor: Executor, memberId: string, since: Date): Promise<Date[]> {
  const rows = await executor
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.memberId, memberId), gt(chatMessages.createdAt, since)))
    .orderBy(asc(chatMessages.createdAt));
  return rows.map((row) => row.createdAt);
}

/** The first key of the chat's advisory locks (the letters "SBCH"); the second is the member's. */
const CHAT_SEND_LOCK_NAMESPACE = 0x53424348;

/**
 * Makes the member's sends wait for one another until the caller's transaction ends, in every
 * server process (a transaction-scoped advisory lock keyed by the member): a send counts the
 * member's recent messages and writes its own before the next send counts. Other members' sends,
 * and every other write, are not held up by it.
 */
export async function lockMemberChatSends(executor: Executor, memberId: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(${CHAT_SEND_LOCK_NAMESPACE}, hashtext(${memberId}))`);
}
