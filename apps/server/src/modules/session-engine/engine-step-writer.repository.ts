/**
 * Loading a session into the pure engine's state, and writing one step's changes back.
 *
 * Every engine step runs in one transaction that first locks the session row (`FOR UPDATE`): that
 * lock is what serialises the steps of one session across requests and across server processes.
 * Seats are guarded a second time by the database itself: `members.current_seat_id` is unique, so a
 * seat taken at the same instant outside the session (an administrator's assignment) makes the step
 * fail instead of giving the seat twice. A step writes back only what changed, in a fixed number of
 * statements whatever the session's size.
 */
import {
  type BidSessionStatus,
  buildRecordSettings,
  type ChainedEntry,
  type ChainHead,
  canonicalJson,
  chainStep,
  type EligibilityMode,
  type EngineCommand,
  type EngineEvent,
  type EngineParticipant,
  type EngineSeat,
  type EngineSession,
  type EngineState,
  type HistoryEntryDraft,
  type ParticipantOutcome,
  type ParticipantPreferences,
  type Rank,
  SEAT_POSITIONS,
  type SeatChoice,
  type SeatPosition,
  type SeatRef,
  SHIFTS,
  type Shift,
  type StateChanges,
  sha256Hex,
  toRecordCommand,
} from '@stationbid/domain';
import { and, eq, exists, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  bidSessions,
  bids,
  members,
  notifications,
  participants,
  sessionHistory,
  sessionRecordSettings,
} from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';
import { describeTurnNotice } from './turn-notice-wording.ts';

export type SessionRow = typeof bidSessions.$inferSelect;

/** A session's engine state, with the row it came from (name, dates) for what the step writes. */
export interface LoadedEngineState {
  session: SessionRow;
  state: EngineState;
}

/** Inserts of many rows are cut into chunks, well under PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK_ROWS = 1000;

// ---------------------------------------------------------------------------------------------
// Loading

/**
 * Locks the session row for the rest of the transaction. With `skipLocked`, a row another
 * transaction holds is skipped (undefined) instead of waited for: the turn clock of one process
 * never queues behind another's.
 */
export async function lockSessionRow(
  executor: Executor,
  sessionId: string,
  options: { skipLocked?: boolean; share?: boolean } = {},
): Promise<SessionRow | undefined> {
  // `share`: a reader's lock (the board), which waits for a step and holds off the next one only.
  const [row] = await executor
    .select()
    .from(bidSessions)
    .where(eq(bidSessions.id, sessionId))
    .for(options.share ? 'share' : 'update', options.skipLocked ? { skipLocked: true } : {});
  return row;
}

/**
 * The session's engine state, read inside the transaction after locking its row (locked here
 * unless the caller already holds `lockedRow`). Undefined when the session does not exist, or
 * with `skipLocked` when another transaction holds it.
 */
export async function loadEngineState(
  executor: Executor,
  sessionId: string,
  options: { skipLocked?: boolean; lockedRow?: SessionRow } = {},
): Promise<LoadedEngineState | undefined> {
  const session = options.lockedRow ?? (await lockSessionRow(executor, sessionId, options));
  if (!session) return undefined;
  // Sequential on purpose: a transaction runs one statement at a time on its connection.
  const seatList = await listOfferedSeats(executor, sessionId);
  const participantList = await listEngineParticipants(executor, sessionId);
  const stationIdByNumber = new Map(seatList.map((seat) => [seat.stationNumber, seat.stationId]));
  return {
    session,
    state: {
      session: toEngineSession(session),
      participants: participantList.map((row) => toEngineParticipant(row, stationIdByNumber)),
      seats: seatList,
    },
  };
}

/** The engine's view of a session row (read afresh at every step; it is locked anyway). */
export function toEngineSession(session: SessionRow): EngineSession {
  return {
    status: session.status as BidSessionStatus,
    currentParticipant: session.currentParticipant,
    currentBidEnd: session.currentBidEnd?.getTime() ?? null,
    pausedRemainingMs: session.pausedRemainingMs,
    bidWindowMinutes: session.bidWindowMinutes,
    autoAssignTimeoutMinutes: session.autoAssignTimeoutMinutes,
    eligibilityMode: session.eligibilityMode as EligibilityMode,
    clearAssignments: session.clearAssignments,
    actualStart: session.actualStart?.getTime() ?? null,
    actualEnd: session.actualEnd?.getTime() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Versions (docs/decisions/008-engine-state-cache.md, 012-session-board.md)
//
// A session's kept state is valid while two counters are unchanged: the session's own `version`
// (every update of its row adds one; each step updates it exactly once) and the engine data
// version of migration 0001, which counts changes made outside engine steps (an administrator's
// assignment, a station edit) and changes a step made to another running session's seats.

/** The count of changes to what engine states are read from, made outside the sessions' own steps. */
export async function readEngineDataVersion(executor: Executor): Promise<number> {
  const result = await executor.execute(
    sql`select coalesce((select value from engine_data_version where id = 1), 0)::text as value`,
  );
  const [row] = (result as unknown as { rows: { value: string }[] }).rows;
  return Number(row?.value ?? 0);
}

/** Both counters a session's kept state and board are valid for, with its status; undefined for an unknown id. */
export async function readSessionVersions(
  executor: Executor,
  sessionId: string,
): Promise<{ version: number; outsideVersion: number; status: string } | undefined> {
  const result = await executor.execute(sql`
    select b.version::text as version, b.status,
      coalesce((select value from engine_data_version where id = 1), 0)::text as outside
    from bid_sessions b where b.id = ${sessionId}`);
  const [row] = (result as unknown as { rows: { version: string; outside: string; status: string }[] }).rows;
  return row ? { version: Number(row.version), outsideVersion: Number(row.outside), status: row.status } : undefined;
}

/**
 * Marks the transaction as an engine step: the change triggers leave its writes uncounted (the
 * step's own session counts it through its row's version).
 */
export async function markEngineStep(executor: Executor): Promise<void> {
  await executor.execute(sql`select set_config('stationbid.engine_step', 'on', true)`);
}

/**
 * A step that moved members between seats changes what another running session offers when that
 * session offers one of those stations (or every station) or counts one of those members: such a
 * step counts one outside change, so the other session reads its state afresh. Sessions with
 * nothing in common, the normal case of two sessions at once, do not touch each other. Answers the
 * engine data version after the step (counted or not).
 */
export async function countChangeForOtherSessions(
  executor: Executor,
  change: { sessionId: string; stationIds: readonly string[]; memberIds: readonly string[] },
): Promise<{ outsideVersion: number; hasCounted: boolean }> {
  if (change.stationIds.length > 0 || change.memberIds.length > 0) {
    const stationList =
      change.stationIds.length > 0
        ? sql.join(
            change.stationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )
        : sql`null`;
    const memberList =
      change.memberIds.length > 0
        ? sql.join(
            change.memberIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )
        : sql`null`;
    const counted = await executor.execute(sql`
      update engine_data_version set value = value + 1
      where id = 1 and exists (
        select 1 from bid_sessions other
        where other.id <> ${change.sessionId} and other.status in ('active', 'paused')
          and (
            not exists (select 1 from bid_session_stations l where l.session_id = other.id)
            or exists (select 1 from bid_session_stations l where l.session_id = other.id and l.station_id in (${stationList}))
            or exists (select 1 from participants p where p.session_id = other.id and p.member_id in (${memberList}))
          ))
      returning value::text as value`);
    const [row] = (counted as unknown as { rows: { value: string }[] }).rows;
    if (row) return { outsideVersion: Number(row.value), hasCounted: true };
  }
  return { outsideVersion: await readEngineDataVersion(executor), hasCounted: false };
}

/**
 * Ids as one `uuid[]` parameter. Updates from a JSON record set also name their rows by it: the
 * planner cannot see how few records the set holds, and would otherwise join it to a scan of
 * every participant or member (15-40 ms a step at 20,000) instead of reading the few by key.
 */
function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * Reads a whole list as one JSON value built by the database. A session of thousands is read
 * every step, and one JSON text parses far faster than thousands of rows of many columns, on
 * PGlite (whose rows are decoded in JavaScript) and on node-postgres alike.
 */
async function selectJsonList<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = await executor.execute(sql`select coalesce((${query})::text, '[]') as list`);
  const [row] = (result as unknown as { rows: { list: string }[] }).rows;
  return row ? (JSON.parse(row.list) as T[]) : [];
}

const epochMilliseconds = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** Seats of the active stations the session offers (its list, or every active station), with their holder. */
async function listOfferedSeats(executor: Executor, sessionId: string): Promise<EngineSeat[]> {
  type SeatTuple = [string, string, number, string, Shift, SeatPosition, number, string | null];
  const tuples = await selectJsonList<SeatTuple>(
    executor,
    sql`
      select json_agg(json_build_array(
        s.id, s.station_id, st.number, st.name, s.shift, s.seat_position, s.ordinal, m.id
      ) order by st.number, s.shift, s.seat_position, s.ordinal)
      from seats s
      join stations st on st.id = s.station_id
      left join members m on m.current_seat_id = s.id
      where st.is_active
        and (
          not exists (select 1 from bid_session_stations l where l.session_id = ${sessionId})
          or s.station_id in (select l.station_id from bid_session_stations l where l.session_id = ${sessionId})
        )`,
  );
  return tuples.map(
    ([seatId, stationId, stationNumber, stationName, shift, seatPosition, ordinal, holderMemberId]) => ({
      seatId,
      stationId,
      stationNumber,
      stationName,
      shift,
      seatPosition,
      ordinal,
      holderMemberId,
    }),
  );
}

type ParticipantTuple = [
  id: string,
  memberId: string | null,
  name: string,
  employeeId: string,
  rank: string,
  yearsOfService: number,
  seniorityScore: number,
  bidPriority: number,
  queuePosition: number,
  movedToBack: boolean,
  outcome: string | null,
  turnDeadline: number | null,
  assignedStationId: string | null,
  assignedStationName: string | null,
  assignedStationNumber: number | null,
  assignedShift: string | null,
  assignedSeatPosition: string | null,
  awardedSeatId: string | null,
  preferences: unknown,
  currentSeatId: string | null,
  currentStationId: string | null,
  currentStationNumber: number | null,
  currentStationName: string | null,
  currentShift: string | null,
  currentSeatPosition: string | null,
];

/** Participants in queue order, with their member's seat now, preferences and the seat won here. */
function listEngineParticipants(executor: Executor, sessionId: string): Promise<ParticipantTuple[]> {
  return selectJsonList<ParticipantTuple>(
    executor,
    sql`
      select json_agg(json_build_array(
        p.id, p.member_id, p.first_name || ' ' || p.last_name, p.employee_id, p.rank,
        p.years_of_service, p.seniority_score, p.bid_priority, p.queue_position, p.moved_to_back,
        p.outcome, ${epochMilliseconds(sql`p.turn_deadline`)},
        p.assigned_station_id, p.assigned_station_name, p.assigned_station_number,
        p.assigned_shift, p.assigned_seat_position, b.seat_id,
        -- Only a participant still waiting can need their preferences; the others' stay unread.
        case when p.outcome is null then m.bid_preferences end,
        cs.id, cst.id, cst.number, cst.name, cs.shift, cs.seat_position
      ) order by p.queue_position, p.bid_priority)
      from participants p
      left join members m on m.id = p.member_id
      left join seats cs on cs.id = m.current_seat_id
      left join stations cst on cst.id = cs.station_id
      left join bids b on b.participant_id = p.id
      where p.session_id = ${sessionId}`,
  );
}

function toEngineParticipant(row: ParticipantTuple, stationIdByNumber: ReadonlyMap<number, string>): EngineParticipant {
  const [
    participantId,
    memberId,
    name,
    employeeId,
    rank,
    yearsOfService,
    seniorityScore,
    bidPriority,
    queuePosition,
    movedToBack,
    outcome,
    turnDeadline,
    assignedStationId,
    assignedStationName,
    assignedStationNumber,
    assignedShift,
    assignedSeatPosition,
    awardedSeatId,
    preferences,
    currentSeatId,
    currentStationId,
    currentStationNumber,
    currentStationName,
    currentShift,
    currentSeatPosition,
  ] = row;
  const currentSeat: SeatRef | null =
    memberId && currentSeatId && currentStationId && currentStationNumber !== null && currentStationName !== null
      ? {
          seatId: currentSeatId,
          stationId: currentStationId,
          stationNumber: currentStationNumber,
          stationName: currentStationName,
          shift: currentShift as Shift,
          seatPosition: currentSeatPosition as SeatPosition,
        }
      : null;
  const awardedSeat: SeatRef | null =
    assignedStationNumber !== null &&
    assignedStationName !== null &&
    assignedShift !== null &&
    assignedSeatPosition !== null
      ? {
          // A seat or station deleted since the award keeps its name and number in the results.
          seatId: awardedSeatId ?? '',
          stationId: assignedStationId ?? '',
          stationNumber: assignedStationNumber,
          stationName: assignedStationName,
          shift: assignedShift as Shift,
          seatPosition: assignedSeatPosition as SeatPosition,
        }
      : null;
  return {
    participantId,
    memberId,
    name,
    employeeId,
    rank: rank as Rank,
    yearsOfService,
    seniorityScore,
    bidPriority,
    queuePosition,
    movedToBack,
    outcome: outcome as ParticipantOutcome | null,
    turnDeadline: turnDeadline === null ? null : Number(turnDeadline),
    currentSeat,
    awardedSeat,
    preferences: parseBidPreferences(preferences, stationIdByNumber),
  };
}

const NO_PREFERENCES: ParticipantPreferences = {
  autoBid: false,
  choices: [],
  preferredStationIds: [],
  preferredShifts: [],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A member's stored bid preferences, read leniently: whatever is missing or malformed counts as
 * off or empty, so a bad preference can never stop a turn from being processed. Stations may be
 * named by id or by number; a station the session does not offer by number is dropped.
 */
export function parseBidPreferences(
  stored: unknown,
  stationIdByNumber: ReadonlyMap<number, string> = new Map(),
): ParticipantPreferences {
  if (!isRecord(stored)) return NO_PREFERENCES;
  const toStationId = (value: unknown): string | undefined => {
    if (typeof value === 'string' && value.trim() !== '') {
      const asNumber = Number(value);
      return Number.isInteger(asNumber) && asNumber > 0 ? stationIdByNumber.get(asNumber) : value;
    }
    if (typeof value === 'number') return stationIdByNumber.get(value);
    return undefined;
  };
  const isShift = (value: unknown): value is Shift => SHIFTS.includes(value as Shift);
  const isSeatPosition = (value: unknown): value is SeatPosition => SEAT_POSITIONS.includes(value as SeatPosition);

  // `seatChoices` is what the Bid Preferences API stores (schemas/bid-preferences.ts); `choices` came first.
  const storedChoices = Array.isArray(stored.seatChoices) ? stored.seatChoices : stored.choices;
  const choices: SeatChoice[] = [];
  for (const entry of Array.isArray(storedChoices) ? storedChoices : []) {
    if (!isRecord(entry)) continue;
    const stationId = toStationId(entry.stationId ?? entry.station);
    const seatPosition = entry.seatPosition ?? entry.position;
    if (stationId && isShift(entry.shift) && isSeatPosition(seatPosition)) {
      choices.push({ stationId, shift: entry.shift, seatPosition });
    }
  }
  const stationList = Array.isArray(stored.preferredStationIds)
    ? stored.preferredStationIds
    : Array.isArray(stored.preferredStations)
      ? stored.preferredStations
      : [];
  const preferredStationIds = [...new Set(stationList.map(toStationId).filter((id): id is string => id !== undefined))];
  const preferredShifts = [
    ...new Set((Array.isArray(stored.preferredShifts) ? stored.preferredShifts : []).filter(isShift)),
  ];
  return { autoBid: stored.autoBid === true, choices, preferredStationIds, preferredShifts };
}

// ---------------------------------------------------------------------------------------------
// The turn clock's work list

/**
 * Sessions the turn clock has work for at `now`: active ones whose turn deadline has passed, and
 * scheduled ones (with participants) whose start time has come. Read without locks; each is
 * locked and checked again before anything changes.
 */
export async function listDueSessionIds(executor: Executor, now: Date, limit: number): Promise<string[]> {
  const hasParticipants = executor
    .select({ one: sql`1` })
    .from(participants)
    .where(eq(participants.sessionId, bidSessions.id));
  const rows = await executor
    .select({ id: bidSessions.id })
    .from(bidSessions)
    .where(
      or(
        // Strictly before now: a bid exactly at the deadline still counts.
        and(eq(bidSessions.status, 'active'), lt(bidSessions.currentBidEnd, now)),
        and(eq(bidSessions.status, 'scheduled'), lte(bidSessions.scheduledStart, now), exists(hasParticipants)),
      ),
    )
    .orderBy(sql`coalesce(${bidSessions.currentBidEnd}, ${bidSessions.scheduledStart})`)
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Saving

export interface EngineStepToSave {
  sessionId: string;
  /** The session's row as loaded (its name goes into notifications). */
  session: SessionRow;
  before: EngineState;
  after: EngineState;
  events: readonly EngineEvent[];
  /** When the step happened (the command's time). */
  now: Date;
  /** The participants and seats the step changed (`findStateChanges`). */
  changes: StateChanges;
  /** The command applied, recorded on the step's first history entry (issue 16). */
  command: EngineCommand;
  /** The department's time zone, for the turn deadline in the in-app notification; UTC when not given. */
  timeZone?: string;
}

const toDate = (milliseconds: number | null) => (milliseconds === null ? null : new Date(milliseconds));
const isoOrNull = (milliseconds: number | null) =>
  milliseconds === null ? null : new Date(milliseconds).toISOString();

const BID_KIND_BY_OUTCOME: Partial<Record<ParticipantOutcome, 'own' | 'proxy' | 'auto'>> = {
  bid: 'own',
  proxy_bid: 'proxy',
  auto_assigned: 'auto',
};

/**
 * Writes one step back: the session row, the participants and members that changed, a bid row per
 * award, one history row per history event (history is only ever inserted), and in-app
 * notifications. The step's e-mail and SMS are queued right after, in the same transaction, by the
 * session engine (session-messages/queueEngineStepMessages).
 */
export async function saveEngineStep(executor: Executor, step: EngineStepToSave): Promise<{ version: number }> {
  const { entries, head } = await chainHistory(executor, step);
  const version = await saveSession(executor, step, head);
  await saveParticipants(executor, step);
  await saveMemberSeats(executor, step);
  await insertAwards(executor, step);
  await insertHistory(executor, step, entries);
  await insertNotifications(executor, step);
  return { version };
}

/**
 * Hashes the step's history entries onto the session's chain (packages/domain/src/record/chain.ts):
 * from the head kept on the locked session row, so no entry is read back, or, for the start, from
 * the settings it starts with, which are recorded here. The session row lock makes the chain of a
 * session linear. A session started before the chain existed has no head: its chain begins
 * unanchored at its next entry, and its record says so.
 */
async function chainHistory(
  executor: Executor,
  { sessionId, session, before, events, command }: EngineStepToSave,
): Promise<{ entries: ChainedEntry[]; head: ChainHead }> {
  let head: ChainHead = { hash: session.historyHeadHash, length: session.historyLength ?? 0 };
  if (command.type === 'start') {
    const settings = canonicalJson(
      buildRecordSettings({
        sessionId,
        name: session.name,
        year: session.year,
        tieBreakChain: session.tieBreakChain,
        randomSeed: session.randomSeed,
        state: before,
      }),
    );
    const settingsHash = sha256Hex(settings);
    await executor.insert(sessionRecordSettings).values({ sessionId, settings, settingsHash });
    head = { hash: settingsHash, length: 0 };
  }
  const drafts = events.flatMap((event) => (event.kind === 'history' ? [event.entry] : []));
  return chainStep(head, drafts, toRecordCommand(command, before));
}

/**
 * Writes the session row, always and once per step, even when only its participants or seats
 * changed: the update is what counts the step in the session's version (migration 0003).
 */
async function saveSession(
  executor: Executor,
  { sessionId, after, now }: EngineStepToSave,
  historyHead: ChainHead,
): Promise<number> {
  const is = after.session;
  const [row] = await executor
    .update(bidSessions)
    .set({
      status: is.status,
      currentParticipant: is.currentParticipant,
      currentBidEnd: toDate(is.currentBidEnd),
      pausedRemainingMs: is.pausedRemainingMs,
      actualStart: toDate(is.actualStart),
      actualEnd: toDate(is.actualEnd),
      historyHeadHash: historyHead.hash,
      historyLength: historyHead.length,
      updatedAt: now,
    })
    .where(eq(bidSessions.id, sessionId))
    .returning({ version: bidSessions.version });
  if (!row) throw new Error(`session ${sessionId} vanished under its own lock`);
  return row.version;
}

function sameSeat(first: SeatRef | null, second: SeatRef | null): boolean {
  return first?.seatId === second?.seatId && (first === null) === (second === null);
}

/** Changed participants, all in one statement (moving one to the back renumbers everyone after them). */
async function saveParticipants(
  executor: Executor,
  { before, after, now, changes: step }: EngineStepToSave,
): Promise<void> {
  const isResume = before.session.status === 'paused' && after.session.status === 'active';
  const changes = [];
  for (const { before: was, after: participant } of step.participants) {
    const hasNewDeadline = participant.turnDeadline !== was.turnDeadline;
    if (
      participant.queuePosition === was.queuePosition &&
      participant.bidPriority === was.bidPriority &&
      participant.seniorityScore === was.seniorityScore &&
      participant.movedToBack === was.movedToBack &&
      participant.outcome === was.outcome &&
      !hasNewDeadline &&
      sameSeat(participant.awardedSeat, was.awardedSeat)
    ) {
      continue;
    }
    const seat = participant.awardedSeat;
    changes.push({
      id: participant.participantId,
      queue_position: participant.queuePosition,
      bid_priority: participant.bidPriority,
      seniority_score: participant.seniorityScore,
      moved_to_back: participant.movedToBack,
      outcome: participant.outcome,
      turn_deadline: isoOrNull(participant.turnDeadline),
      // A resume moves the deadline of a turn that began before the pause.
      turn_started_at: hasNewDeadline && participant.turnDeadline !== null && !isResume ? now.toISOString() : null,
      done_at: participant.outcome !== null && was.outcome === null ? now.toISOString() : null,
      assigned_station_id: seat?.stationId || null,
      assigned_station_name: seat?.stationName ?? null,
      assigned_station_number: seat?.stationNumber ?? null,
      assigned_shift: seat?.shift ?? null,
      assigned_seat_position: seat?.seatPosition ?? null,
    });
  }
  if (changes.length === 0) return;
  await executor.execute(sql`
    update participants as p set
      queue_position = v.queue_position,
      bid_priority = v.bid_priority,
      seniority_score = v.seniority_score,
      moved_to_back = v.moved_to_back,
      outcome = v.outcome,
      turn_deadline = v.turn_deadline,
      turn_started_at = coalesce(v.turn_started_at, p.turn_started_at),
      done_at = coalesce(v.done_at, p.done_at),
      assigned_station_id = v.assigned_station_id,
      assigned_station_name = v.assigned_station_name,
      assigned_station_number = v.assigned_station_number,
      assigned_shift = v.assigned_shift,
      assigned_seat_position = v.assigned_seat_position
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(
      id uuid, queue_position integer, bid_priority integer, seniority_score integer, moved_to_back boolean,
      outcome text, turn_deadline timestamptz, turn_started_at timestamptz, done_at timestamptz,
      assigned_station_id uuid, assigned_station_name text, assigned_station_number integer,
      assigned_shift text, assigned_seat_position text
    )
    where p.id = v.id and p.id = any(${uuidArray(changes.map((change) => change.id))})`);
}

/**
 * Members whose seat changed. Every seat that changes hands is released before any is assigned,
 * so a seat passed from one member to another in the same step never trips the unique index.
 */
async function saveMemberSeats(executor: Executor, { now, changes }: EngineStepToSave): Promise<void> {
  const released: string[] = [];
  const assigned: { id: string; seat_id: string }[] = [];
  for (const { before: was, after: participant } of changes.participants) {
    if (!participant.memberId || sameSeat(participant.currentSeat, was.currentSeat)) continue;
    if (was.currentSeat) released.push(participant.memberId);
    if (participant.currentSeat) assigned.push({ id: participant.memberId, seat_id: participant.currentSeat.seatId });
  }
  if (released.length > 0) {
    await executor.update(members).set({ currentSeatId: null, updatedAt: now }).where(inArray(members.id, released));
  }
  if (assigned.length > 0) {
    await executor.execute(sql`
      update members as m set current_seat_id = v.seat_id, updated_at = ${timestampParam(now)}
      from jsonb_to_recordset(${JSON.stringify(assigned)}::jsonb) as v(id uuid, seat_id uuid)
      where m.id = v.id and m.id = any(${uuidArray(assigned.map((change) => change.id))})`);
  }
}

/** The history entry that records a participant's award, for who placed it. */
function findAwardEntry(events: readonly EngineEvent[], participantId: string): HistoryEntryDraft | undefined {
  for (const event of events) {
    if (
      event.kind === 'history' &&
      event.entry.participantId === participantId &&
      (event.entry.action === 'bid_submitted' || event.entry.action === 'auto_assigned')
    ) {
      return event.entry;
    }
  }
  return undefined;
}

/** A bid row for every seat won in this step, and the winner's activity entry. */
async function insertAwards(executor: Executor, { sessionId, session, changes, events, now }: EngineStepToSave) {
  const awards = changes.participants
    .filter(({ before: was, after: is }) => is.awardedSeat !== null && !was.awardedSeat)
    .map(({ after: is }) => is);
  if (awards.length === 0) return;
  const rows = awards.map((participant) => {
    const seat = participant.awardedSeat as SeatRef;
    const kind = BID_KIND_BY_OUTCOME[participant.outcome ?? 'auto_assigned'] ?? 'auto';
    const entry = findAwardEntry(events, participant.participantId);
    return {
      sessionId,
      participantId: participant.participantId,
      memberId: participant.memberId,
      seatId: seat.seatId || null,
      stationId: seat.stationId || null,
      stationName: seat.stationName,
      stationNumber: seat.stationNumber,
      shift: seat.shift,
      seatPosition: seat.seatPosition,
      kind,
      placedById: kind === 'proxy' ? (entry?.actorMemberId ?? null) : null,
      placedByName: kind === 'proxy' ? (entry?.actorName ?? null) : null,
      createdAt: now,
    };
  });
  await executor.insert(bids).values(rows);
  // The member's own activity feed shows the seat, whoever placed the bid.
  const activityRows = rows.flatMap((row, index) =>
    row.memberId === null
      ? []
      : [
          {
            memberId: row.memberId,
            actorName: row.placedByName ?? (row.kind === 'auto' ? 'system' : (awards[index]?.name ?? '')),
            type: 'bid',
            title: row.kind === 'auto' ? 'Seat assigned automatically' : 'Bid submitted',
            description: `${session.name}: Station ${row.stationNumber} (${row.stationName}), shift ${row.shift}, ${row.seatPosition}`,
            details: { sessionId, kind: row.kind },
            createdAt: now,
          },
        ],
  );
  if (activityRows.length > 0) await executor.insert(activities).values(activityRows);
}

/** One row per history event, with its place in the chain, the hashed canonical text and the hashes. */
async function insertHistory(
  executor: Executor,
  { sessionId, events }: EngineStepToSave,
  chained: readonly ChainedEntry[],
): Promise<void> {
  const drafts = events.flatMap((event) => (event.kind === 'history' ? [event.entry] : []));
  const rows = drafts.map((entry, index) => {
    const link = chained[index];
    if (!link) throw new Error('a history entry of the step was not chained');
    return {
      sessionId,
      action: entry.action,
      actorId: entry.actorMemberId,
      actorName: entry.actorName,
      participantId: entry.participantId,
      userName: entry.userName,
      stationName: entry.seat?.stationName ?? null,
      stationNumber: entry.seat?.stationNumber ?? null,
      shift: entry.seat?.shift ?? null,
      seatPosition: entry.seat?.seatPosition ?? null,
      bidPriority: entry.bidPriority,
      details: entry.details,
      createdAt: new Date(entry.at),
      sequence: link.content.sequence,
      previousHash: link.content.previousHash,
      recordEntry: link.canonical,
      entryHash: link.hash,
    };
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
    await executor.insert(sessionHistory).values(rows.slice(start, start + INSERT_CHUNK_ROWS));
  }
}

async function insertNotifications(
  executor: Executor,
  { sessionId, session, events, now, timeZone = 'UTC' }: EngineStepToSave,
) {
  const rows = events.flatMap((event) => {
    if (event.kind !== 'notification') return [];
    const described = describeTurnNotice(event.notification, session.name, now, timeZone);
    return [
      {
        memberId: event.notification.memberId,
        sessionId,
        type: described.type,
        title: described.title,
        message: described.message,
        assignedStationNumber: described.seat?.stationNumber ?? null,
        assignedShift: described.seat?.shift ?? null,
        createdAt: now,
      },
    ];
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
    await executor.insert(notifications).values(rows.slice(start, start + INSERT_CHUNK_ROWS));
  }
}
