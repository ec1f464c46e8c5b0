/** `start`: a draft or scheduled session begins; with "clear assignments", every held seat is released first. */
import { MESSAGES } from '../../messages.ts';
import { canSteer, refuse } from '../engine-checks.ts';
import { BID_MESSAGES } from '../messages.ts';
import { SessionStep } from '../session-step.ts';
import { beginTurnOrComplete } from '../turn-flow.ts';
import type { Actor, EngineResult, EngineState } from '../types.ts';

export function start(state: EngineState, now: number, actor: Actor): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  if (state.session.status !== 'draft' && state.session.status !== 'scheduled') {
    return refuse('CONFLICT', BID_MESSAGES.sessionAlreadyStarted);
  }
  if (state.participants.length === 0) return refuse('CONFLICT', BID_MESSAGES.noParticipants);

  const step = new SessionStep(state, now);
  step.updateSession({
    status: 'active',
    actualStart: now,
    actualEnd: null,
    currentParticipant: 1,
    currentBidEnd: null,
    pausedRemainingMs: null,
  });
  let releasedAssignments = 0;
  // A vacancy bid moves only those who take an open seat: nobody's seat is cleared.
  if (state.session.clearAssignments && !state.session.vacancy) {
    step.participants.forEach((participant, index) => {
      if (!participant.currentSeat) return;
      step.releaseSeat(participant.currentSeat.seatId, participant.memberId);
      step.updateParticipant(index, { currentSeat: null });
      releasedAssignments += 1;
    });
  }
  step.addHistory({
    action: 'session_started',
    actor,
    details: {
      participantCount: state.participants.length,
      clearAssignments: state.session.clearAssignments,
      releasedAssignments,
      eligibilityMode: state.session.eligibilityMode,
    },
  });
  beginTurnOrComplete(step);
  return step.toResult();
}
