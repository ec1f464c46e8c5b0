/** Web Push (issue 15): the server's VAPID key pair and the devices members subscribed. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * The server's VAPID key pair (RFC 8292), which signs every push and which browsers subscribe
 * with: one row, created by the first server process that starts (insert ... on conflict do
 * nothing, then read, so two processes starting at once agree on one pair). Changing it would
 * orphan every subscription, so it is never replaced.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    /** The uncompressed P-256 public key, base64url: the browsers' `applicationServerKey`. */
    publicKey: text('public_key').notNull(),
    /** The private scalar, base64url. Never leaves the server. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('push_vapid_keys_single', sql`${table.id} = 1`)],
);

/**
 * A device (browser) that receives a member's push notifications: the push service's address and
 * the browser's keys that each payload is encrypted for. One row per endpoint: a device subscribed
 * again, or by another member after a sign-in, replaces its row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    /** The browser's P-256 public key, base64url (PushSubscription keys.p256dh). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret, base64url (keys.auth). */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The latest push the service accepted for this device. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    /** Attempts in a row that the push service did not answer, or answered with its own failure. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** While this is ahead, the device's pushes wait without a connection (the device backs off). */
    retryAfter: timestamp('retry_after', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('push_subscriptions_member_idx').on(table.memberId)],
);
