/**
 * The pure part of presenting bid sessions: one participant, a session's fields, its turn holder
 * and next in line, and a history entry, shaped from rows already read into the shapes of
 * packages/domain/src/schemas/bid-session.ts (bid session, participant, session history entry). No
 * queries: session-presenter.ts reads the rows and calls these; session-row-presenter.test.ts tests
 * them without a database.
 */
import {
  type BidSession,
  type BidSessionStatus,
  type BidSessionType,
  describeHistoryEntry,
  type EligibilityMode,
  findUndoneEntries,
  type Participant,
  type ParticipantOutcome,
  type ProfessionalPosition,
  type PublicParticipant,
  type Rank,
  type SeatPosition,
  type SessionHistoryEntry,
  type SessionRound,
  type Shift,
  type TieBreakLink,
} from '@stationbid/domain';
import type { BidRow, HistoryRow, SessionRow } from './bid-sessions.repository.ts';
import type { ParticipantView } from './participant-views.repository.ts';

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
export function stationSummary(id: string | null, name: string, number: number) {
  return { id: id ?? '', _id: id ?? '', name, number };
}

export function presentParticipant(
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
    round: participant.round,
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

/**
 * The public facts of a participant (publicParticipantSchema): name, rank, queue place and bid
 * priority as the board shows them, how their session went and the seat they took. Whom this is
 * given to is session-access.ts's decision.
 */
export function presentPublicParticipant(participant: Participant): PublicParticipant {
  const { user } = participant;
  return {
    id: participant.id,
    _id: participant._id,
    user: { id: user.id, _id: user._id, firstName: user.firstName, lastName: user.lastName, rank: user.rank },
    position: participant.position,
    round: participant.round,
    bidPriority: participant.bidPriority,
    hasBid: participant.hasBid,
    outcome: participant.outcome,
    movedToBack: participant.movedToBack,
    isCurrentTurn: participant.isCurrentTurn,
    assignedStation: participant.assignedStation,
    assignedShift: participant.assignedShift,
    assignedPosition: participant.assignedPosition,
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
export function groupBy<T>(
  items: readonly T[],
  keyOf: (item: T, index: number) => string | undefined,
): Map<string, T[]> {
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

/** The turn holder and the next waiting participant, from participants in queue order. */
export function findTurnAndNext(session: SessionRow, ordered: readonly Participant[]) {
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

export function presentSessionFields(
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
    type: session.type as BidSessionType,
    tieBreakChain: session.tieBreakChain as TieBreakLink[],
    randomSeed: session.randomSeed,
    stationIds,
    rounds: presentRounds(session.rounds),
    currentTurn: turn.currentTurn,
    nextParticipant: turn.nextParticipant,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

export function countParticipants(participantList: readonly Participant[]): ParticipantCounts {
  return {
    total: participantList.length,
    done: participantList.filter((participant) => participant.outcome !== null).length,
    movedToBack: participantList.filter((participant) => participant.movedToBack).length,
  };
}

/** A session's history entries, oldest first, those a later rewind undid marked. */
export function presentHistory(rows: readonly HistoryRow[]): SessionHistoryEntry[] {
  const undone = findUndoneEntries(
    rows.map((row) => ({ ...row, details: (row.details ?? {}) as Record<string, unknown> })),
  );
  return rows.map((row, index) => presentHistoryEntry(row, undone.has(index)));
}

/** A history entry (sessionHistoryEntrySchema, packages/domain/src/schemas/bid-session.ts). */
export function presentHistoryEntry(row: HistoryRow, isUndone = false): SessionHistoryEntry {
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
    ...(isUndone ? { undone: true } : {}),
  };
}

/** The session's stored rounds (the engine's `bidWindowMinutes`) as the API names them. */
export function presentRounds(stored: unknown): BidSession['rounds'] {
  return (stored as SessionRound[]).map((round) => ({
    name: round.name,
    ranks: [...round.ranks],
    bidWindowDuration: round.bidWindowMinutes,
  }));
}
