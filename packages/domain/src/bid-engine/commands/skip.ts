/**
 * `skip`: the turn holder passes; they keep the seat they hold, and the next turn begins. Refused
 * when a must-fill seat needs them (bidding-rules.md, "Seats that must be filled").
 */
import {
  findParticipant,
  isSameMember,
  refuse,
  refuseUnknownParticipant,
  refuseUnlessActive,
  refuseUnlessTurnIsOpen,
} from '../engine-checks.ts';
import { BID_MESSAGES } from '../messages.ts';
import { TurnRules } from '../seat-choice.ts';
import { SessionStep } from '../session-step.ts';
import { advance } from '../turn-flow.ts';
import type { Actor, EngineResult, EngineState } from '../types.ts';

export function skip(state: EngineState, now: number, actor: Actor, participantId: string): EngineResult {
  const statusRefusal = refuseUnlessActive(state.session);
  if (statusRefusal) return statusRefusal;
  const { index: participantIndex, participant } = findParticipant(state, participantId);
  if (!participant) return refuseUnknownParticipant(actor);
  if (!isSameMember(actor, participant)) return refuse('FORBIDDEN', BID_MESSAGES.onlyTurnHolderSkips);
  const turnRefusal = refuseUnlessTurnIsOpen(state, participantIndex, now);
  if (turnRefusal) return turnRefusal;
  // Passing ends the turn with the seat they hold: a member a must-fill seat needs may not pass.
  const rules = new TurnRules(state, participant, now);
  const staffing = rules.staffing(rules.heldSeat() ?? null);
  if (!staffing.ok) return refuse('CONFLICT', staffing.message);

  const step = new SessionStep(state, now);
  step.updateParticipant(participantIndex, { outcome: 'skipped' });
  step.addHistory({
    action: 'turn_skipped',
    actor,
    participant,
    details: { keptCurrentSeat: participant.currentSeat !== null },
  });
  advance(step);
  return step.toResult();
}
