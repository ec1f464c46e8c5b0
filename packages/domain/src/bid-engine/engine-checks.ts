/**
 * The checks every command shares: who may steer a session, whether it runs, whether the turn is
 * open, and the refusals they answer. A refusal leaves the state as it was.
 */
import type { ErrorCode } from '../errors.ts';
import { BID_MESSAGES } from './messages.ts';
import type { Actor, EngineParticipant, EngineResult, EngineSession, EngineState } from './types.ts';

export function refuse(code: ErrorCode, message: string): EngineResult {
  return { ok: false, refusal: { code, message } };
}

/** Administrators steer a session; the system (the turn clock) may too, e.g. a scheduled start. */
export function canSteer(actor: Actor): boolean {
  return actor.isAdmin || actor.memberId === null;
}

export function isSameMember(actor: Actor, participant: EngineParticipant): boolean {
  return participant.memberId !== null && actor.memberId === participant.memberId;
}

export function refuseUnlessActive(session: EngineSession): EngineResult | undefined {
  if (session.status === 'active') return undefined;
  if (session.status === 'paused') return refuse('CONFLICT', BID_MESSAGES.sessionPaused);
  return refuse('CONFLICT', BID_MESSAGES.sessionNotActive);
}

/** An administrator named someone who is not in the session (404); a member is not in it themselves (403). */
export function refuseUnknownParticipant(actor: Actor): EngineResult {
  return actor.isAdmin
    ? refuse('NOT_FOUND', BID_MESSAGES.participantNotFound)
    : refuse('FORBIDDEN', BID_MESSAGES.notParticipant);
}

/** The participant must hold the turn, and the deadline must not have passed (a bid at the deadline counts). */
export function refuseUnlessTurnIsOpen(
  state: EngineState,
  participantIndex: number,
  now: number,
): EngineResult | undefined {
  if (participantIndex !== state.session.currentParticipant - 1) return refuse('CONFLICT', BID_MESSAGES.notYourTurn);
  const deadline = state.session.currentBidEnd;
  if (deadline === null || now > deadline) return refuse('CONFLICT', BID_MESSAGES.timeExpired);
  return undefined;
}

/** The participant's index in the queue-ordered state, and the participant (undefined when not in it). */
export function findParticipant(state: EngineState, participantId: string) {
  const index = state.participants.findIndex((candidate) => candidate.participantId === participantId);
  return { index, participant: state.participants[index] };
}
