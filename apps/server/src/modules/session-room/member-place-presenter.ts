/**
 * A member's own place as GET /:id/my-participation, GET /users/bid-status and GET
 * /users/bid-history answer it. Pure: the time is the injected clock's, passed in.
 */
import type {
  BidSession,
  HeldCertification,
  myParticipationResponseSchema,
  Participant,
  SeatPosition,
  Shift,
  TurnStory,
} from '@stationbid/domain';
import type { z } from 'zod';
import type { listBidsOfMember, SessionRow } from '../session-engine/bid-sessions.repository.ts';
import { isRunningStatus, secondsFromMilliseconds } from '../session-engine/session-row-presenter.ts';
import type { StartSeat, TurnStoryRow } from './member-turn-story.repository.ts';

type MyParticipation = z.infer<typeof myParticipationResponseSchema>;
type MemberBidRow = Awaited<ReturnType<typeof listBidsOfMember>>[number];
type BidOfParticipant = Participant['bidHistory'][number];

/**
 * Participants still to bid before this one; 0 when it is their turn or they are done. Turns are
 * taken in queue order and a participant is done only after their turn, so everyone between the
 * turn (or the queue's start, before the session runs) and this one is still waiting.
 */
export function countPeopleAhead(mine: Participant, session: SessionRow): number {
  if (mine.outcome !== null || mine.isCurrentTurn) return 0;
  const firstWaiting = isRunningStatus(session.status) ? Math.max(0, session.currentParticipant - 1) : 0;
  return Math.max(0, mine.position - firstWaiting);
}

/** Seconds left in the participant's turn by the server's clock: the frozen remainder while paused. */
export function secondsLeftInTurn(session: SessionRow, participant: Participant, now: Date): number {
  if (!participant.isCurrentTurn) return 0;
  if (session.status === 'paused') return secondsFromMilliseconds(session.pausedRemainingMs ?? 0);
  const turnEnd = participant.timeWindow.end;
  const deadline = session.currentBidEnd ?? (turnEnd ? new Date(turnEnd) : null);
  return deadline ? secondsFromMilliseconds(deadline.getTime() - now.getTime()) : 0;
}

/** The member's own facts of a department's rules: their round and their certifications. */
export interface OwnRules {
  myRound: MyParticipation['myRound'];
  certifications: HeldCertification[];
}

/**
 * GET /:id/my-participation: `mine` is null when the viewer takes no part in the session. Their
 * round and certifications are theirs alone: no other member's are ever in this answer.
 */
export function presentMyParticipation(
  session: SessionRow,
  mine: Participant | null,
  now: Date,
  own: OwnRules = { myRound: null, certifications: [] },
  turnStory?: TurnStory,
): MyParticipation {
  return {
    participant: mine,
    isUserTurn: mine?.isCurrentTurn ?? false,
    peopleAhead: mine ? countPeopleAhead(mine, session) : 0,
    timeRemaining: mine ? secondsLeftInTurn(session, mine, now) : 0,
    // A non-participant's answer stays as it always was.
    ...(mine
      ? {
          myRound: own.myRound,
          certifications: own.certifications.map(({ code, expiresOn }) => ({ code, expiresOn })),
          ...(turnStory ? { turnStory } : {}),
        }
      : {}),
  };
}

/** A story with nothing to tell: a member still waiting for their first turn. */
export const EMPTY_TURN_STORY: TurnStory = { movedToBack: null, award: null, endedBeforeTurn: false };

/** Whether the member's place has anything for the outcome card to tell, so the history is read only then. */
export function hasTurnStory(mine: Participant, session: Pick<SessionRow, 'status'>): boolean {
  return mine.movedToBack || mine.outcome !== null || session.status === 'completed';
}

function awardSource(row: TurnStoryRow): NonNullable<TurnStory['award']>['source'] {
  if (row.action === 'auto_assigned') return row.details.source === 'auto_bid' ? 'ranked_list' : 'automatic';
  if (row.details.proxy === true) return 'phone_in';
  return row.details.source === 'standing_bid' ? 'standing_bid' : 'own';
}

/**
 * How the member's turn went, from their own history entries (oldest first): the move to the back
 * that stands (with the administrator who made it, none when their time ran out), the award that
 * stands with the seat it replaced, and whether the session was ended before their turn came.
 */
export function presentTurnStory(
  mine: Participant,
  rows: readonly TurnStoryRow[],
  startSeat: StartSeat | null,
): TurnStory {
  const own = rows.filter((row) => row.participantId === mine.id);
  const moved = mine.movedToBack ? own.findLast((row) => row.action === 'moved_to_back') : undefined;
  const isAwarded = mine.outcome === 'bid' || mine.outcome === 'proxy_bid' || mine.outcome === 'auto_assigned';
  const awardRow = isAwarded
    ? own.findLast((row) => row.action === 'bid_submitted' || (row.action === 'auto_assigned' && !row.details.reason))
    : undefined;
  const source = awardRow ? awardSource(awardRow) : null;
  const choice = awardRow?.details.choice;
  const awarded = { station: mine.assignedStation, shift: mine.assignedShift, position: mine.assignedPosition };
  const isSameSeat =
    startSeat !== null &&
    startSeat.stationNumber === awarded.station?.number &&
    startSeat.shift === awarded.shift &&
    startSeat.seatPosition === awarded.position;
  const ended = rows.findLast((row) => row.action === 'session_completed' && row.participantId === null);
  return {
    movedToBack: moved
      ? {
          at: moved.createdAt.toISOString(),
          byAdministrator: moved.details.reason === undefined && moved.actorId !== null ? moved.actorName : null,
        }
      : null,
    award:
      awardRow && source
        ? {
            at: awardRow.createdAt.toISOString(),
            source,
            listChoice:
              (source === 'ranked_list' || source === 'standing_bid') && typeof choice === 'number' ? choice : null,
            placedBy: source === 'phone_in' ? awardRow.actorName : null,
            seatLeft:
              startSeat === null || isSameSeat
                ? null
                : {
                    stationNumber: startSeat.stationNumber,
                    stationName: startSeat.stationName,
                    shift: startSeat.shift as Shift,
                    position: startSeat.seatPosition as SeatPosition,
                  },
          }
        : null,
    endedBeforeTurn: ended?.details.endedEarly === true && mine.outcome === 'not_assigned' && awardRow === undefined,
  };
}

/**
 * GET /users/bid-status: the place is 1 for the turn holder and those next up count from there;
 * once done, it is the queue place the member bid from.
 */
export function presentBidStatus(
  session: SessionRow | null,
  mine: Participant | null,
  summary: BidSession | null,
  now: Date,
) {
  if (!session) return { position: null, isUserTurn: false, timeRemaining: 0, session: null };
  return {
    position: mine ? (mine.outcome === null ? countPeopleAhead(mine, session) + 1 : mine.position + 1) : null,
    isUserTurn: mine?.isCurrentTurn ?? false,
    timeRemaining: mine ? secondsLeftInTurn(session, mine, now) : 0,
    session: summary,
  };
}

/** One accepted bid of GET /users/bid-history. */
export function presentMemberBid({ bid, session, bidPriority }: MemberBidRow) {
  return {
    _id: bid.id,
    id: bid.id,
    createdAt: bid.createdAt.toISOString(),
    timestamp: bid.createdAt.toISOString(),
    session: { _id: session.id, id: session.id, name: session.name, year: session.year },
    station: { name: bid.stationName, number: bid.stationNumber },
    shift: bid.shift as BidOfParticipant['shift'],
    position: bid.seatPosition as BidOfParticipant['position'],
    kind: bid.kind as BidOfParticipant['kind'],
    status: session.status === 'completed' ? ('completed' as const) : ('active' as const),
    bidPriority,
  };
}
