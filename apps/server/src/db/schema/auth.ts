import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * Opaque, single-use refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family;
 * every refresh replaces the token within the family, and a reused token revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_hash_unique'),
    /** The family's absolute end: refreshing never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_member_idx').on(table.memberId),
  ],
);

/** Single-use links to set a first password or reset a forgotten one, stored as hashes. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_tokens_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('password_tokens_purpose_known', sql`${table.purpose} in ('setup','reset')`)],
);

/**
 * Failed sign-ins counted per account and per client address, in the database so that every
 * server process sees the same counts.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failureCount: integer('failure_count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

/**
 * Live-stream tickets already used (issue 13, finding 8): a ticket opens one stream, once, in any
 * server process. Kept until the ticket would have expired anyway, then deleted.
 */
export const liveTicketUses = pgTable(
  'live_ticket_uses',
  {
    /** The ticket's `jti`. */
    ticketId: text('ticket_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('live_ticket_uses_expires_idx').on(table.expiresAt)],
);

/**
 * The one-time codes a single sign-on hands the web app in its redirect (/auth/sso?code=...), which
 * the web exchanges once, within a minute, for the usual sign-in answer: the tokens never travel in
 * a URL. Stored as SHA-256 hashes, like refresh tokens.
 */
export const singleSignOnCodes = pgTable('single_sign_on_codes', {
  codeHash: text('code_hash').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
