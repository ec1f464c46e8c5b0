/**
 * A member's own place as GET /:id/my-participation, GET /users/bid-status and GET
 * /users/bid-history answer it. Pure: the time is the injected clock's, passed in.
 */
import type { BidSession, HeldCertification, myParticipationResponseSchema, Participant } from '@stationbid/domain';
import type { z } from 'zod';
import type { listBidsOfMember, SessionRow } from '../session-engine/bid-sessions.repository.ts';
import { isRunningStatus, secondsFromMilliseconds } from '../session-engine/session-row-presenter.ts';

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
        }
      : {}),
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
