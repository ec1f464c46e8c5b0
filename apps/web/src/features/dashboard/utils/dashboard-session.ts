/**
 * What the dashboard says about the member's session, worked out once from its sources so that no
 * two cards can disagree: the member's bid status names the session (their own first), the session's
 * board (patched from every live step) says where it stands and whose turn it is, and the member's
 * own place (my-participation) says where they are in it. The board wins over the bid status about
 * the session, since it is the first to hear of a pause or a turn that moved on; while it loads, the
 * bid status stands in. Pure, so each state is tested without a page.
 */
import {
  type BidSession,
  type BidSessionStatus,
  type bidStatusResponseSchema,
  computeWaitRange,
  type Participant,
  type SessionBoard,
  type WaitRange,
  waitRangeOnBoard,
} from '@stationbid/domain';
import type { z } from 'zod';
import type { MyParticipation } from '../../../lib/session-queries.ts';

type BidStatus = z.infer<typeof bidStatusResponseSchema>;

/** The session's facts the dashboard shows, from the board when it has them, else from the bid status. */
export interface DashboardSessionFacts {
  id: string;
  name: string;
  description: string;
  status: BidSessionStatus;
  participantCount: number;
  /** Minutes of a first turn (the longest of the rounds' when the session has rounds). */
  turnMinutes: number;
  /** Minutes of a second chance. */
  secondChanceMinutes: number;
  startDate: string | null;
  endDate: string | null;
  scheduledStart: string | null;
  /** Where the turn's clock comes from (lib/turn-countdown.ts). */
  clock: Pick<BidSession, 'status' | 'currentBidEnd' | 'pausedRemainingSeconds'>;
}

export type DashboardSession =
  /** No session is running or scheduled. */
  | { kind: 'none' }
  /** A session the member takes no part in. */
  | { kind: 'watching'; session: DashboardSessionFacts }
  /** The member holds the turn; while paused their clock is frozen and nothing can be bid. */
  | { kind: 'yourTurn'; session: DashboardSessionFacts; isPaused: boolean }
  /**
   * The member waits: the turns before theirs (the turn holder included; 0 only before the start,
   * for the member who bids first) and how long that may take, from the start while it has not begun.
   */
  | { kind: 'waiting'; session: DashboardSessionFacts; peopleAhead: number; wait: WaitRange; isPaused: boolean }
  /** The member's turn is over; `seat` names the seat they won, if any. */
  | { kind: 'done'; session: DashboardSessionFacts; seat: string | null }
  /** The session ended while the dashboard was open. */
  | { kind: 'ended'; session: DashboardSessionFacts };

export interface DashboardSessionSources {
  bidStatus: BidStatus;
  /** The board of the bid status's session, once loaded. */
  board: SessionBoard | undefined;
  /** The member's own place in that session, once loaded. */
  participation: MyParticipation | undefined;
  /** The signed-in member's id. */
  memberId: string;
  /** The time left on the turn holder's clock (ticking, or frozen while paused); null when none runs. */
  holderRemainingMs: number | null;
}

const MINUTE_MS = 60_000;

function isRunning(status: BidSessionStatus): boolean {
  return status === 'active' || status === 'paused';
}

function describeFacts(session: BidSession, board: SessionBoard | undefined): DashboardSessionFacts {
  const source = board ?? session;
  const rounds = source.rounds ?? [];
  return {
    id: session.id,
    name: source.name,
    description: source.description,
    status: source.status,
    participantCount: board === undefined ? session.participantCount : board.counts.total,
    turnMinutes: Math.max(source.bidWindowDuration, ...rounds.map((round) => round.bidWindowDuration)),
    secondChanceMinutes: source.autoAssignTimeout,
    startDate: source.startDate,
    endDate: source.endDate,
    scheduledStart: source.scheduledStart,
    clock: {
      status: source.status,
      currentBidEnd: source.currentBidEnd,
      pausedRemainingSeconds: source.pausedRemainingSeconds,
    },
  };
}

/** "Station 2 · A shift · Captain": the seat the member won in this session, if they did. */
function findWonSeat(board: SessionBoard | undefined, mine: Participant | null): string | null {
  if (mine === null) return null;
  const pick = board?.recentPicks.find((candidate) => candidate.participantId === mine.id);
  if (pick !== undefined) return `Station ${pick.station.number} · ${pick.shift} shift · ${pick.position}`;
  if (!mine.hasBid || mine.assignedStation === null || mine.assignedShift === null || mine.assignedPosition === null) {
    return null;
  }
  return `Station ${mine.assignedStation.number} · ${mine.assignedShift} shift · ${mine.assignedPosition}`;
}

/**
 * Those still to bid before the member, the turn holder included: from the board's turn and the
 * member's queue place when both are known (the board moves with every step; the member's own place
 * is read again only when a step concerns them), never more than the server last counted.
 */
function countPeopleAhead(
  board: SessionBoard | undefined,
  mine: Participant | null,
  serverPeopleAhead: number | null,
): number {
  const fallback = serverPeopleAhead ?? 0;
  if (board === undefined || mine === null || !isRunning(board.status) || board.turn === null) return fallback;
  const ahead = mine.position - board.turn.queuePosition;
  if (ahead <= 0) return fallback;
  return serverPeopleAhead === null ? ahead : Math.min(ahead, serverPeopleAhead);
}

export function describeDashboardSession({
  bidStatus,
  board: loadedBoard,
  participation,
  memberId,
  holderRemainingMs,
}: DashboardSessionSources): DashboardSession {
  const session = bidStatus.session;
  if (session === null) return { kind: 'none' };
  // A board or place of another session (the bid status moved on) says nothing about this one.
  const board = loadedBoard?.sessionId === session.id ? loadedBoard : undefined;
  const facts = describeFacts(session, board);
  if (facts.status === 'completed') return { kind: 'ended', session: facts };

  const mine = participation?.participant ?? null;
  const isParticipant = participation === undefined ? bidStatus.position !== null : mine !== null;
  if (!isParticipant) return { kind: 'watching', session: facts };

  const isPaused = facts.status === 'paused';
  const holdsTurn =
    board === undefined
      ? bidStatus.isUserTurn && isRunning(facts.status)
      : isRunning(board.status) &&
        board.turn !== null &&
        (board.turn.memberId === memberId || (mine !== null && board.turn.participantId === mine.id));
  if (holdsTurn) return { kind: 'yourTurn', session: facts, isPaused };
  if (mine !== null && mine.outcome !== null) return { kind: 'done', session: facts, seat: findWonSeat(board, mine) };

  const serverPeopleAhead =
    participation !== undefined
      ? participation.peopleAhead
      : bidStatus.position === null
        ? null
        : Math.max(0, bidStatus.position - 1);
  // Before the start no turn runs, and the first in the queue bids as it starts. Once it runs, a
  // member who does not hold the turn has at least its holder ahead.
  const hasStarted = isRunning(facts.status);
  const counted = countPeopleAhead(board, mine, serverPeopleAhead);
  const peopleAhead = hasStarted ? Math.max(1, counted) : counted;
  const myQueuePosition = mine?.position ?? Number.POSITIVE_INFINITY;
  const holderClockMs = hasStarted ? holderRemainingMs : null;
  const wait =
    board === undefined
      ? computeWaitRange({
          peopleAhead,
          turnWindowMs: facts.turnMinutes * MINUTE_MS,
          secondChanceWindowMs: facts.secondChanceMinutes * MINUTE_MS,
          holderRemainingMs: holderClockMs,
        })
      : waitRangeOnBoard(board, { peopleAhead, queuePosition: myQueuePosition, holderRemainingMs: holderClockMs });
  return { kind: 'waiting', session: facts, peopleAhead, wait, isPaused };
}
