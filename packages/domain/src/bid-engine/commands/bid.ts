/**
 * `bid`: the turn holder takes a seat, or an administrator takes it for them (a proxy bid, e.g. a
 * member who phoned in). The seat must be offered, free (or the one they hold), one their rank and
 * certifications qualify them for, and one that leaves the must-fill seats fillable (seat-choice.ts);
 * then the next turn begins.
 */
import {
  findParticipant,
  isSameMember,
  refuse,
  refuseUnknownParticipant,
  refuseUnlessActive,
  refuseUnlessTurnIsOpen,
} from '../engine-checks.ts';
import { BID_MESSAGES, notEligibleMessage, seatNotOfferedMessage } from '../messages.ts';
import { bidSubjectNamed } from '../qualification.ts';
import { isChoiceOffered, isEligibleForSeat, isStationOffered } from '../seat-availability.ts';
import { TurnRules } from '../seat-choice.ts';
import { SessionStep } from '../session-step.ts';
import { advance, award } from '../turn-flow.ts';
import type { Actor, EngineResult, EngineState, SeatChoice } from '../types.ts';

export function bid(
  state: EngineState,
  now: number,
  actor: Actor,
  participantId: string,
  choice: SeatChoice,
): EngineResult {
  const statusRefusal = refuseUnlessActive(state.session);
  if (statusRefusal) return statusRefusal;
  const { index: participantIndex, participant } = findParticipant(state, participantId);
  if (!participant) return refuseUnknownParticipant(actor);
  const isOwnBid = isSameMember(actor, participant);
  if (!isOwnBid && !actor.isAdmin) return refuse('FORBIDDEN', BID_MESSAGES.adminOnlyProxy);
  const turnRefusal = refuseUnlessTurnIsOpen(state, participantIndex, now);
  if (turnRefusal) return turnRefusal;
  if (!isStationOffered(state, choice.stationId)) {
    return refuse('BAD_REQUEST', BID_MESSAGES.stationNotOffered);
  }
  if (!isChoiceOffered(state, choice)) {
    return refuse('BAD_REQUEST', seatNotOfferedMessage(choice.shift, choice.seatPosition));
  }
  if (!isEligibleForSeat(participant.rank, choice.seatPosition, state.session.eligibilityMode)) {
    return refuse('FORBIDDEN', notEligibleMessage(choice.seatPosition));
  }
  const subject = isOwnBid ? undefined : bidSubjectNamed(participant.name);
  const pick = new TurnRules(state, participant, now, subject).pick(choice);
  if (!pick.ok) return refuse(pick.code, pick.message);
  const seat = pick.seat;

  const step = new SessionStep(state, now);
  award(step, participantIndex, seat, {
    outcome: isOwnBid ? 'bid' : 'proxy_bid',
    action: 'bid_submitted',
    actor,
    details: isOwnBid ? {} : { proxy: true },
  });
  advance(step);
  return step.toResult();
}
