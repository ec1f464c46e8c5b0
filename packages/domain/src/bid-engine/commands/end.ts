/** `end`: an administrator ends a running session early; everyone still waiting is Not Assigned. */
import { MESSAGES } from '../../messages.ts';
import { canSteer, refuse } from '../engine-checks.ts';
import { BID_MESSAGES } from '../messages.ts';
import { SessionStep } from '../session-step.ts';
import { complete } from '../turn-flow.ts';
import type { Actor, EngineResult, EngineState } from '../types.ts';

export function end(state: EngineState, now: number, actor: Actor): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  if (state.session.status !== 'active' && state.session.status !== 'paused') {
    return refuse('CONFLICT', BID_MESSAGES.sessionNotActive);
  }

  const step = new SessionStep(state, now);
  // Everyone still waiting, the turn holder included, keeps the seat they hold and is Not Assigned.
  step.participants.forEach((participant, index) => {
    if (participant.outcome === null) step.updateParticipant(index, { outcome: 'not_assigned' });
  });
  complete(step, actor, true);
  return step.toResult();
}
