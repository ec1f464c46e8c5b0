/** `move_to_back`: an administrator sends the turn holder to the end of the queue, once, for a shorter second chance. */
import { MESSAGES } from '../../messages.ts';
import { canSteer, findParticipant, refuse, refuseUnlessActive } from '../engine-checks.ts';
import { BID_MESSAGES } from '../messages.ts';
import { SessionStep } from '../session-step.ts';
import { beginTurnOrComplete, moveHolderToBack } from '../turn-flow.ts';
import type { Actor, EngineResult, EngineState } from '../types.ts';

export function moveToBack(state: EngineState, now: number, actor: Actor, participantId: string): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  const statusRefusal = refuseUnlessActive(state.session);
  if (statusRefusal) return statusRefusal;
  const { index: participantIndex, participant } = findParticipant(state, participantId);
  if (!participant) return refuse('NOT_FOUND', BID_MESSAGES.participantNotFound);
  if (participantIndex !== state.session.currentParticipant - 1) {
    return refuse('CONFLICT', BID_MESSAGES.onlyTurnHolderMovedToBack);
  }
  // A missed turn in a vacancy bid is a pass that a new opening offers again: there is no back.
  if (state.session.vacancy) return refuse('CONFLICT', BID_MESSAGES.vacancyNoMoveToBack);
  // One second chance each: a second move would only delay everyone behind them.
  if (participant.movedToBack) return refuse('CONFLICT', BID_MESSAGES.alreadyMovedToBack);

  const step = new SessionStep(state, now);
  moveHolderToBack(step, actor, {});
  beginTurnOrComplete(step);
  return step.toResult();
}
