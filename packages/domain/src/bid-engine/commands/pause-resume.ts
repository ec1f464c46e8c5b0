/**
 * `pause` and `resume`: a pause freezes the time left in the turn; a resume gives it back, never
 * less than a minute, so no one loses a turn to a pause.
 */
import { LIMITS } from '../../constants.ts';
import { MESSAGES } from '../../messages.ts';
import { canSteer, refuse, refuseUnlessActive } from '../engine-checks.ts';
import { BID_MESSAGES } from '../messages.ts';
import { SessionStep } from '../session-step.ts';
import type { Actor, EngineResult, EngineState } from '../types.ts';

const MINIMUM_MS_AFTER_RESUME = LIMITS.minimumSecondsAfterResume * 1000;

export function pause(state: EngineState, now: number, actor: Actor): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  const refusal = refuseUnlessActive(state.session);
  if (refusal) return refusal;

  const remainingMs = Math.max(0, (state.session.currentBidEnd ?? now) - now);
  const step = new SessionStep(state, now);
  step.updateSession({ status: 'paused', pausedRemainingMs: remainingMs, currentBidEnd: null });
  step.addHistory({ action: 'session_paused', actor, details: { remainingMs } });
  return step.toResult();
}

export function resume(state: EngineState, now: number, actor: Actor): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  if (state.session.status === 'active') return refuse('CONFLICT', BID_MESSAGES.sessionNotPaused);
  if (state.session.status !== 'paused') return refuse('CONFLICT', BID_MESSAGES.sessionNotActive);

  // No one loses a turn to a pause: the frozen time comes back, but never less than a minute.
  const remainingMs = Math.max(state.session.pausedRemainingMs ?? 0, MINIMUM_MS_AFTER_RESUME);
  const deadline = now + remainingMs;
  const step = new SessionStep(state, now);
  step.updateSession({ status: 'active', pausedRemainingMs: null, currentBidEnd: deadline });
  const holderIndex = step.session.currentParticipant - 1;
  if (step.participants[holderIndex]) step.updateParticipant(holderIndex, { turnDeadline: deadline });
  step.addHistory({ action: 'session_resumed', actor, details: { remainingMs } });
  return step.toResult();
}
