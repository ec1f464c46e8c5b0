import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { seats, stations } from './stations.ts';

export const bidSessions = pgTable(
  'bid_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    year: integer('year').notNull(),
    status: text('status').notNull().default('draft'),
    bidWindowMinutes: integer('bid_window_minutes').notNull().default(5),
    autoAssignTimeoutMinutes: integer('auto_assign_timeout_minutes').notNull().default(2),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true, mode: 'date' }),
    scheduledEnd: timestamp('scheduled_end', { withTimezone: true, mode: 'date' }),
    actualStart: timestamp('actual_start', { withTimezone: true, mode: 'date' }),
    actualEnd: timestamp('actual_end', { withTimezone: true, mode: 'date' }),
    /** 1-based turn number; 0 before the session starts. */
    currentParticipant: integer('current_participant').notNull().default(0),
    /** Deadline of the current turn while active; null otherwise. The turn clock polls on it. */
    currentBidEnd: timestamp('current_bid_end', { withTimezone: true, mode: 'date' }),
    /** Time left in the turn, kept while the session is paused. */
    pausedRemainingMs: integer('paused_remaining_ms'),
    clearAssignments: boolean('clear_assignments').notNull().default(false),
    /** "rank": seat position must match the member's rank; "any": any position. */
    eligibilityMode: text('eligibility_mode').notNull().default('rank'),
    /** Tie-break links after seniority score, e.g. ["yearsOfService","employeeId"] or [..., "random"]. */
    tieBreakChain: jsonb('tie_break_chain')
      .$type<string[]>()
      .notNull()
      .default(sql`'["yearsOfService","employeeId"]'::jsonb`),
    randomSeed: text('random_seed'),
    dayBeforeReminderSentAt: timestamp('day_before_reminder_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * The session's own change counter: every update of this row adds one (a trigger, migration
     * 0003), and every engine step updates it once. The shared board, its ETag and the
     * `session.changed` events carry it (docs/decisions/012-session-board.md).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdById: uuid('created_by_id').references(() => members.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('bid_sessions_status_idx').on(table.status),
    index('bid_sessions_current_bid_end_idx').on(table.currentBidEnd),
    index('bid_sessions_scheduled_start_idx').on(table.scheduledStart),
    check('bid_sessions_status_known', sql`${table.status} in ('draft','scheduled','active','paused','completed')`),
    check('bid_sessions_year_min', sql`${table.year} >= 2024`),
    check('bid_sessions_bid_window_range', sql`${table.bidWindowMinutes} between 1 and 60`),
    check('bid_sessions_auto_assign_range', sql`${table.autoAssignTimeoutMinutes} between 1 and 30`),
    check('bid_sessions_eligibility_known', sql`${table.eligibilityMode} in ('rank','any')`),
    check('bid_sessions_current_participant_not_negative', sql`${table.currentParticipant} >= 0`),
    check('bid_sessions_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

/** The stations a session offers; none listed means every active station. */
export const bidSessionStations = pgTable(
  'bid_session_stations',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bidSessions.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.stationId] })],
);

/**
 * A member taking part in a session. Name, employee ID, rank and score are copied in when the
 * member joins, and frozen at start, so results still name a member who was later deleted.
 */
export const participants = pgTable(
  'participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bidSessions.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    employeeId: text('employee_id').notNull(),
    rank: text('rank').notNull(),
    position: text('position').notNull(),
    yearsOfService: integer('years_of_service').notNull(),
    seniorityScore: integer('seniority_score').notNull(),
    /** 1-based place in the seniority order. */
    bidPriority: integer('bid_priority').notNull(),
    /** 0-based place in the queue; changes when someone is moved to the back. */
    queuePosition: integer('queue_position').notNull(),
    movedToBack: boolean('moved_to_back').notNull().default(false),
    turnStartedAt: timestamp('turn_started_at', { withTimezone: true, mode: 'date' }),
    turnDeadline: timestamp('turn_deadline', { withTimezone: true, mode: 'date' }),
    /** null while waiting; bid, proxy_bid, auto_assigned, skipped or not_assigned once done. */
    outcome: text('outcome'),
    assignedStationId: uuid('assigned_station_id').references(() => stations.id, { onDelete: 'set null' }),
    assignedStationName: text('assigned_station_name'),
    assignedStationNumber: integer('assigned_station_number'),
    assignedShift: text('assigned_shift'),
    assignedSeatPosition: text('assigned_seat_position'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    turnReminderSentAt: timestamp('turn_reminder_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    unique('participants_session_member_unique').on(table.sessionId, table.memberId),
    index('participants_session_queue_idx').on(table.sessionId, table.queuePosition),
    index('participants_member_idx').on(table.memberId),
    check(
      'participants_outcome_known',
      sql`${table.outcome} is null or ${table.outcome} in ('bid','proxy_bid','auto_assigned','skipped','not_assigned')`,
    ),
    check('participants_queue_position_not_negative', sql`${table.queuePosition} >= 0`),
    check('participants_shift_known', sql`${table.assignedShift} is null or ${table.assignedShift} in ('A','B','C')`),
  ],
);

/** Every accepted bid or automatic award. Never edited. */
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bidSessions.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    seatId: uuid('seat_id').references(() => seats.id, { onDelete: 'set null' }),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    stationName: text('station_name').notNull(),
    stationNumber: integer('station_number').notNull(),
    shift: text('shift').notNull(),
    seatPosition: text('seat_position').notNull(),
    /** own, proxy (an administrator for the member) or auto (the turn clock). */
    kind: text('kind').notNull(),
    placedById: uuid('placed_by_id').references(() => members.id, { onDelete: 'set null' }),
    placedByName: text('placed_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A participant wins at most one seat in a session.
    unique('bids_participant_unique').on(table.participantId),
    index('bids_member_idx').on(table.memberId),
    index('bids_session_idx').on(table.sessionId, table.createdAt),
    check('bids_kind_known', sql`${table.kind} in ('own','proxy','auto')`),
    check('bids_shift_known', sql`${table.shift} in ('A','B','C')`),
  ],
);

/** The session's audit trail: one entry per state change, never edited. */
export const sessionHistory = pgTable(
  'session_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bidSessions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: uuid('actor_id').references(() => members.id, { onDelete: 'set null' }),
    /** The administrator's or member's name, or "system" for the turn clock. */
    actorName: text('actor_name').notNull(),
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    stationName: text('station_name'),
    stationNumber: integer('station_number'),
    shift: text('shift'),
    seatPosition: text('seat_position'),
    bidPriority: integer('bid_priority'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('session_history_session_idx').on(table.sessionId, table.id)],
);
