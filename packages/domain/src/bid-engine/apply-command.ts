/**
 * The bid engine's state machine (bidding-rules.md, "Session lifecycle", "A turn" and "When a turn's
 * deadline passes"): one command in, the new state and its events out, or a refusal. Pure: the time
 * is the command's `now`, and the input state is never mutated.
 */
import { LIMITS } from '../constants.ts';
import type { ErrorCode } from '../errors.ts';
import { MESSAGES } from '../messages.ts';
import { BID_MESSAGES, notEligibleMessage, seatNotOfferedMessage } from './messages.ts';
import {
  findAutoAssignSeat,
  findFreeSeat,
  isChoiceOffered,
  isEligibleForSeat,
  isSeatOfChoice,
  toSeatRef,
} from './seat-availability.ts';
import {
  type Actor,
  type EngineCommand,
  type EngineEvent,
  type EngineNotification,
  type EngineParticipant,
  type EngineResult,
  type EngineSeat,
  type EngineSession,
  type EngineState,
  type HistoryEntryDraft,
  type ParticipantOutcome,
  type SeatChoice,
  type SeatRef,
  SYSTEM_ACTOR,
} from './types.ts';

const MS_PER_MINUTE = 60_000;
const MINIMUM_MS_AFTER_RESUME = LIMITS.minimumSecondsAfterResume * 1000;

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

/**
 * Applies one command. A refusal leaves the state as it was. An `expire` before the deadline (or on a
 * session that is not running) answers ok with the very same state object and no events, which the
 * server reads as "nothing happened".
 */
export function applyCommand(state: EngineState, command: EngineCommand): EngineResult {
  const ordered = inQueueOrder(state);
  switch (command.type) {
    case 'start':
      return start(ordered, command.now, command.actor);
    case 'pause':
      return pause(ordered, command.now, command.actor);
    case 'resume':
      return resume(ordered, command.now, command.actor);
    case 'end':
      return end(ordered, command.now, command.actor);
    case 'bid':
      return bid(ordered, command.now, command.actor, command.participantId, command.seat);
    case 'skip':
      return skip(ordered, command.now, command.actor, command.participantId);
    case 'move_to_back':
      return moveToBack(ordered, command.now, command.actor, command.participantId);
    case 'expire':
      return expire(ordered, command.now) ?? { ok: true, state, events: [] };
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

function start(state: EngineState, now: number, actor: Actor): EngineResult {
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
  if (state.session.clearAssignments) {
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

function pause(state: EngineState, now: number, actor: Actor): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  const refusal = refuseUnlessActive(state.session);
  if (refusal) return refusal;

  const remainingMs = Math.max(0, (state.session.currentBidEnd ?? now) - now);
  const step = new SessionStep(state, now);
  step.updateSession({ status: 'paused', pausedRemainingMs: remainingMs, currentBidEnd: null });
  step.addHistory({ action: 'session_paused', actor, details: { remainingMs } });
  return step.toResult();
}

function resume(state: EngineState, now: number, actor: Actor): EngineResult {
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

function end(state: EngineState, now: number, actor: Actor): EngineResult {
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

function bid(state: EngineState, now: number, actor: Actor, participantId: string, choice: SeatChoice): EngineResult {
  const statusRefusal = refuseUnlessActive(state.session);
  if (statusRefusal) return statusRefusal;
  const participantIndex = state.participants.findIndex((candidate) => candidate.participantId === participantId);
  const participant = state.participants[participantIndex];
  if (!participant) return refuseUnknownParticipant(actor);
  const isOwnBid = isSameMember(actor, participant);
  if (!isOwnBid && !actor.isAdmin) return refuse('FORBIDDEN', BID_MESSAGES.adminOnlyProxy);
  const turnRefusal = refuseUnlessTurnIsOpen(state, participantIndex, now);
  if (turnRefusal) return turnRefusal;
  if (!state.seats.some((seat) => seat.stationId === choice.stationId)) {
    return refuse('BAD_REQUEST', BID_MESSAGES.stationNotOffered);
  }
  if (!isChoiceOffered(state, choice)) {
    return refuse('BAD_REQUEST', seatNotOfferedMessage(choice.shift, choice.seatPosition));
  }
  if (!isEligibleForSeat(participant.rank, choice.seatPosition, state.session.eligibilityMode)) {
    return refuse('FORBIDDEN', notEligibleMessage(choice.seatPosition));
  }
  const seat = findSeatFor(state, participant, choice);
  if (!seat) return refuse('CONFLICT', BID_MESSAGES.seatUnavailable);

  const step = new SessionStep(state, now);
  award(step, participantIndex, seat, {
    outcome: isOwnBid ? 'bid' : 'proxy_bid',
    action: 'bid_submitted',
    actor,
    details: isOwnBid ? {} : { proxy: true },
  });
  advance(step);
  return step.toResult();
}

function skip(state: EngineState, now: number, actor: Actor, participantId: string): EngineResult {
  const statusRefusal = refuseUnlessActive(state.session);
  if (statusRefusal) return statusRefusal;
  const participantIndex = state.participants.findIndex((candidate) => candidate.participantId === participantId);
  const participant = state.participants[participantIndex];
  if (!participant) return refuseUnknownParticipant(actor);
  if (!isSameMember(actor, participant)) return refuse('FORBIDDEN', BID_MESSAGES.onlyTurnHolderSkips);
  const turnRefusal = refuseUnlessTurnIsOpen(state, participantIndex, now);
  if (turnRefusal) return turnRefusal;

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

function moveToBack(state: EngineState, now: number, actor: Actor, participantId: string): EngineResult {
  if (!canSteer(actor)) return refuse('FORBIDDEN', MESSAGES.adminRequired);
  const statusRefusal = refuseUnlessActive(state.session);
  if (statusRefusal) return statusRefusal;
  const participantIndex = state.participants.findIndex((candidate) => candidate.participantId === participantId);
  const participant = state.participants[participantIndex];
  if (!participant) return refuse('NOT_FOUND', BID_MESSAGES.participantNotFound);
  if (participantIndex !== state.session.currentParticipant - 1) {
    return refuse('CONFLICT', BID_MESSAGES.onlyTurnHolderMovedToBack);
  }
  // One second chance each: a second move would only delay everyone behind them.
  if (participant.movedToBack) return refuse('CONFLICT', BID_MESSAGES.alreadyMovedToBack);

  const step = new SessionStep(state, now);
  moveHolderToBack(step, actor, {});
  beginTurnOrComplete(step);
  return step.toResult();
}

/** The turn clock's step, or undefined when the deadline has not passed (a bid at the deadline still counts). */
function expire(state: EngineState, now: number): EngineResult | undefined {
  const { status, currentBidEnd, currentParticipant } = state.session;
  if (status !== 'active' || currentBidEnd === null || now <= currentBidEnd) return undefined;
  const holderIndex = currentParticipant - 1;
  const holder = state.participants[holderIndex];
  if (!holder) return undefined;
  const step = new SessionStep(state, now);

  // 1. The auto-bid list: the first choice still free that they may take.
  if (holder.preferences.autoBid) {
    for (const [index, choice] of holder.preferences.choices.entries()) {
      if (!isEligibleForSeat(holder.rank, choice.seatPosition, state.session.eligibilityMode)) continue;
      const seat = findSeatFor(state, holder, choice);
      if (!seat) continue;
      award(step, holderIndex, seat, {
        outcome: 'auto_assigned',
        action: 'auto_assigned',
        actor: SYSTEM_ACTOR,
        details: { source: 'auto_bid', choice: index + 1 },
      });
      advance(step);
      return step.toResult();
    }
  }

  // 2. A first missed turn: to the back of the queue, for a shorter second chance.
  if (!holder.movedToBack) {
    moveHolderToBack(step, SYSTEM_ACTOR, { reason: 'time expired' });
    beginTurnOrComplete(step);
    return step.toResult();
  }

  // 3. The second chance ran out too: keep the seat they hold, else the best free eligible seat.
  if (holder.currentSeat) {
    award(step, holderIndex, holder.currentSeat, {
      outcome: 'auto_assigned',
      action: 'auto_assigned',
      actor: SYSTEM_ACTOR,
      details: { source: 'kept_current_seat' },
    });
  } else {
    const seat = findAutoAssignSeat(state, holder, state.session.eligibilityMode);
    if (seat) {
      const matchesPreferences = isPreferredSeat(holder, seat);
      award(step, holderIndex, seat, {
        outcome: 'auto_assigned',
        action: 'auto_assigned',
        actor: SYSTEM_ACTOR,
        details: { source: matchesPreferences ? 'preferences' : 'first_available' },
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
  }
  advance(step);
  return step.toResult();
}

// ---------------------------------------------------------------------------------------------
// Turn flow

/** The turn holder is done: the next turn begins, or the session completes when nobody is left. */
function advance(step: SessionStep): void {
  step.updateSession({ currentParticipant: step.session.currentParticipant + 1 });
  beginTurnOrComplete(step);
}

/**
 * Begins the turn of the participant at `currentParticipant`, or completes the session when it has
 * run past the last one. A participant whose member was deleted cannot hold a seat, so their turn is
 * passed over at once (Not Assigned) instead of making everyone wait for the clock.
 */
function beginTurnOrComplete(step: SessionStep): void {
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
function moveHolderToBack(step: SessionStep, actor: Actor, details: Record<string, unknown>): void {
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

function complete(step: SessionStep, actor: Actor, endedEarly: boolean): void {
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

interface Award {
  outcome: ParticipantOutcome;
  action: 'bid_submitted' | 'auto_assigned';
  actor: Actor;
  details: Record<string, unknown>;
}

/** Gives the participant the seat: the seat they held before is released at once for everyone after them. */
function award(step: SessionStep, participantIndex: number, seat: SeatRef, awarded: Award): void {
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

// ---------------------------------------------------------------------------------------------
// Checks

/** Administrators steer a session; the system (the turn clock) may too, e.g. a scheduled start. */
function canSteer(actor: Actor): boolean {
  return actor.isAdmin || actor.memberId === null;
}

function isSameMember(actor: Actor, participant: EngineParticipant): boolean {
  return participant.memberId !== null && actor.memberId === participant.memberId;
}

function refuseUnlessActive(session: EngineSession): EngineResult | undefined {
  if (session.status === 'active') return undefined;
  if (session.status === 'paused') return refuse('CONFLICT', BID_MESSAGES.sessionPaused);
  return refuse('CONFLICT', BID_MESSAGES.sessionNotActive);
}

/** An administrator named someone who is not in the session (404); a member is not in it themselves (403). */
function refuseUnknownParticipant(actor: Actor): EngineResult {
  return actor.isAdmin
    ? refuse('NOT_FOUND', BID_MESSAGES.participantNotFound)
    : refuse('FORBIDDEN', BID_MESSAGES.notParticipant);
}

/** The participant must hold the turn, and the deadline must not have passed (a bid at the deadline counts). */
function refuseUnlessTurnIsOpen(state: EngineState, participantIndex: number, now: number): EngineResult | undefined {
  if (participantIndex !== state.session.currentParticipant - 1) return refuse('CONFLICT', BID_MESSAGES.notYourTurn);
  const deadline = state.session.currentBidEnd;
  if (deadline === null || now > deadline) return refuse('CONFLICT', BID_MESSAGES.timeExpired);
  return undefined;
}

/**
 * The seat a choice gives this participant: the seat they already hold when it is of that kind (so
 * asking for their own kind of seat keeps it rather than moving them), else the lowest free one.
 */
function findSeatFor(state: EngineState, participant: EngineParticipant, choice: SeatChoice): SeatRef | undefined {
  const held = participant.currentSeat;
  if (held && isSeatOfChoice(held, choice) && state.seats.some((seat) => seat.seatId === held.seatId)) return held;
  return findFreeSeat(state, choice);
}

function isPreferredSeat(participant: EngineParticipant, seat: SeatRef): boolean {
  const { preferredStationIds, preferredShifts } = participant.preferences;
  if (preferredStationIds.length === 0 && preferredShifts.length === 0) return false;
  return (
    (preferredStationIds.length === 0 || preferredStationIds.includes(seat.stationId)) &&
    (preferredShifts.length === 0 || preferredShifts.includes(seat.shift))
  );
}

function refuse(code: ErrorCode, message: string): EngineResult {
  return { ok: false, refusal: { code, message } };
}

/** The participants by queue position, as the contract stores them; sorts a copy if they came unsorted. */
function inQueueOrder(state: EngineState): EngineState {
  const isSorted = state.participants.every((participant, index) => participant.queuePosition === index);
  if (isSorted) return state;
  return { ...state, participants: [...state.participants].sort((a, b) => a.queuePosition - b.queuePosition) };
}

// ---------------------------------------------------------------------------------------------
// One step's working copy

interface HistoryInput {
  action: HistoryEntryDraft['action'];
  actor: Actor;
  participant?: EngineParticipant;
  seat?: SeatRef | null;
  details: Record<string, unknown>;
}

/**
 * Each seat's index in a session's seat list, kept with the list it was built for. A step's result
 * lists the seats in the same order (only changed seats are new objects), so the next step of the
 * same session finds the index without building it again: at 25,000 seats that map is most of a
 * step's work.
 */
const seatIndexByList = new WeakMap<readonly EngineSeat[], ReadonlyMap<string, number>>();

/**
 * A step's working copy of the state: copies of the arrays in which only changed entries are new
 * objects, so the input is never mutated and the server can write back only what differs.
 */
class SessionStep {
  session: EngineSession;
  participants: EngineParticipant[];
  private seats: EngineSeat[];
  private seatIndexById: ReadonlyMap<string, number> | undefined;
  private readonly events: EngineEvent[] = [];

  constructor(
    state: EngineState,
    readonly now: number,
  ) {
    this.session = { ...state.session };
    this.participants = [...state.participants];
    this.seats = [...state.seats];
    this.seatIndexById = seatIndexByList.get(state.seats);
  }

  updateSession(changes: Partial<EngineSession>): void {
    this.session = { ...this.session, ...changes };
  }

  updateParticipant(index: number, changes: Partial<EngineParticipant>): void {
    const participant = this.participants[index];
    if (participant) this.participants[index] = { ...participant, ...changes };
  }

  /** Frees a seat of the session if this member holds it (a seat outside the session is the server's to free). */
  releaseSeat(seatId: string, memberId: string | null): void {
    const index = this.seatIndex(seatId);
    const seat = index === undefined ? undefined : this.seats[index];
    if (index !== undefined && seat && memberId !== null && seat.holderMemberId === memberId) {
      this.seats[index] = { ...seat, holderMemberId: null };
    }
  }

  takeSeat(seatId: string, memberId: string | null): void {
    const index = this.seatIndex(seatId);
    const seat = index === undefined ? undefined : this.seats[index];
    if (index !== undefined && seat && seat.holderMemberId !== memberId) {
      this.seats[index] = { ...seat, holderMemberId: memberId };
    }
  }

  addHistory(input: HistoryInput): void {
    this.events.push({
      kind: 'history',
      entry: {
        action: input.action,
        at: this.now,
        actorMemberId: input.actor.memberId,
        actorName: input.actor.name,
        participantId: input.participant?.participantId ?? null,
        userName: input.participant?.name ?? null,
        seat: input.seat ?? null,
        bidPriority: input.participant?.bidPriority ?? null,
        details: input.details,
      },
    });
  }

  notify(notification: EngineNotification): void {
    this.events.push({ kind: 'notification', notification });
  }

  toResult(): EngineResult {
    if (this.seatIndexById) seatIndexByList.set(this.seats, this.seatIndexById);
    return {
      ok: true,
      state: { session: this.session, participants: this.participants, seats: this.seats },
      events: this.events,
    };
  }

  private seatIndex(seatId: string): number | undefined {
    if (!this.seatIndexById) {
      this.seatIndexById = new Map(this.seats.map((seat, index) => [seat.seatId, index]));
      seatIndexByList.set(this.seats, this.seatIndexById);
    }
    return this.seatIndexById.get(seatId);
  }
}
