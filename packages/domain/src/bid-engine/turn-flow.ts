/**
 * How turns follow one another inside a step: a seat awarded, the next turn begun (or the
 * session completed), a turn holder sent to the back of the queue. The commands call these on
 * the step's working copy.
 */
import { toSeatRef } from './seat-availability.ts';
import type { SessionStep } from './session-step.ts';
import {
  type Actor,
  type EngineParticipant,
  type EngineSession,
  type EngineState,
  type ParticipantOutcome,
  type SeatRef,
  SYSTEM_ACTOR,
} from './types.ts';

const MS_PER_MINUTE = 60_000;

/** The deadline of a turn beginning at `now`: the bid window, or the shorter auto-assign timeout for a second chance. */
export function turnDeadlineFor(
  session: Pick<EngineSession, 'bidWindowMinutes' | 'autoAssignTimeoutMinutes'>,
  participant: Pick<EngineParticipant, 'movedToBack'>,
  now: number,
): number {
  const minutes = participant.movedToBack ? session.autoAssignTimeoutMinutes : session.bidWindowMinutes;
  return now + minutes * MS_PER_MINUTE;
}

/** The participant holding the turn while the session is active or paused, else undefined. */
export function getTurnHolder(state: EngineState): EngineParticipant | undefined {
  const { status, currentParticipant } = state.session;
  if (status !== 'active' && status !== 'paused') return undefined;
  const position = currentParticipant - 1;
  const atIndex = state.participants[position];
  if (atIndex?.queuePosition === position) return atIndex;
  return state.participants.find((participant) => participant.queuePosition === position);
}

/** The turn holder is done: the next turn begins, or the session completes when nobody is left. */
export function advance(step: SessionStep): void {
  step.updateSession({ currentParticipant: step.session.currentParticipant + 1 });
  beginTurnOrComplete(step);
}

/**
 * Begins the turn of the participant at `currentParticipant`, or completes the session when it has
 * run past the last one. A participant whose member was deleted cannot hold a seat, so their turn is
 * passed over at once (Not Assigned) instead of making everyone wait for the clock.
 */
export function beginTurnOrComplete(step: SessionStep): void {
  for (;;) {
    const holderIndex = step.session.currentParticipant - 1;
    const holder = step.participants[holderIndex];
    if (!holder) {
      complete(step, SYSTEM_ACTOR, false);
      return;
    }
    if (holder.memberId === null) {
      step.updateParticipant(holderIndex, { outcome: 'not_assigned' });
      step.addHistory({
        action: 'turn_skipped',
        actor: SYSTEM_ACTOR,
        participant: holder,
        details: { reason: 'member deleted' },
      });
      step.updateSession({ currentParticipant: step.session.currentParticipant + 1 });
      continue;
    }
    const deadline = turnDeadlineFor(step.session, holder, step.now);
    step.updateSession({ currentBidEnd: deadline });
    step.updateParticipant(holderIndex, { turnDeadline: deadline });
    step.notify({ type: 'turn_started', memberId: holder.memberId, participantId: holder.participantId, deadline });
    return;
  }
}

/**
 * Sends the turn holder to the end of the queue. Everyone behind moves up one place, so
 * `currentParticipant` now points at the next participant and is left as it is.
 */
export function moveHolderToBack(step: SessionStep, actor: Actor, details: Record<string, unknown>): void {
  const holderIndex = step.session.currentParticipant - 1;
  const holder = step.participants[holderIndex];
  if (!holder) return;
  const lastPosition = step.participants.length - 1;
  const behind = step.participants.slice(holderIndex + 1).map((participant) => ({
    ...participant,
    queuePosition: participant.queuePosition - 1,
  }));
  const moved = { ...holder, movedToBack: true, queuePosition: lastPosition };
  step.participants = [...step.participants.slice(0, holderIndex), ...behind, moved];
  step.addHistory({
    action: 'moved_to_back',
    actor,
    participant: moved,
    details: { ...details, newPosition: lastPosition },
  });
}

/** The session ends: every participant who still has a member hears how it ended for them. */
export function complete(step: SessionStep, actor: Actor, endedEarly: boolean): void {
  step.updateSession({
    status: 'completed',
    actualEnd: step.now,
    currentBidEnd: null,
    pausedRemainingMs: null,
    currentParticipant: step.participants.length + 1,
  });
  step.addHistory({ action: 'session_completed', actor, details: { endedEarly } });
  for (const participant of step.participants) {
    if (participant.memberId === null) continue;
    step.notify({
      type: 'session_completed',
      memberId: participant.memberId,
      participantId: participant.participantId,
      outcome: participant.outcome ?? 'not_assigned',
      seat: participant.awardedSeat,
    });
  }
}

export interface Award {
  outcome: ParticipantOutcome;
  action: 'bid_submitted' | 'auto_assigned';
  actor: Actor;
  details: Record<string, unknown>;
}

/** Gives the participant the seat: the seat they held before is released at once for everyone after them. */
export function award(step: SessionStep, participantIndex: number, seat: SeatRef, awarded: Award): void {
  const participant = step.participants[participantIndex];
  if (!participant) return;
  const previousSeat = participant.currentSeat;
  if (previousSeat && previousSeat.seatId !== seat.seatId) step.releaseSeat(previousSeat.seatId, participant.memberId);
  step.takeSeat(seat.seatId, participant.memberId);
  const seatRef = toSeatRef(seat);
  step.updateParticipant(participantIndex, { outcome: awarded.outcome, currentSeat: seatRef, awardedSeat: seatRef });
  step.addHistory({
    action: awarded.action,
    actor: awarded.actor,
    participant,
    seat: seatRef,
    details: awarded.details,
  });
  if (participant.memberId !== null) {
    step.notify({
      type: 'bid_success',
      memberId: participant.memberId,
      participantId: participant.participantId,
      seat: seatRef,
      outcome: awarded.outcome,
    });
  }
}
