import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bidSessions } from './bid-sessions.ts';
import { members } from './members.ts';

/** In-app notifications shown on the dashboard and bidding page. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => bidSessions.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('unread'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    assignedStationNumber: integer('assigned_station_number'),
    assignedShift: text('assigned_shift'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('notifications_member_idx').on(table.memberId, table.createdAt),
    check(
      'notifications_type_known',
      sql`${table.type} in ('bid_success','session_completed','turn_started','system','other')`,
    ),
    check('notifications_status_known', sql`${table.status} in ('unread','read')`),
  ],
);

/** What members and administrators did: sign-ins, bids, profile and administrative changes. */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** login, bid, profile (a member's own); user, station, session, system (administration). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_member_idx').on(table.memberId, table.id),
    check('activities_type_known', sql`${table.type} in ('login','bid','profile','user','station','session','system')`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bidSessions.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    authorFirstName: text('author_first_name').notNull(),
    authorLastName: text('author_last_name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_session_idx').on(table.sessionId, table.createdAt),
    // A member's recent messages, for the chat rate limit (issue 13, finding 8).
    index('chat_messages_member_idx').on(table.memberId, table.createdAt),
    check('chat_messages_length', sql`length(${table.message}) between 1 and 1000`),
  ],
);

/** Which member has read which chat message. */
export const chatMessageReads = pgTable(
  'chat_message_reads',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.memberId] })],
);

/**
 * E-mail, SMS and Web Push waiting to be delivered (a push row per subscription: its `recipient`
 * is the push_subscriptions id, its `textBody` the JSON the device shows). Written in the same transaction as the event that
 * causes it, delivered by the outbox worker with retries, so a failed message never undoes a bid.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    /** What the message is about, e.g. password_setup, turn_started, bid_confirmation. */
    kind: text('kind').notNull(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    /**
     * The bid session the message is about (null: none, e.g. a password e-mail). Set null when the
     * session is deleted: the row stays the delivery record, and deleting a session never deletes
     * messages the worker may be sending.
     */
    sessionId: uuid('session_id').references(() => bidSessions.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').notNull().default('pending'),
    /**
     * 0 goes first: a turn starting or coming up (a member's fair notice); 1 the rest; 2 reminders.
     * The worker claims each channel's due messages in this order (modules/delivery/message-priority.ts).
     */
    priority: smallint('priority').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /**
     * When the latest delivery attempt started. While a row is 'sending', `nextAttemptAt` is the
     * end of the worker's lease: a row still 'sending' after it (the worker crashed) is claimed again.
     */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Keeps a message from being queued twice for the same event (e.g. one turn reminder). */
    dedupeKey: text('dedupe_key').unique('outbox_dedupe_key_unique'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    // A session's delivery log: its messages, one member's or all, newest first.
    index('outbox_session_idx').on(table.sessionId, table.memberId, table.createdAt),
    // What a channel's lane claims: its due messages, most urgent first.
    index('outbox_claim_idx')
      .on(table.channel, table.priority, table.nextAttemptAt)
      .where(sql`${table.status} in ('pending','sending')`),
    // Widened for push by migration 0007 as NOT VALID (no scan of the outbox under its lock); old rows
    // are all 'email' or 'sms', so a later release can VALIDATE it.
    check('outbox_channel_known', sql`${table.channel} in ('email','sms','push','webhook')`),
    check('outbox_status_known', sql`${table.status} in ('pending','sending','sent','failed')`),
  ],
);
