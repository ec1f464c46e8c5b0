/**
 * `expire`: the turn clock's step when a turn's deadline has passed (bidding-rules.md, "When a
 * turn's deadline passes"): the auto-bid list first, then a first missed turn goes to the back of
 * the queue, and a second one keeps the seat held or gets the best free eligible seat.
 */
import { findAutoAssignSeat } from '../seat-availability.ts';
import { TurnRules } from '../seat-choice.ts';
import { SessionStep } from '../session-step.ts';
import { advance, award, beginTurnOrComplete, moveHolderToBack } from '../turn-flow.ts';
import { type EngineParticipant, type EngineResult, type EngineState, type SeatRef, SYSTEM_ACTOR } from '../types.ts';

/** The turn clock's step, or undefined when the deadline has not passed (a bid at the deadline still counts). */
export function expire(state: EngineState, now: number): EngineResult | undefined {
  const { status, currentBidEnd, currentParticipant } = state.session;
  if (status !== 'active' || currentBidEnd === null || now <= currentBidEnd) return undefined;
  const holderIndex = currentParticipant - 1;
  const holder = state.participants[holderIndex];
  if (!holder) return undefined;
  const step = new SessionStep(state, now);
  const rules = new TurnRules(state, holder, now);

  // 1. The auto-bid list: the first choice still free that the rules let them take.
  if (holder.preferences.autoBid) {
    const listed = rules.pickFromList(holder.preferences.choices);
    if (listed) {
      award(step, holderIndex, listed.seat, {
        outcome: 'auto_assigned',
        action: 'auto_assigned',
        actor: SYSTEM_ACTOR,
        details: { source: 'auto_bid', choice: listed.place },
      });
      advance(step);
      return step.toResult();
    }
  }

  // In a vacancy bid nobody has to move: a missed turn is a pass, offered again if a seat opens.
  if (state.session.vacancy) {
    step.updateParticipant(holderIndex, { outcome: 'skipped' });
    step.addHistory({
      action: 'turn_skipped',
      actor: SYSTEM_ACTOR,
      participant: holder,
      details: { reason: 'time expired', keptCurrentSeat: holder.currentSeat !== null },
    });
    advance(step);
    return step.toResult();
  }

  // 2. A first missed turn: to the back of the queue, for a shorter second chance.
  if (!holder.movedToBack) {
    moveHolderToBack(step, SYSTEM_ACTOR, { reason: 'time expired' });
    beginTurnOrComplete(step);
    return step.toResult();
  }

  // 3. The second chance ran out too: keep the seat they hold, else the best free seat the rules let
  // them take. Keeping a seat a must-fill seat cannot spare them from is not allowed: they are given
  // the best seat that keeps staffing whole instead (the coverage award agreements describe).
  const keepsHeldSeat = holder.currentSeat !== null && rules.staffing(rules.heldSeat() ?? null).ok;
  const seat = keepsHeldSeat
    ? undefined
    : findAutoAssignSeat(state, holder, state.session.eligibilityMode, (candidate) => rules.allows(candidate));
  if (seat) {
    award(step, holderIndex, seat, {
      outcome: 'auto_assigned',
      action: 'auto_assigned',
      actor: SYSTEM_ACTOR,
      details: { source: isPreferredSeat(holder, seat) ? 'preferences' : 'first_available' },
    });
  } else if (holder.currentSeat) {
    award(step, holderIndex, holder.currentSeat, {
      outcome: 'auto_assigned',
      action: 'auto_assigned',
      actor: SYSTEM_ACTOR,
      details: { source: 'kept_current_seat' },
    });
  } else {
    step.updateParticipant(holderIndex, { outcome: 'not_assigned' });
    step.addHistory({
      action: 'auto_assigned',
      actor: SYSTEM_ACTOR,
      participant: holder,
      details: { reason: 'no eligible seat left' },
    });
  }
  advance(step);
  return step.toResult();
}

/** Whether the seat matches the member's preferred stations and shifts (when they named any). */
function isPreferredSeat(participant: EngineParticipant, seat: SeatRef): boolean {
  const { preferredStationIds, preferredShifts } = participant.preferences;
  if (preferredStationIds.length === 0 && preferredShifts.length === 0) return false;
  return (
    (preferredStationIds.length === 0 || preferredStationIds.includes(seat.stationId)) &&
    (preferredShifts.length === 0 || preferredShifts.includes(seat.shift))
  );
}
