/**
 * The session board and participant pages (packages/domain/src/schemas/session-board.ts) as the API
 * would send them for a session built with build-bid-session.ts, so that component tests keep
 * describing a session once and the screens read it the way they now do: GET /board,
 * GET /participants?limit=…, /my-participation and the sessions list.
 */
import {
  BID_MESSAGES,
  type BidSessionDetail,
  type BoardParticipant,
  type BoardPick,
  type Participant,
  type SessionBoard,
} from '@stationbid/domain';
import { buildForecast } from './build-forecast.ts';
import { jsonResponse, type MockHandler } from './mock-api.ts';

function toBoardParticipant(participant: Participant): BoardParticipant {
  return {
    participantId: participant.id,
    memberId: participant.user.id,
    name: `${participant.user.firstName} ${participant.user.lastName}`,
    rank: participant.user.rank,
    bidPriority: participant.bidPriority,
    queuePosition: participant.position,
    movedToBack: participant.movedToBack,
  };
}

function toBoardPicks(participants: readonly Participant[]): BoardPick[] {
  return participants
    .flatMap((participant) =>
      participant.bidHistory.map((bid) => ({
        ...toBoardParticipant(participant),
        station: { id: bid.station.id, name: bid.station.name, number: bid.station.number },
        shift: bid.shift,
        position: bid.position,
        kind: bid.kind,
        placedBy: bid.kind === 'proxy' ? 'Admin User' : null,
        at: bid.timestamp,
      })),
    )
    .map(({ queuePosition: _queuePosition, movedToBack: _movedToBack, ...pick }) => pick)
    .sort((first, second) => Date.parse(second.at) - Date.parse(first.at));
}

function countByOutcome(participants: readonly Participant[]): SessionBoard['counts']['byOutcome'] {
  const counts = { bid: 0, proxy_bid: 0, auto_assigned: 0, skipped: 0, not_assigned: 0 };
  for (const participant of participants) if (participant.outcome !== null) counts[participant.outcome] += 1;
  return counts;
}

/** The board the server would build for `session` (its turn holder, the next five, counts, seats, picks). */
export function toSessionBoard(session: BidSessionDetail, overrides: Partial<SessionBoard> = {}): SessionBoard {
  const isRunning = session.status === 'active' || session.status === 'paused';
  const byPosition = [...session.participants].sort((first, second) => first.position - second.position);
  const turnHolder = isRunning
    ? (byPosition.find((participant) => participant.isCurrentTurn) ??
      byPosition.find((participant) => participant.position === session.currentParticipant - 1) ??
      null)
    : null;
  const upcoming = byPosition
    .filter(
      (participant) =>
        participant !== turnHolder &&
        participant.outcome === null &&
        !participant.hasBid &&
        participant.position > (turnHolder?.position ?? -1),
    )
    .slice(0, 5)
    .map(toBoardParticipant);
  const total = session.participants.length;
  const done = session.completedBids;
  return {
    sessionId: session.id,
    version: 1,
    name: session.name,
    description: session.description,
    year: session.year,
    bidWindowDuration: session.bidWindowDuration,
    autoAssignTimeout: session.autoAssignTimeout,
    eligibilityMode: session.eligibilityMode,
    startDate: session.startDate,
    endDate: session.endDate,
    scheduledStart: session.scheduledStart,
    scheduledEnd: session.scheduledEnd,
    status: session.status,
    currentParticipant: session.currentParticipant,
    currentBidEnd: session.currentBidEnd,
    pausedRemainingSeconds: session.pausedRemainingSeconds,
    actualStart: session.actualStart,
    actualEnd: session.actualEnd,
    turn: turnHolder === null ? null : toBoardParticipant(turnHolder),
    upcoming,
    counts: {
      total,
      done,
      waiting: Math.max(0, total - done),
      awarded: session.participants.filter((participant) => participant.hasBid).length,
      movedToBack: session.movedToBackCount,
      byOutcome: countByOutcome(session.participants),
    },
    stations: session.availableStations.map((station) => ({ ...station })),
    recentPicks: toBoardPicks(session.participants).slice(0, 20),
    ...overrides,
  };
}

interface SessionBoardApiOptions {
  /** The signed-in member, for /my-participation; null answers "not a participant". */
  memberId: string | null;
  /** Overrides of the board (e.g. a later version). */
  board?: Partial<SessionBoard>;
}

/**
 * Handlers for the reads of a followed session. `getSession` is called on every request, so a test
 * that changes its session sees the change at the next read.
 */
export function sessionBoardApi(
  getSession: () => BidSessionDetail,
  { memberId, board = {} }: SessionBoardApiOptions,
): Record<string, MockHandler> {
  const id = getSession().id;
  // The one-row pages a screen reads a named participant's full entry with (the cursor ends the page before).
  const oneRowPages = Object.fromEntries(
    getSession().participants.map((participant) => [
      `GET /api/bid-sessions/${id}/participants?limit=1${participant.position > 0 ? `&cursor=${participant.position - 1}` : ''}`,
      () => {
        const { participants } = getSession();
        const atPosition = participants.filter((candidate) => candidate.position === participant.position);
        return jsonResponse(200, { participants: atPosition, nextCursor: null, total: participants.length });
      },
    ]),
  ) as Record<string, MockHandler>;
  return {
    ...oneRowPages,
    [`GET /api/bid-sessions/${id}/board`]: () => jsonResponse(200, { board: toSessionBoard(getSession(), board) }),
    [`GET /api/bid-sessions/${id}/participants?limit=100`]: () => {
      const { participants } = getSession();
      return jsonResponse(200, { participants, nextCursor: null, total: participants.length });
    },
    [`GET /api/bid-sessions/${id}/participants?connected=true&limit=50`]: () => {
      const connected = getSession().participants.filter((participant) => participant.isConnected);
      return jsonResponse(200, { participants: connected, nextCursor: null, total: connected.length });
    },
    [`GET /api/bid-sessions/${id}/my-participation`]: () => {
      const session = getSession();
      const mine = session.participants.find((participant) => participant.user.id === memberId) ?? null;
      const isUserTurn = mine?.isCurrentTurn === true;
      const peopleAhead =
        mine === null || mine.outcome !== null || isUserTurn
          ? 0
          : session.participants.filter(
              (participant) => participant.outcome === null && participant.position < mine.position,
            ).length;
      return jsonResponse(200, { participant: mine, isUserTurn, peopleAhead, timeRemaining: isUserTurn ? 270 : 0 });
    },
    // The member's forecast, as the server answers a participant with no saved list; a test about the
    // forecast gives its own handler.
    [`GET /api/bid-sessions/${id}/forecast`]: () => {
      const session = getSession();
      if (session.status === 'completed') {
        return jsonResponse(409, { error: BID_MESSAGES.forecastAfterCompletion, code: 'CONFLICT' });
      }
      const mine = session.participants.find((participant) => participant.user.id === memberId);
      if (mine === undefined) {
        return jsonResponse(404, { error: BID_MESSAGES.notParticipant, code: 'NOT_FOUND' });
      }
      const forecast =
        mine.outcome === null
          ? buildForecast({ sessionId: id })
          : buildForecast({
              sessionId: id,
              turn: 'turnTaken',
              summary: 'Your turn has come and gone: your result is on the board.',
            });
      return jsonResponse(200, { forecast });
    },
    // The department's zone, named beside the turn's deadline.
    'GET /api/department-settings': () =>
      jsonResponse(200, {
        timeZone: 'America/Chicago',
        timeZoneAbbreviation: 'CST',
        source: 'default',
        defaultTimeZone: 'America/Chicago',
        updatedAt: null,
      }),
    'GET /api/bid-sessions?view=summary': () => {
      const { participants: _participants, availableStations: _stations, ...listed } = getSession();
      return jsonResponse(200, { sessions: [listed] });
    },
  };
}
