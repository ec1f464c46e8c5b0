/**
 * Webhooks (docs/integrations.md, "Webhooks"): the HTTPS endpoints administrators register for
 * events, and every attempt to deliver one. A delivery itself is an outbox row on the 'webhook'
 * channel (one event to one endpoint, `recipient` is the endpoint's id), so it is queued in the
 * transaction of the change that causes it and retried with the outbox's back-off.
 *
 * The signing secret is kept as it is, not hashed: the server signs every delivery with it
 * (Standard Webhooks), so it must be able to read it back; it is answered only on creation and
 * rotation.
 */
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { outbox } from './communication.ts';
import { members } from './members.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event names (domain WEBHOOK_EVENTS); checked by the domain schema, not the database. */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off by the server (the endpoint answered 410 Gone); null when by hand or on. */
    disabledReason: text('disabled_reason'),
    /** "whsec_" and base64 of 24 random bytes (Standard Webhooks). */
    secret: text('secret').notNull(),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_created_at_idx').on(table.createdAt)],
);

/** One attempt to deliver a webhook: the answer's status (null: no answer) and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_attempts_outbox_idx').on(table.outboxId, table.attemptedAt),
    index('webhook_attempts_endpoint_idx').on(table.endpointId, table.attemptedAt),
  ],
);
