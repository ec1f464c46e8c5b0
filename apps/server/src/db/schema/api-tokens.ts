/**
 * API tokens for integrations (docs/integrations.md): only the SHA-256 of a token is kept, like
 * refresh tokens and calendar feeds, so the table cannot be turned back into working tokens; the
 * prefix is the secret's first characters, enough for a person to tell tokens apart. A revoked
 * token keeps its row, so the list still says who made it and when it was revoked.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique('api_tokens_token_hash_unique'),
    /** Scope names (domain API_TOKEN_SCOPES); checked by the domain schema, not the database. */
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Written at most once a minute per token and process (api-token-uses.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (table) => [index('api_tokens_created_at_idx').on(table.createdAt)],
);
