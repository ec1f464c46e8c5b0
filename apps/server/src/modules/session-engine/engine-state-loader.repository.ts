/**
 * Loading a session into the pure engine's state: the session row locked, then its offered seats
 * and its participants, each list read as one JSON value (a session of thousands is read every
 * step). Every engine step runs in one transaction that first locks the session row (`FOR UPDATE`):
 * that lock is what serialises the steps of one session across requests and across server
 * processes. What a step writes back is in engine-step-writer.repository.ts.
 */
import {
  type BidSessionStatus,
  type EligibilityMode,
  type EngineParticipant,
  type EngineSeat,
  type EngineSession,
  type EngineState,
  type HeldCertification,
  type ParticipantOutcome,
  parseBidPreferences,
  type Rank,
  type SeatPosition,
  type SeatRef,
  type SessionRound,
  type Shift,
} from '@stationbid/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions } from '../../db/schema/index.ts';
import { isVacancySeat } from './vacancy-seats.repository.ts';

export type SessionRow = typeof bidSessions.$inferSelect;

/** A session's engine state, with the row it came from (name, dates) for what the step writes. */
export interface LoadedEngineState {
  session: SessionRow;
  state: EngineState;
}

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
  const seatList = await listOfferedSeats(executor, session);
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
    // A department's rules only when set, so a session without them is the same value as before them.
    ...sessionRules(session),
    ...(session.type === 'vacancy' ? { vacancy: true } : {}),
  };
}

function sessionRules(session: SessionRow): Partial<EngineSession> {
  const rules: Partial<EngineSession> = {};
  const rounds = session.rounds as SessionRound[];
  if (rounds.length > 0) rules.rounds = rounds;
  if (session.effectiveDate !== null) rules.effectiveDate = session.effectiveDate;
  const catalogue = session.certifications as { code: string; name: string }[];
  if (catalogue.length > 0) {
    rules.certificationNames = Object.fromEntries(
      catalogue.map((certification) => [certification.code, certification.name]),
    );
  }
  return rules;
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

/**
 * Seats of the active stations the session offers (its list, or every active station), with their
 * holder; a vacancy bid's own seats (vacancy-seats.repository.ts).
 */
async function listOfferedSeats(executor: Executor, session: SessionRow): Promise<EngineSeat[]> {
  const sessionId = session.id;
  const offered =
    session.type === 'vacancy'
      ? isVacancySeat(sessionId)
      : sql`st.is_active
        and (
          not exists (select 1 from bid_session_stations l where l.session_id = ${sessionId})
          or s.station_id in (select l.station_id from bid_session_stations l where l.session_id = ${sessionId})
        )`;
  type SeatTuple = [
    seatId: string,
    stationId: string,
    stationNumber: number,
    stationName: string,
    shift: Shift,
    seatPosition: SeatPosition,
    ordinal: number,
    holderMemberId: string | null,
    requires: string[],
    mustFill: boolean,
  ];
  const tuples = await selectJsonList<SeatTuple>(
    executor,
    sql`
      select json_agg(json_build_array(
        s.id, s.station_id, st.number, st.name, s.shift, s.seat_position, s.ordinal, m.id, s.requires, s.must_fill
      ) order by st.number, s.shift, s.seat_position, s.ordinal)
      from seats s
      join stations st on st.id = s.station_id
      left join members m on m.current_seat_id = s.id
      where ${offered}`,
  );
  return tuples.map(
    ([
      seatId,
      stationId,
      stationNumber,
      stationName,
      shift,
      seatPosition,
      ordinal,
      holderMemberId,
      requires,
      mustFill,
    ]) => {
      const seat: EngineSeat = {
        seatId,
        stationId,
        stationNumber,
        stationName,
        shift,
        seatPosition,
        ordinal,
        holderMemberId,
      };
      // Only a seat with a rule carries the fields, so a seat without one is the same value as before them.
      if (requires.length > 0) seat.requires = requires;
      if (mustFill) seat.mustFill = true;
      return seat;
    },
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
  hireDate: string | null,
  rankDate: string | null,
  listNumber: number | null,
  certifications: HeldCertification[],
  round: number,
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
        cs.id, cst.id, cst.number, cst.name, cs.shift, cs.seat_position,
        p.hire_date, p.rank_date, p.list_number, p.certifications, p.round
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
    hireDate,
    rankDate,
    listNumber,
    certifications,
    round,
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
  const participant: EngineParticipant = {
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
  // The seniority keys only when held, so a participant without them is the same value (and the
  // same recorded settings) as before they existed.
  if (hireDate !== null) participant.hireDate = hireDate;
  if (rankDate !== null) participant.rankDate = rankDate;
  if (listNumber !== null) participant.listNumber = listNumber;
  if (certifications.length > 0) participant.certifications = certifications;
  if (round !== 0) participant.round = round;
  return participant;
}
