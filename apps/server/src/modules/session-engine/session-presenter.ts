/**
 * Reads a bid session's rows and presents them in the API's shapes (the shaping itself, pure, is
 * session-row-presenter.ts). Shared by the management routes and the engine steps, so every answer
 * about a session reads alike. Counts and seat availability are derived from the rows every time,
 * never stored, so they follow each award live. A session of thousands presents in a handful of
 * queries: one per kind of row, never one per participant.
 */
import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  type Participant,
  SEAT_POSITIONS,
  SHIFTS,
  type Shift,
} from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { summarizeSeats } from '../stations/stations.repository.ts';
import {
  countParticipantsBySession,
  findSessionById,
  listBidsOfParticipants,
  listOfferedStations,
  listSessionStationIds,
  type SessionRow,
} from './bid-sessions.repository.ts';
import {
  listParticipantViews,
  listTurnParticipantViews,
  type ParticipantView,
} from './participant-views.repository.ts';
import {
  countParticipants,
  findTurnAndNext,
  groupBy,
  isRunningStatus,
  type ParticipantCounts,
  presentParticipant,
  presentSessionFields,
  stationSummary,
} from './session-row-presenter.ts';
import { listOpenSeats } from './vacancy-seats.repository.ts';

export interface PresentOptions {
  /** The injected clock's time: presence ("connected") is judged against it. */
  now: Date;
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

/** One session without its participants (bidSessionSchema, packages/domain/src/schemas/bid-session.ts). */
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
    openSeats: session.type === 'vacancy' ? await listOpenSeats(executor, session.id) : [],
  };
}
