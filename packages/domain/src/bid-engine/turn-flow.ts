/**
 * How turns follow one another inside a step: a seat awarded, the next turn begun (or the
 * session completed), a turn holder sent to the back of the queue. The commands call these on
 * the step's working copy.
 */
import { toSeatRef } from './seat-availability.ts';
import { TurnRules } from './seat-choice.ts';
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

/**
 * The deadline of a turn beginning at `now`: the bid window of the participant's round (the
 * session's when it has no rounds), or the shorter auto-assign timeout for a second chance.
 */
export function turnDeadlineFor(
  session: Pick<EngineSession, 'bidWindowMinutes' | 'autoAssignTimeoutMinutes' | 'rounds'>,
  participant: Pick<EngineParticipant, 'movedToBack' | 'round'>,
  now: number,
): number {
  const window = session.rounds?.[participant.round ?? 0]?.bidWindowMinutes ?? session.bidWindowMinutes;
  const minutes = participant.movedToBack ? session.autoAssignTimeoutMinutes : window;
  return now + minutes * MS_PER_MINUTE;
}

/** The round a participant bids in, when the session has rounds. */
export function roundOf(session: Pick<EngineSession, 'rounds'>, participant: Pick<EngineParticipant, 'round'>) {
  return session.rounds?.[participant.round ?? 0];
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
  moveOnFrom(step, step.session.currentParticipant - 1);
  beginTurnOrComplete(step);
}

/**
 * Points the session past the turn just ended: at the next participant, or, in a vacancy bid after
 * a move, back at the top, everyone who has not moved offered the seats again (the one just left
 * among them).
 */
function moveOnFrom(step: SessionStep, holderIndex: number): void {
  const holder = step.participants[holderIndex];
  if (step.session.vacancy && holder?.awardedSeat) {
    reofferFromTheTop(step);
    return;
  }
  step.updateSession({ currentParticipant: holderIndex + 2 });
}

/**
 * A vacancy bid's follow-on offer: every participant who passed gets a turn again, from the most
 * senior. Agreements give everyone who passed another chance when a new seat opens, not only those
 * below the member who moved (department-agreements.md).
 */
function reofferFromTheTop(step: SessionStep): void {
  for (const [index, participant] of step.participants.entries()) {
    if (participant.awardedSeat === null && participant.outcome === 'skipped') {
      step.updateParticipant(index, { outcome: null, turnDeadline: null });
    }
  }
  step.updateSession({ currentParticipant: 1 });
}

/** A vacancy bid asks nobody twice for nothing: a standing bid with no listed seat open passes at once. */
function passForStandingBid(step: SessionStep, holderIndex: number, holder: EngineParticipant): void {
  step.updateParticipant(holderIndex, { outcome: 'skipped' });
  step.addHistory({
    action: 'turn_skipped',
    actor: SYSTEM_ACTOR,
    participant: holder,
    details: { source: 'standing_bid', keptCurrentSeat: holder.currentSeat !== null },
  });
}

/**
 * Begins the turn of the participant at `currentParticipant`, or completes the session when it has
 * run past the last one. A participant whose member was deleted cannot hold a seat, so their turn is
 * passed over at once (Not Assigned) instead of making everyone wait for the clock. A participant
 * with a standing bid gets the first seat of their list the rules allow at once, with no countdown;
 * when none is free their turn runs as usual.
 */
export function beginTurnOrComplete(step: SessionStep): void {
  for (;;) {
    const holderIndex = step.session.currentParticipant - 1;
    const holder = step.participants[holderIndex];
    if (!holder) {
      complete(step, SYSTEM_ACTOR, false);
      return;
    }
    // A member who has moved in a vacancy bid has had their turn for good.
    if (step.session.vacancy && holder.awardedSeat !== null) {
      step.updateSession({ currentParticipant: step.session.currentParticipant + 1 });
      continue;
    }
    announceRound(step, holderIndex);
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
    if (holder.preferences.standingBid === true) {
      step.noteStandingBidRead(holder.participantId);
      const listed = new TurnRules(step.view(), holder, step.now).pickFromList(holder.preferences.choices);
      if (listed) {
        award(step, holderIndex, listed.seat, {
          outcome: 'bid',
          action: 'bid_submitted',
          actor: SYSTEM_ACTOR,
          details: { source: 'standing_bid', choice: listed.place },
        });
        moveOnFrom(step, holderIndex);
        continue;
      }
      if (step.session.vacancy) {
        passForStandingBid(step, holderIndex, holder);
        moveOnFrom(step, holderIndex);
        continue;
      }
    }
    const deadline = turnDeadlineFor(step.session, holder, step.now);
    step.updateSession({ currentBidEnd: deadline });
    step.updateParticipant(holderIndex, { turnDeadline: deadline });
    step.notify({ type: 'turn_started', memberId: holder.memberId, participantId: holder.participantId, deadline });
    return;
  }
}

/** Writes "round_started" before the first turn of each round, in a session with rounds. */
function announceRound(step: SessionStep, holderIndex: number): void {
  const holder = step.participants[holderIndex];
  const round = holder && roundOf(step.session, holder);
  if (!holder || !round) return;
  const previous = step.participants[holderIndex - 1];
  if (previous && (previous.round ?? 0) === (holder.round ?? 0)) return;
  step.addHistory({
    action: 'round_started',
    actor: SYSTEM_ACTOR,
    details: { round: (holder.round ?? 0) + 1, name: round.name },
  });
}

/**
 * Sends the turn holder to the end of their round (the end of the queue when the session has no
 * rounds). Everyone behind them in the round moves up one place, so `currentParticipant` now points
 * at the next participant and is left as it is.
 */
export function moveHolderToBack(step: SessionStep, actor: Actor, details: Record<string, unknown>): void {
  const holderIndex = step.session.currentParticipant - 1;
  const holder = step.participants[holderIndex];
  if (!holder) return;
  let lastIndex = step.participants.length - 1;
  if (roundOf(step.session, holder)) {
    while (lastIndex > holderIndex && (step.participants[lastIndex]?.round ?? 0) !== (holder.round ?? 0))
      lastIndex -= 1;
  }
  const lastPosition = lastIndex;
  const behind = step.participants.slice(holderIndex + 1, lastIndex + 1).map((participant) => ({
    ...participant,
    queuePosition: participant.queuePosition - 1,
  }));
  const moved = { ...holder, movedToBack: true, queuePosition: lastPosition };
  step.participants = [
    ...step.participants.slice(0, holderIndex),
    ...behind,
    moved,
    ...step.participants.slice(lastIndex + 1),
  ];
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
  // In a vacancy bid the seat left is the next link of the chain ("Station 2 to Station 7 opened Station 2").
  const opened = step.session.vacancy && previousSeat && previousSeat.seatId !== seat.seatId ? previousSeat : null;
  step.addHistory({
    action: awarded.action,
    actor: awarded.actor,
    participant,
    seat: seatRef,
    details: opened ? { ...awarded.details, opened: toSeatRef(opened) } : awarded.details,
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
