/**
 * Writing one engine step's changes back, in the transaction that loaded the state and holds the
 * session row's lock (engine-state-loader.repository.ts). A step writes back only what changed, in a
 * fixed number of statements whatever the session's size. Seats are guarded a second time by the
 * database itself: `members.current_seat_id` is unique, so a seat taken at the same instant outside
 * the session (an administrator's assignment) makes the step fail instead of giving the seat twice.
 * The words members read (notifications, activity) come from turn-notice-wording.ts.
 */
import {
  buildRecordSettings,
  type ChainedEntry,
  type ChainHead,
  canonicalJson,
  chainStep,
  type EngineCommand,
  type EngineEvent,
  type EngineState,
  type HistoryEntryDraft,
  type ParticipantOutcome,
  type SeatRef,
  type StateChanges,
  SYSTEM_ACTOR,
  sha256Hex,
  toRecordCommand,
} from '@stationbid/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  bidSessions,
  bids,
  members,
  notifications,
  sessionHistory,
  sessionRecordSettings,
} from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';
import { fromStoredRule } from '../seniority-rule/seniority-rule.repository.ts';
import type { SessionRow } from './engine-state-loader.repository.ts';
import { describeAwardActivity, describeTurnNotice } from './turn-notice-wording.ts';

/** Inserts of many rows are cut into chunks, well under PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK_ROWS = 1000;

/**
 * Ids as one `uuid[]` parameter. Updates from a JSON record set also name their rows by it: the
 * planner cannot see how few records the set holds, and would otherwise join it to a scan of
 * every participant or member (15-40 ms a step at 20,000) instead of reading the few by key.
 */
function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

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
  /** The participants whose standing bids the step read (the engine's result), recorded with the command. */
  standingBidsRead?: readonly string[];
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
  { sessionId, session, before, events, command, standingBidsRead }: EngineStepToSave,
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
        seniorityRule: fromStoredRule(session.seniorityRule),
        state: before,
      }),
    );
    const settingsHash = sha256Hex(settings);
    await executor.insert(sessionRecordSettings).values({ sessionId, settings, settingsHash });
    head = { hash: settingsHash, length: 0 };
  }
  const drafts = events.flatMap((event) => (event.kind === 'history' ? [event.entry] : []));
  return chainStep(head, drafts, toRecordCommand(command, before, standingBidsRead));
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
      participant.yearsOfService === was.yearsOfService &&
      participant.hireDate === was.hireDate &&
      participant.rankDate === was.rankDate &&
      participant.listNumber === was.listNumber &&
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
      years_of_service: participant.yearsOfService,
      hire_date: participant.hireDate ?? null,
      rank_date: participant.rankDate ?? null,
      list_number: participant.listNumber ?? null,
      // A rewind undid their turn: it has neither begun nor ended any more.
      is_undone: participant.outcome === null && participant.turnDeadline === null && was.turnDeadline !== null,
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
      years_of_service = v.years_of_service,
      hire_date = v.hire_date,
      rank_date = v.rank_date,
      list_number = v.list_number,
      moved_to_back = v.moved_to_back,
      outcome = v.outcome,
      turn_deadline = v.turn_deadline,
      turn_started_at = case when v.is_undone then null else coalesce(v.turn_started_at, p.turn_started_at) end,
      done_at = case when v.outcome is null then null else coalesce(v.done_at, p.done_at) end,
      assigned_station_id = v.assigned_station_id,
      assigned_station_name = v.assigned_station_name,
      assigned_station_number = v.assigned_station_number,
      assigned_shift = v.assigned_shift,
      assigned_seat_position = v.assigned_seat_position
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as v(
      id uuid, queue_position integer, bid_priority integer, seniority_score integer, years_of_service integer,
      hire_date date, rank_date date, list_number integer, is_undone boolean, moved_to_back boolean,
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

/** A bid row for every seat won in this step, and the winner's activity entry; awards a rewind undid are marked. */
async function insertAwards(executor: Executor, { sessionId, session, changes, events, now }: EngineStepToSave) {
  const undone = changes.participants
    .filter(({ before: was, after: is }) => was.awardedSeat !== null && is.awardedSeat === null)
    .map(({ after: is }) => is.participantId);
  if (undone.length > 0) {
    await executor
      .update(bids)
      .set({ undoneAt: now })
      .where(and(eq(bids.sessionId, sessionId), inArray(bids.participantId, undone), isNull(bids.undoneAt)));
  }
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
      // A vacancy bid's move names the seat it opened (bidding-rules.md, "Vacancy bids").
      openedSeat: entry?.details.opened ?? null,
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
            actorName: row.placedByName ?? (row.kind === 'auto' ? SYSTEM_ACTOR.name : (awards[index]?.name ?? '')),
            type: 'bid',
            ...describeAwardActivity(row.kind, row, session.name),
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
