/**
 * The member's calendar (issue 16): the department's shift rotation, and each member's private
 * calendar feed address, of which only a hash is kept.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * Department-wide settings an administrator changes in the app: one row (id 1), written by the
 * first save (insert ... on conflict update). The rotation says which shift is on duty each day:
 * `rotation_pattern` is the cycle of 24-hour tours, one letter a day ("ABC" is 24 on, 48 off for
 * A, B and C), starting at `rotation_anchor_date` with its first letter, each tour beginning at
 * `shift_start_time` in the department's time zone. Without a pattern, feeds have no shift days.
 */
export const departmentSettings = pgTable(
  'department_settings',
  {
    id: integer('id').primaryKey().default(1),
    rotationPattern: text('rotation_pattern'),
    rotationAnchorDate: date('rotation_anchor_date', { mode: 'string' }),
    /** "07:00": when a day's tour begins, 24-hour clock. */
    shiftStartTime: text('shift_start_time').notNull().default('07:00'),
    /** The department's IANA time zone (issue 16); null: DEPARTMENT_TIMEZONE or the server's zone. */
    timeZone: text('time_zone'),
    /**
     * The department's seniority rule, `[{ key, direction }]` (domain `seniorityRuleSchema`); null:
     * the default order (seniority score, then each session's tie-break chain).
     */
    seniorityRule: jsonb('seniority_rule'),
    /**
     * Members who are not administrators sign in only through the OpenID Connect provider: their
     * passwords and password resets are refused. Administrators keep their passwords, so a broken
     * provider cannot lock the department out. Turned on only while OIDC is configured.
     */
    requireSingleSignOn: boolean('require_single_sign_on').notNull().default(false),
    /**
     * A person the provider vouches for who matches no member becomes an inactive member waiting
     * for approval (as self-registration makes them) instead of being refused.
     */
    singleSignOnCreatesMembers: boolean('single_sign_on_creates_members').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('department_settings_single', sql`${table.id} = 1`),
    check('department_settings_rotation_pattern', sql`${table.rotationPattern} ~ '^[ABC]{1,64}$'`),
    check('department_settings_shift_start_time', sql`${table.shiftStartTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'department_settings_rotation_complete',
      sql`(${table.rotationPattern} is null) = (${table.rotationAnchorDate} is null)`,
    ),
  ],
);

/**
 * A member's private calendar feed: `/api/calendar/<token>.ics` is readable without signing in,
 * so the token is the secret. Only its SHA-256 is kept (like refresh tokens), so the table cannot
 * be turned back into feed addresses; a reset replaces the row and the old address stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_unique'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
