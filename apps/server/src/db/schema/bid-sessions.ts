import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
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
    /**
     * "standard": everyone bids once for the seats of the session's stations; "vacancy": the open
     * seats of `bid_session_vacancy_seats` are offered, each move opening the seat left (bidding-rules.md).
     */
    type: text('type').notNull().default('standard'),
    /** "rank": seat position must match the member's rank; "any": any position. */
    eligibilityMode: text('eligibility_mode').notNull().default('rank'),
    /** Tie-break links after seniority score, e.g. ["yearsOfService","employeeId"] or [..., "random"]. */
    tieBreakChain: jsonb('tie_break_chain')
      .$type<string[]>()
      .notNull()
      .default(sql`'["yearsOfService","employeeId"]'::jsonb`),
    randomSeed: text('random_seed'),
    /**
     * Rounds run one after another, `[{ name, ranks, bidWindowMinutes }]`; empty: one round of
     * everyone. Each participant's round is their `round` index.
     */
    rounds: jsonb('rounds').notNull().default(sql`'[]'::jsonb`),
    /** The department's seniority rule, copied when the queue is written and frozen at start; null: the default order. */
    seniorityRule: jsonb('seniority_rule'),
    /** The day certifications must be valid on: the start's date in the department's time zone, set at start. */
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** The certification catalogue `[{ code, name }]` frozen at start, so refusals and the record name them. */
    certifications: jsonb('certifications').notNull().default(sql`'[]'::jsonb`),
    dayBeforeReminderSentAt: timestamp('day_before_reminder_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * The session's own change counter: every update of this row adds one (a trigger, migration
     * 0003), and every engine step updates it once. The shared board, its ETag and the
     * `session.changed` events carry it (docs/decisions/012-session-board.md).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * The end of the session's hash-chained history (migration 0006, issue 16): the last entry's
     * hash (the settings' hash right after the start) and the number of chained entries. A step
     * reads them from the row it has locked and writes them with it, so chaining costs no read.
     * Null for a session that started before the chain existed, until its next step.
     */
    historyHeadHash: text('history_head_hash'),
    historyLength: integer('history_length'),
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
    check('bid_sessions_type_known', sql`${table.type} in ('standard','vacancy')`),
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
 * The seats of a vacancy bid: those the administrator opened (`open`), and, from the start, those
 * its participants held then (a move opens one). The engine's seats are exactly these, so a free
 * one is an open one.
 */
export const bidSessionVacancySeats = pgTable(
  'bid_session_vacancy_seats',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bidSessions.id, { onDelete: 'cascade' }),
    seatId: uuid('seat_id')
      .notNull()
      .references(() => seats.id, { onDelete: 'cascade' }),
    /** Opened by the administrator when the bid was created; false: held by a participant at the start. */
    open: boolean('open').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.seatId] })],
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
    /** The member's seniority keys, copied with the rest and frozen at start. */
    hireDate: date('hire_date', { mode: 'string' }),
    rankDate: date('rank_date', { mode: 'string' }),
    listNumber: integer('list_number'),
    /** Certifications held `[{ code, expiresOn }]`, copied with the rest and frozen at start. */
    certifications: jsonb('certifications').notNull().default(sql`'[]'::jsonb`),
    /** 0-based index into the session's rounds (0 when it has none). */
    round: integer('round').notNull().default(0),
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
    // Those still to bid, in turn order: the turn holder and the next few are read in every engine
    // step (turn notices), and a plan over this index does not depend on the table's statistics,
    // which a session's freshly inserted thousands of participants do not have yet.
    index('participants_waiting_queue_idx')
      .on(table.sessionId, table.queuePosition, table.bidPriority)
      .where(sql`${table.outcome} is null`),
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
    /** When a rewind undid this award (bidding-rules.md, "Rewind"); the row stays, for the history. */
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    /** In a vacancy bid, the seat the move left open: `{ stationId, stationNumber, stationName, shift, seatPosition }`. */
    openedSeat: jsonb('opened_seat'),
  },
  (table) => [
    // A participant holds at most one award in a session that stands; undone ones stay beside it.
    uniqueIndex('bids_participant_standing').on(table.participantId).where(sql`${table.undoneAt} is null`),
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
    /**
     * The hash chain (migration 0006, issue 16; packages/domain/src/record/chain.ts): the entry's
     * 1-based place in its session's chain, the hash of the entry before (or of the settings), the
     * canonical JSON that was hashed (it also holds ids the columns above do not, and the step's
     * command on a step's first entry), and its SHA-256. Null on entries written before 0006.
     * A trigger refuses any change of an entry, and its deletion while the session exists.
     */
    sequence: integer('sequence'),
    previousHash: text('previous_hash'),
    recordEntry: text('record_entry'),
    entryHash: text('entry_hash'),
  },
  (table) => [index('session_history_session_idx').on(table.sessionId, table.id)],
);

/**
 * What a session started with (RecordSettings, packages/domain/src/record/chain.ts), written by its
 * start step: the canonical JSON that was hashed and its hash, from which the history's chain
 * hangs. Kept out of bid_sessions, which every step reads whole: it can be megabytes.
 */
export const sessionRecordSettings = pgTable('session_record_settings', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => bidSessions.id, { onDelete: 'cascade' }),
  settings: text('settings').notNull(),
  settingsHash: text('settings_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A completed session's record as the file first sent, kept so that every later download is the
 * same bytes whatever changes around it (an upgrade that words the reasons anew, a new department
 * time zone): the bid sheet printed its SHA-256. `version` is the session's at completion; a
 * rewind that reopens the session changes it, and the next completion's record replaces this one.
 */
export const sessionRecordFiles = pgTable('session_record_files', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => bidSessions.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The server's Ed25519 key that signs session records: one row, created by the first server
 * process that starts (insert ... on conflict do nothing, then read, so two at once agree on one).
 * The private key never leaves the server; GET /api/record-key shows the public one.
 */
export const recordSigningKeys = pgTable(
  'record_signing_keys',
  {
    id: integer('id').primaryKey().default(1),
    privateKeyPem: text('private_key_pem').notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('record_signing_keys_single', sql`${table.id} = 1`)],
);
