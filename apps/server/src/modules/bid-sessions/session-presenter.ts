/**
 * Turns bid-session rows into the API's shapes (product-spec.md section 3: Bid session, Participant,
 * Session history entry). Shared by the management routes and the engine steps, so every answer
 * about a session reads alike. Counts and seat availability are derived from the rows every time,
 * never stored, so they follow each award live. A session of thousands presents in a handful of
 * queries: one per kind of row, never one per participant.
 */
import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  type BidSessionStatus,
  describeHistoryEntry,
  type EligibilityMode,
  type Participant,
  type ParticipantOutcome,
  type ProfessionalPosition,
  type Rank,
  SEAT_POSITIONS,
  type SeatPosition,
  type SessionHistoryEntry,
  SHIFTS,
  type Shift,
  type TieBreakLink,
} from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { summarizeSeats } from '../stations/stations.repository.ts';
import {
  type BidRow,
  countParticipantsBySession,
  findSessionById,
  type HistoryRow,
  listBidsOfParticipants,
  listOfferedStations,
  listParticipantViews,
  listSessionStationIds,
  listTurnParticipantViews,
  type ParticipantView,
  type SessionRow,
} from './bid-sessions.repository.ts';

export interface PresentOptions {
  /** The injected clock's time: presence ("connected") is judged against it. */
  now: Date;
}

/** A participant counts as connected when they joined and were seen within this long. */
export const CONNECTED_WITHIN_MS = 2 * 60_000;

/** Statuses in which a turn can be held. */
const RUNNING_STATUSES: readonly BidSessionStatus[] = ['active', 'paused'];

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Seconds, rounded up so that a turn with any time left never shows 0. */
export const secondsFromMilliseconds = (milliseconds: number) => Math.max(0, Math.ceil(milliseconds / 1000));

/** True when the session's status means a turn is held (active or paused). */
export const isRunningStatus = (status: string) => RUNNING_STATUSES.includes(status as BidSessionStatus);

/** A station named in a participant or bid: a station deleted since keeps its name and number but has no id. */
function stationSummary(id: string | null, name: string, number: number) {
  return { id: id ?? '', _id: id ?? '', name, number };
}

function presentParticipant(
  view: ParticipantView,
  bidsOfParticipant: readonly BidRow[],
  session: SessionRow,
  now: Date,
): Participant {
  const { participant, member, currentSeat } = view;
  const isAwarded =
    participant.outcome === 'bid' || participant.outcome === 'proxy_bid' || participant.outcome === 'auto_assigned';
  const hasAssignedSeat = participant.assignedStationName !== null && participant.assignedStationNumber !== null;
  const lastSeenAt = Math.max(participant.lastSeenAt?.getTime() ?? 0, member?.lastSeenAt?.getTime() ?? 0);
  return {
    id: participant.id,
    _id: participant.id,
    user: {
      id: participant.memberId,
      _id: participant.memberId,
      firstName: participant.firstName,
      lastName: participant.lastName,
      employeeId: participant.employeeId,
      rank: participant.rank as Rank,
      position: participant.position as ProfessionalPosition,
      isAdmin: member?.isAdmin ?? false,
    },
    position: participant.queuePosition,
    bidPriority: participant.bidPriority,
    seniorityScore: participant.seniorityScore,
    yearsOfService: participant.yearsOfService,
    hasBid: isAwarded && hasAssignedSeat,
    outcome: participant.outcome as ParticipantOutcome | null,
    movedToBack: participant.movedToBack,
    assignedStation: hasAssignedSeat
      ? stationSummary(
          participant.assignedStationId,
          participant.assignedStationName as string,
          participant.assignedStationNumber as number,
        )
      : null,
    assignedShift: hasAssignedSeat ? (participant.assignedShift as Shift | null) : null,
    assignedPosition: hasAssignedSeat ? (participant.assignedSeatPosition as SeatPosition | null) : null,
    currentStation: currentSeat
      ? stationSummary(currentSeat.stationId, currentSeat.stationName, currentSeat.stationNumber)
      : null,
    currentShift: (currentSeat?.shift as Shift | undefined) ?? null,
    currentPosition: (currentSeat?.seatPosition as SeatPosition | undefined) ?? null,
    timeWindow: { start: isoOrNull(participant.turnStartedAt), end: isoOrNull(participant.turnDeadline) },
    isCurrentTurn: isTurnHolder(participant, session),
    isConnected: participant.joinedAt !== null && now.getTime() - lastSeenAt <= CONNECTED_WITHIN_MS,
    bidHistory: bidsOfParticipant.map((bid) => ({
      station: stationSummary(bid.stationId, bid.stationName, bid.stationNumber),
      shift: bid.shift as Shift,
      position: bid.seatPosition as SeatPosition,
      kind: bid.kind as 'own' | 'proxy' | 'auto',
      timestamp: bid.createdAt.toISOString(),
    })),
  };
}

function isTurnHolder(participant: ParticipantView['participant'], session: SessionRow): boolean {
  return (
    isRunningStatus(session.status) &&
    participant.outcome === null &&
    participant.queuePosition === session.currentParticipant - 1
  );
}

/** Items grouped by a key computed from the item and its index; items without a key are left out. */
function groupBy<T>(items: readonly T[], keyOf: (item: T, index: number) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  items.forEach((item, index) => {
    const key = keyOf(item, index);
    if (key === undefined) return;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  });
  return groups;
}

async function presentParticipantViews(
  executor: Executor,
  views: readonly ParticipantView[],
  sessions: ReadonlyMap<string, SessionRow>,
  now: Date,
): Promise<Participant[]> {
  const bidRows = await listBidsOfParticipants(
    executor,
    views.map((view) => view.participant.id),
  );
  const bidsByParticipant = groupBy(bidRows, (bid) => bid.participantId);
  return views.map((view) => {
    const session = sessions.get(view.participant.sessionId);
    if (!session) throw new Error(`participant ${view.participant.id} presented without its session`);
    return presentParticipant(view, bidsByParticipant.get(view.participant.id) ?? [], session, now);
  });
}

/** The turn holder and the next waiting participant, from participants in queue order. */
function findTurnAndNext(session: SessionRow, ordered: readonly Participant[]) {
  if (!isRunningStatus(session.status)) return { currentTurn: null, nextParticipant: null };
  const currentTurn = ordered.find((participant) => participant.isCurrentTurn) ?? null;
  const turnIndex = session.currentParticipant - 1;
  const nextParticipant =
    ordered.find((participant) => participant.position > turnIndex && participant.outcome === null) ?? null;
  return { currentTurn, nextParticipant };
}

/** Participants, those done, and those moved to the back, of one session. */
export interface ParticipantCounts {
  total: number;
  done: number;
  movedToBack: number;
}

function presentSessionFields(
  session: SessionRow,
  counts: ParticipantCounts,
  stationIds: string[],
  turn: { currentTurn: Participant | null; nextParticipant: Participant | null },
): BidSession {
  return {
    id: session.id,
    _id: session.id,
    name: session.name,
    description: session.description,
    year: session.year,
    status: session.status as BidSessionStatus,
    participantCount: counts.total,
    totalParticipants: counts.total,
    currentParticipant: session.currentParticipant,
    currentBidEnd: isoOrNull(session.currentBidEnd),
    pausedRemainingSeconds:
      session.pausedRemainingMs === null ? null : secondsFromMilliseconds(session.pausedRemainingMs),
    completedBids: counts.done,
    bidWindowDuration: session.bidWindowMinutes,
    bidTimeLimit: session.bidWindowMinutes * 60,
    autoAssignTimeout: session.autoAssignTimeoutMinutes,
    movedToBackCount: counts.movedToBack,
    startDate: isoOrNull(session.startDate),
    endDate: isoOrNull(session.endDate),
    scheduledStart: isoOrNull(session.scheduledStart),
    scheduledEnd: isoOrNull(session.scheduledEnd),
    actualStart: isoOrNull(session.actualStart),
    actualEnd: isoOrNull(session.actualEnd),
    clearAssignments: session.clearAssignments,
    eligibilityMode: session.eligibilityMode as EligibilityMode,
    tieBreakChain: session.tieBreakChain as TieBreakLink[],
    randomSeed: session.randomSeed,
    stationIds,
    currentTurn: turn.currentTurn,
    nextParticipant: turn.nextParticipant,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

function countParticipants(participantList: readonly Participant[]): ParticipantCounts {
  return {
    total: participantList.length,
    done: participantList.filter((participant) => participant.outcome !== null).length,
    movedToBack: participantList.filter((participant) => participant.movedToBack).length,
  };
}

/** The session row, or 404 with the message every session call uses. */
export async function findSessionOrRefuse(executor: Executor, sessionId: string): Promise<SessionRow> {
  const session = await findSessionById(executor, sessionId);
  if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
  return session;
}

/** A session's participants in queue order. */
export async function presentParticipants(
  executor: Executor,
  session: SessionRow,
  options: PresentOptions,
): Promise<Participant[]> {
  const views = await listParticipantViews(executor, session.id);
  return presentParticipantViews(executor, views, new Map([[session.id, session]]), options.now);
}

/** Some of a session's participants (a page, or one member's), in the order given. */
export function presentSomeParticipants(
  executor: Executor,
  session: SessionRow,
  views: readonly ParticipantView[],
  options: PresentOptions,
): Promise<Participant[]> {
  return presentParticipantViews(executor, views, new Map([[session.id, session]]), options.now);
}

/**
 * Many sessions without their participants, in the order given: a fixed number of queries
 * whatever the number of sessions (counts grouped, turn holders found by one window query).
 */
export async function presentSessionSummaries(
  executor: Executor,
  sessions: readonly SessionRow[],
  options: PresentOptions & { knownCounts?: ReadonlyMap<string, ParticipantCounts> },
): Promise<BidSession[]> {
  const ids = sessions.map((session) => session.id);
  const runningIds = sessions.filter((session) => isRunningStatus(session.status)).map((session) => session.id);
  // Counting is the one read that grows with a session: skipped where the caller knows the counts.
  const idsToCount = ids.filter((id) => !options.knownCounts?.has(id));
  const [counted, stationLinks, turnViews] = await Promise.all([
    countParticipantsBySession(executor, idsToCount),
    listSessionStationIds(executor, ids),
    listTurnParticipantViews(executor, runningIds),
  ]);
  const sessionsById = new Map(sessions.map((session) => [session.id, session]));
  const turnParticipants = await presentParticipantViews(executor, turnViews, sessionsById, options.now);
  const turnParticipantsBySession = groupBy(turnParticipants, (_, index) => turnViews[index]?.participant.sessionId);
  const stationIdsBySession = groupBy(
    stationLinks.map((link) => link.stationId),
    (_, index) => stationLinks[index]?.sessionId,
  );
  const countsBySession = new Map<string, ParticipantCounts>([
    ...(options.knownCounts ?? []),
    ...counted.map((row): [string, ParticipantCounts] => [row.sessionId, row]),
  ]);
  return sessions.map((session) =>
    presentSessionFields(
      session,
      countsBySession.get(session.id) ?? { total: 0, done: 0, movedToBack: 0 },
      stationIdsBySession.get(session.id) ?? [],
      findTurnAndNext(session, turnParticipantsBySession.get(session.id) ?? []),
    ),
  );
}

/** One session without its participants (spec section 3, Bid session). */
export async function presentSessionSummary(
  executor: Executor,
  sessionId: string,
  options: PresentOptions & { knownCounts?: ReadonlyMap<string, ParticipantCounts> },
): Promise<BidSession> {
  const session = await findSessionOrRefuse(executor, sessionId);
  const [summary] = await presentSessionSummaries(executor, [session], options);
  if (!summary) throw new Error(`session ${sessionId} was not presented`);
  return summary;
}

/** Free and total seats of one station, shift and position. */
interface SeatGroupCount {
  free: number;
  total: number;
}

/**
 * The offered stations with their free seats per shift and position: seats minus the members
 * holding them, read now, so every award shows at once.
 */
async function presentAvailableStations(
  executor: Executor,
  stationIds: readonly string[],
): Promise<BidSessionDetail['availableStations']> {
  const offered = await listOfferedStations(executor, stationIds);
  const summaries = await summarizeSeats(
    executor,
    offered.map((station) => station.id),
  );
  const groups = new Map<string, SeatGroupCount>();
  for (const summary of summaries) {
    groups.set(`${summary.stationId}|${summary.shift}|${summary.seatPosition}`, {
      free: summary.total - summary.occupied,
      total: summary.total,
    });
  }
  return offered.map((station) => {
    const positionsOfShift = (shift: Shift) =>
      SEAT_POSITIONS.flatMap((position) => {
        const group = groups.get(`${station.id}|${shift}|${position}`);
        return group && group.total > 0 ? [{ position, count: group.free, total: group.total }] : [];
      });
    const availablePositions = { A: positionsOfShift('A'), B: positionsOfShift('B'), C: positionsOfShift('C') };
    const allGroups = SHIFTS.flatMap((shift) => availablePositions[shift]);
    return {
      ...stationSummary(station.id, station.name, station.number),
      address: station.address,
      availablePositions,
      available: allGroups.reduce((sum, group) => sum + group.count, 0),
      totalCapacity: allGroups.reduce((sum, group) => sum + group.total, 0),
    };
  });
}

/** One session with its participants in queue order and its stations' live availability. */
export async function presentSession(
  executor: Executor,
  sessionId: string,
  options: PresentOptions,
): Promise<BidSessionDetail> {
  const session = await findSessionOrRefuse(executor, sessionId);
  const stationIds = (await listSessionStationIds(executor, [session.id])).map((link) => link.stationId);
  const [participantList, availableStations] = await Promise.all([
    presentParticipants(executor, session, options),
    presentAvailableStations(executor, stationIds),
  ]);
  return {
    ...presentSessionFields(
      session,
      countParticipants(participantList),
      stationIds,
      findTurnAndNext(session, participantList),
    ),
    participants: participantList,
    availableStations,
  };
}

/** A history entry (spec section 3, Session history entry). */
export function presentHistoryEntry(row: HistoryRow): SessionHistoryEntry {
  const id = String(row.id);
  const facts = {
    action: row.action as SessionHistoryEntry['action'],
    userName: row.userName,
    actorName: row.actorName,
    stationName: row.stationName,
    stationNumber: row.stationNumber,
    shift: row.shift as Shift | null,
    position: row.seatPosition as SeatPosition | null,
  };
  const detailsData = (row.details ?? {}) as Record<string, unknown>;
  return {
    id,
    _id: id,
    ...facts,
    bidPriority: row.bidPriority,
    timestamp: row.createdAt.toISOString(),
    // Text for the spec's client, which renders `details`; the facts stay in `detailsData`.
    details: describeHistoryEntry({ ...facts, details: detailsData }),
    detailsData,
  };
}
