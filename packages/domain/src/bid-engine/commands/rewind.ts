/**
 * `rewind` (bidding-rules.md, "Rewind"): "bidding shall stop and shall begin again with the senior
 * affected member". An administrator names the member whose turn the bid begins again from, and
 * why. Every turn from that member's place in the seniority order on is undone (its award, pass or
 * move to the back), those members get the seats they held when the session started back, and
 * turns resume from the first member still to bid, with fresh windows. The turns before stand.
 *
 * When a member's seniority data was corrected during the session, the command carries the
 * corrected places; the rewind may then go no later than the most senior place the correction
 * moved, since the turns from there on were taken in a wrong order.
 *
 * Nothing is deleted: the step writes "session_rewound" and one "turn_undone" per undone turn, so
 * the record replays the rewind like any command.
 */
import { MESSAGES } from '../../messages.ts';
import { findParticipant, refuse } from '../engine-checks.ts';
import { BID_MESSAGES, rewindAfterMovedPlaceMessage, seatAtStartTakenMessage } from '../messages.ts';
import { toSeatRef } from '../seat-availability.ts';
import { SessionStep } from '../session-step.ts';
import { beginTurnOrComplete } from '../turn-flow.ts';
import type { Actor, EngineParticipant, EngineResult, EngineState, SeatRef, SeniorityCorrection } from '../types.ts';

export interface RewindRequest {
  participantId: string;
  reason: string;
  corrections?: readonly SeniorityCorrection[];
}

export function rewind(state: EngineState, now: number, actor: Actor, request: RewindRequest): EngineResult {
  if (!actor.isAdmin) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  const { status } = state.session;
  if (status !== 'active' && status !== 'paused' && status !== 'completed') {
    return refuse('CONFLICT', BID_MESSAGES.rewindBeforeStart);
  }
  // A vacancy chain re-offers every seat after each move: undoing one move changes what every later
  // turn was offered, which a rewind by seniority place cannot say.
  if (state.session.vacancy) return refuse('CONFLICT', BID_MESSAGES.vacancyNoRewind);
  const reason = request.reason.trim();
  if (reason === '') return refuse('VALIDATION_ERROR', BID_MESSAGES.rewindReasonRequired);
  if (!findParticipant(state, request.participantId).participant) {
    return refuse('NOT_FOUND', BID_MESSAGES.participantNotFound);
  }
  const corrected = applyCorrections(state.participants, request.corrections ?? []);
  if (!corrected) return refuse('VALIDATION_ERROR', BID_MESSAGES.rewindCorrectionsInvalid);
  const target = corrected.find((participant) => participant.participantId === request.participantId);
  if (!target) return refuse('NOT_FOUND', BID_MESSAGES.participantNotFound);

  const moved = seniorMostMovedPlace(state.participants, corrected);
  if (moved && moved.participant.bidPriority < target.bidPriority) {
    return refuse('CONFLICT', rewindAfterMovedPlaceMessage(moved.participant.name, target.name));
  }
  const undo = corrected.map((participant) => undoneBy(participant, target));
  if (!undo.some((kind) => kind !== 'none') && !moved) {
    return refuse('CONFLICT', BID_MESSAGES.rewindNothingToUndo);
  }

  const step = new SessionStep(state, now);
  const seatsBack = giveSeatsBack(step, corrected, undo);
  if (typeof seatsBack === 'string') return refuse('CONFLICT', seatsBack);

  step.addHistory({
    action: 'session_rewound',
    actor,
    participant: target,
    details: {
      reason,
      fromStatus: status,
      undone: undo.filter((kind, index) => kind !== 'none' && hadTurn(corrected[index] as EngineParticipant)).length,
      corrections: correctionsMade(state.participants, corrected),
    },
  });
  const reset = corrected.map((participant, index) => {
    const kind = undo[index];
    if (kind === 'none' || kind === undefined) return participant;
    if (hadTurn(participant)) {
      const returnedTo = participant.awardedSeat ? (seatsBack.get(participant.participantId) ?? null) : undefined;
      step.addHistory({
        action: 'turn_undone',
        actor,
        participant,
        seat: participant.awardedSeat,
        details: {
          outcome: participant.outcome,
          movedToBack: participant.movedToBack,
          ...(kind === 'second_chance' ? { secondChanceKept: true } : {}),
          ...(returnedTo !== undefined ? { returnedTo } : {}),
        },
      });
      if (participant.memberId !== null) {
        step.notify({
          type: 'turn_undone',
          memberId: participant.memberId,
          participantId: participant.participantId,
          seat: participant.awardedSeat,
          reason,
          rewoundTo: target.name,
        });
      }
    }
    const currentSeat = participant.awardedSeat
      ? (seatsBack.get(participant.participantId) ?? null)
      : participant.currentSeat;
    return {
      ...participant,
      outcome: null,
      awardedSeat: null,
      currentSeat,
      turnDeadline: null,
      movedToBack: kind === 'second_chance' ? participant.movedToBack : false,
    };
  });
  step.participants = inResumeOrder(reset);
  const waitingFrom = step.participants.findIndex((participant) => participant.outcome === null);
  step.updateSession({
    status: 'active',
    actualEnd: null,
    currentBidEnd: null,
    pausedRemainingMs: null,
    currentParticipant: waitingFrom === -1 ? step.participants.length + 1 : waitingFrom + 1,
  });
  beginTurnOrComplete(step);
  // A paused session stays paused: the administrator resumes it when the mistake is put right.
  if (status === 'paused' && step.session.status === 'active') {
    step.updateSession({
      status: 'paused',
      pausedRemainingMs: Math.max(0, (step.session.currentBidEnd ?? now) - now),
      currentBidEnd: null,
    });
  }
  return step.toResult();
}

/**
 * How a rewind to `target` treats a participant: `full` (their turn is undone and comes again),
 * `second_chance` (they were moved to the back before the target's turn, in the target's round, so
 * only what their second chance did is undone), or `none` (their turn stands).
 */
type UndoKind = 'full' | 'second_chance' | 'none';

function undoneBy(participant: EngineParticipant, target: EngineParticipant): UndoKind {
  if (participant.bidPriority >= target.bidPriority) return isUntouched(participant) ? 'none' : 'full';
  // A second chance comes at the end of its round, after the target's first turn in that round.
  if (participant.movedToBack && (participant.round ?? 0) === (target.round ?? 0)) {
    return participant.outcome === null && participant.turnDeadline === null ? 'none' : 'second_chance';
  }
  // Ended early before their turn came: their turn is still to come.
  if (participant.outcome === 'not_assigned' && participant.turnDeadline === null && participant.memberId !== null) {
    return 'full';
  }
  return 'none';
}

/** Waiting, and never sent to the back: nothing of theirs to undo. */
const isUntouched = (participant: EngineParticipant) =>
  participant.outcome === null && participant.turnDeadline === null && !participant.movedToBack;

/** Their turn began or ended in some way a member would notice (their turn started, a seat, a pass, a move to the back). */
const hadTurn = (participant: EngineParticipant) =>
  participant.outcome !== null || participant.turnDeadline !== null || participant.movedToBack;

/** The participants with the corrections applied, or null when they do not number everyone 1 to n once. */
export function applyCorrections(
  participants: readonly EngineParticipant[],
  corrections: readonly SeniorityCorrection[],
): EngineParticipant[] | null {
  if (corrections.length === 0) return [...participants];
  const byId = new Map(corrections.map((correction) => [correction.participantId, correction]));
  if (byId.size !== corrections.length) return null;
  let applied = 0;
  const corrected = participants.map((participant) => {
    const correction = byId.get(participant.participantId);
    if (!correction) return participant;
    applied += 1;
    const { participantId: _same, ...keys } = correction;
    return { ...participant, ...keys };
  });
  if (applied !== corrections.length) return null;
  const places = new Set(corrected.map((participant) => participant.bidPriority));
  const numbersEveryone =
    places.size === corrected.length && corrected.every((p) => p.bidPriority >= 1 && p.bidPriority <= corrected.length);
  return numbersEveryone ? corrected : null;
}

/** The member now at the most senior place the correction moved (and where they were), or null when no place moved. */
export function seniorMostMovedPlace(
  before: readonly EngineParticipant[],
  after: readonly EngineParticipant[],
): { participant: EngineParticipant; from: number } | null {
  const placeBefore = new Map(before.map((participant) => [participant.participantId, participant.bidPriority]));
  let found: { participant: EngineParticipant; from: number } | null = null;
  for (const participant of after) {
    const from = placeBefore.get(participant.participantId);
    if (from === undefined || from === participant.bidPriority) continue;
    if (!found || participant.bidPriority < found.participant.bidPriority) found = { participant, from };
  }
  return found;
}

function correctionsMade(before: readonly EngineParticipant[], after: readonly EngineParticipant[]) {
  return after.flatMap((participant, index) => {
    const from = (before[index] as EngineParticipant).bidPriority;
    return from === participant.bidPriority
      ? []
      : [{ participantId: participant.participantId, name: participant.name, from, to: participant.bidPriority }];
  });
}

/**
 * Frees every seat an undone turn awarded, then gives each undone winner the seat they held when the
 * session started. Answers, by participant, the seat each gets back (null: none), or the refusal
 * when a seat to give back is held by a member whose turn stands.
 */
function giveSeatsBack(
  step: SessionStep,
  participants: readonly EngineParticipant[],
  undo: readonly UndoKind[],
): Map<string, SeatRef | null> | string {
  const winners = participants.filter((participant, index) => undo[index] !== 'none' && participant.awardedSeat);
  const seatsBack = new Map<string, SeatRef | null>();
  for (const winner of winners) {
    if (winner.seatAtStart === undefined) return BID_MESSAGES.rewindSeatsAtStartUnknown;
    seatsBack.set(winner.participantId, winner.seatAtStart === null ? null : toSeatRef(winner.seatAtStart));
  }
  for (const winner of winners) {
    const awarded = winner.awardedSeat as SeatRef;
    if (awarded.seatId !== winner.seatAtStart?.seatId) step.releaseSeat(awarded.seatId, winner.memberId);
  }
  const seatsById = new Map(step.view().seats.map((seat) => [seat.seatId, seat]));
  for (const winner of winners) {
    const back = seatsBack.get(winner.participantId);
    if (!back || winner.memberId === null) continue;
    const holder = seatsById.get(back.seatId)?.holderMemberId ?? null;
    if (holder !== null && holder !== winner.memberId) {
      const heldBy = participants.find((participant) => participant.memberId === holder)?.name ?? 'another member';
      return seatAtStartTakenMessage(winner.name, back, heldBy);
    }
    step.takeSeat(back.seatId, winner.memberId);
  }
  return seatsBack;
}

/**
 * The queue after the rewind: the turns that stand, in the order they were taken, then everyone
 * still to bid, round by round, in seniority order, with those moved to the back at the end of
 * their round in the order they were moved. Only entries whose place changes become new objects.
 */
function inResumeOrder(participants: readonly EngineParticipant[]): EngineParticipant[] {
  const done = participants.filter((participant) => participant.outcome !== null);
  const waiting = participants
    .filter((participant) => participant.outcome === null)
    .sort(
      (a, b) =>
        (a.round ?? 0) - (b.round ?? 0) ||
        Number(a.movedToBack) - Number(b.movedToBack) ||
        (a.movedToBack ? a.queuePosition - b.queuePosition : a.bidPriority - b.bidPriority),
    );
  return [...done, ...waiting].map((participant, queuePosition) =>
    participant.queuePosition === queuePosition ? participant : { ...participant, queuePosition },
  );
}

/**
 * The state with each participant's seat at the start, from the state the session was started from
 * (the record's settings): the seat they held then, or none after a clear-assignments start. The
 * server and the verifier both read it from the settings for a rewind, so neither keeps a copy.
 */
export function withSeatsAtStart(state: EngineState, startedFrom: EngineState): EngineState {
  const cleared = startedFrom.session.clearAssignments;
  const atStart = new Map(
    startedFrom.participants.map((participant) => [
      participant.participantId,
      cleared ? null : participant.currentSeat,
    ]),
  );
  return {
    ...state,
    participants: state.participants.map((participant) =>
      atStart.has(participant.participantId)
        ? { ...participant, seatAtStart: atStart.get(participant.participantId) ?? null }
        : participant,
    ),
  };
}
