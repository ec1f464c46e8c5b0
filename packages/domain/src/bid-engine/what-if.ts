/**
 * A what-if run (bidding-rules.md, "What-if run"): a session played to its end through the engine
 * itself, so every rule holds exactly as in the real session (seniority, rounds, qualified seats,
 * must-fill staffing, standing bids). Each member's saved ranked list stands for their choice: the
 * first seat of it the rules allow. A member whose list has nothing left, or who has no list, is
 * guessed: their own seat if they hold one the session offers, else the first seat they qualify for
 * (by station number, shift and ordinal, their own position first). Guesses are marked as such. Nothing outside the returned figures changes: the state given is never mutated.
 */

import { getSeatPositionForRank, SEAT_POSITIONS, type SeatPosition, SHIFTS } from '../constants.ts';
import { applyCommand, inQueueOrder } from './apply-command.ts';
import { bidSubjectNamed, effectiveDateOf, isQualifiedForSeat } from './qualification.ts';
import { isEligibleForSeat, seatIndexOf } from './seat-availability.ts';
import { TurnRules } from './seat-choice.ts';
import { SessionStep } from './session-step.ts';
import { mustFillSeatIndexes } from './staffing.ts';
import { advance, award } from './turn-flow.ts';
import type { Actor, EngineEvent, EngineParticipant, EngineResult, EngineSeat, EngineState, SeatRef } from './types.ts';

/** Who the run's bids are placed by: a proxy, like an administrator's phone-in, so refusals name the member. */
const WHAT_IF_ACTOR: Actor = { memberId: null, name: 'what-if run', isAdmin: true };

/** Why the run gave a participant what it did. */
export type WhatIfSource =
  /** Their standing bid, as the engine resolves it when the turn begins. */
  | 'standingBid'
  /** The first choice of their ranked list the rules allowed. */
  | 'rankedList'
  /** A guess: they pass, keeping the seat they hold. */
  | 'ownSeat'
  /** A guess: the first seat they qualify for. */
  | 'firstQualified'
  /** No seat of the session: none was left that they may take. */
  | 'none';

export interface WhatIfAward {
  participantId: string;
  name: string;
  rank: EngineParticipant['rank'];
  /** 1-based turn in the run (the queue as it stands, rounds included). */
  turn: number;
  seat: SeatRef | null;
  source: WhatIfSource;
  /** The place on their ranked list of the seat they got (standing bid or list), else null. */
  place: number | null;
  /** True when the run had to guess: no list, or nothing on it left. */
  isGuess: boolean;
  /** They have a ranked list and every seat on it was gone (or closed to them) by their turn. */
  listRanOut: boolean;
}

/** Must-fill seats of one kind (position and certifications) across the session's stations. */
export interface WhatIfMustFillClass {
  position: SeatPosition;
  requires: readonly string[];
  /** Must-fill seats of the kind in the session. */
  seats: number;
  /** Held at the end of the run. */
  filled: number;
  /**
   * The fewest qualified members still to bid beyond the free seats of the kind, over the run
   * (0: at some turn every one of them was needed; negative: some seats could not be filled).
   */
  fewestSpare: number;
  /** The first turn after which no qualified member was spare (fewestSpare reached at most 0), or null. */
  tightFromTurn: number | null;
}

export interface WhatIfResult {
  /** One per participant who took a turn, in turn order. */
  awards: WhatIfAward[];
  /** Participants whose ranked list ran out. */
  listsRanOut: number;
  /** Participants given a guess. */
  guesses: number;
  mustFill: WhatIfMustFillClass[];
  /** The state at the end of the run (completed), for a predicted board. */
  finalState: EngineState;
}

export type WhatIfOutcome = { ok: true; result: WhatIfResult } | { ok: false; message: string };

/**
 * Watches the run turn by turn (the forecast, forecast.ts, reads each member's list at their turn).
 * Standing bids are resolved by the engine as a turn begins, before any `beforeTurn`: a watcher that
 * needs every turn runs a state without them (a standing bid picks as the list would).
 */
export interface WhatIfObserver {
  /** The holder's turn, before the run decides it, in the run's state with the rules of their turn at `time`. */
  beforeTurn?(holder: EngineParticipant, rules: TurnRules, view: EngineState, time: number): void;
  /** A turn decided: the seat it took (null: they passed, or kept their own) and whether it was a guess. */
  decided?(participantId: string, seat: SeatRef | null, isGuess: boolean): void;
}

/**
 * Runs the session from `state` to its end: a draft or scheduled session from its start, a paused
 * one from its resumption, an active one from its current turn. Refused only when the engine
 * refuses to start (or resume) it.
 *
 * After that first command the run plays every turn on one working copy of the state (the engine's
 * own SessionStep, award and advance, as a bid does), not a command each: a command copies the
 * participant and seat lists, which at 20,000 participants would make the run quadratic.
 */
export function runWhatIf(state: EngineState, now: number, observer: WhatIfObserver = {}): WhatIfOutcome {
  return drainSteps(whatIfSteps(state, now, observer));
}

/** Runs a stepwise computation to its end at once. */
export function drainSteps<T>(steps: Generator<void, T>): T {
  let next = steps.next();
  while (!next.done) next = steps.next();
  return next.value;
}

/**
 * The run as steps: it yields after each turn, so a server can play it in slices between other
 * requests (a forecast is made again after every pick) rather than hold the event loop for the
 * seconds a 20,000-member run takes.
 */
export function* whatIfSteps(
  state: EngineState,
  now: number,
  observer: WhatIfObserver = {},
): Generator<void, WhatIfOutcome> {
  let begun = state;
  const beginning: EngineEvent[] = [];
  const { status } = state.session;
  if (status === 'draft' || status === 'scheduled' || status === 'paused') {
    const type = status === 'paused' ? 'resume' : 'start';
    const result = applyCommand(state, { type, now, actor: WHAT_IF_ACTOR });
    if (!result.ok) return { ok: false, message: result.refusal.message };
    begun = result.state;
    beginning.push(...result.events);
  }
  begun = inQueueOrder(begun);
  // A turn whose deadline has passed (the turn clock has not yet come to it) is played at its deadline.
  const { currentBidEnd } = begun.session;
  const time = currentBidEnd !== null && currentBidEnd < now ? currentBidEnd : now;

  const step = new SessionStep(begun, time);
  const guesses = new FirstFreeSeats(begun);
  const decisions = new Map<string, Omit<WhatIfAward, 'participantId' | 'name' | 'rank' | 'turn' | 'seat'>>();
  /** An award the engine made: the seat its winner left is free again; a standing bid is their decision. */
  const noteAward = (event: EngineEvent) => {
    if (event.kind !== 'history' || event.entry.action !== 'bid_submitted') return;
    const { participantId, details, seat } = event.entry;
    if (participantId === null) return;
    guesses.noteAwarded(participantId, seat);
    if (details.source === 'standing_bid') {
      observer.decided?.(participantId, seat, false);
      decisions.set(participantId, {
        source: 'standingBid',
        place: Number(details.choice),
        isGuess: false,
        listRanOut: false,
      });
    }
  };
  for (const event of beginning) noteAward(event);
  // The step's own events so far are the run's; each turn reads those its advance added.
  let read = step.eventsSoFar().length;
  const noteNewEvents = () => {
    const events = step.eventsSoFar();
    for (; read < events.length; read++) noteAward(events[read] as EngineEvent);
  };

  while (step.session.status === 'active') {
    const holderIndex = step.session.currentParticipant - 1;
    const holder = step.participants[holderIndex];
    if (!holder) break;
    const view = step.view();
    const rules = new TurnRules(view, holder, time, bidSubjectNamed(holder.name));
    observer.beforeTurn?.(holder, rules, view, time);
    const { seat, ...decision } = decide(view, holder, rules, guesses);
    decisions.set(holder.participantId, decision);
    observer.decided?.(holder.participantId, seat, decision.isGuess);
    if (seat) {
      award(step, holderIndex, seat, {
        outcome: 'proxy_bid',
        action: 'bid_submitted',
        actor: WHAT_IF_ACTOR,
        details: {},
      });
    } else {
      step.updateParticipant(holderIndex, { outcome: 'skipped' });
      step.addHistory({ action: 'turn_skipped', actor: WHAT_IF_ACTOR, participant: holder, details: {} });
    }
    advance(step);
    noteNewEvents();
    yield;
  }
  const ended = step.toResult() as EngineResult & { ok: true };
  const current = ended.state;

  // Turns in the order they were played: the start's standing bids, then each turn's entry.
  const turnOf = new Map<string, number>();
  for (const event of [...beginning, ...ended.events]) {
    if (event.kind !== 'history' || event.entry.participantId === null) continue;
    if (event.entry.action !== 'bid_submitted' && event.entry.action !== 'turn_skipped') continue;
    if (!turnOf.has(event.entry.participantId)) turnOf.set(event.entry.participantId, turnOf.size + 1);
  }
  const awards = current.participants
    .flatMap((participant): WhatIfAward[] => {
      const at = turnOf.get(participant.participantId);
      const decision = decisions.get(participant.participantId);
      if (at === undefined || decision === undefined) return [];
      const { participantId, name, rank } = participant;
      const seat = participant.awardedSeat ?? (decision.source === 'ownSeat' ? participant.currentSeat : null);
      return [{ participantId, name, rank, turn: at, seat, ...decision }];
    })
    .sort((a, b) => a.turn - b.turn);
  return {
    ok: true,
    result: {
      awards,
      listsRanOut: awards.filter((award) => award.listRanOut).length,
      guesses: awards.filter((award) => award.isGuess).length,
      mustFill: mustFillClasses(begun, current, awards),
      finalState: current,
    },
  };
}

type Decision = Omit<WhatIfAward, 'participantId' | 'name' | 'rank' | 'turn' | 'seat'> & { seat: EngineSeat | null };

/** What the turn holder is taken to choose: their list's first allowed seat, else a guess. */
function decide(state: EngineState, holder: EngineParticipant, rules: TurnRules, guesses: FirstFreeSeats): Decision {
  const { choices } = holder.preferences;
  const listed = choices.length > 0 ? rules.pickFromList(choices) : undefined;
  if (listed)
    return { source: 'rankedList', seat: listed.seat, place: listed.place, isGuess: false, listRanOut: false };
  const listRanOut = choices.length > 0;
  // Keeping the seat they hold is a pass (which needs no certification, only staffing to allow it).
  const held = rules.heldSeat();
  if (held && rules.staffing(held).ok) return { source: 'ownSeat', seat: null, place: null, isGuess: true, listRanOut };
  // The seat a bid for that kind of seat gives (the engine's order within a kind), as a bid would.
  const first = guesses.firstAllowed(state, holder, rules);
  const picked =
    first && rules.pick({ stationId: first.stationId, shift: first.shift, seatPosition: first.seatPosition });
  if (picked?.ok) return { source: 'firstQualified', seat: picked.seat, place: null, isGuess: true, listRanOut };
  // Nothing they may take: they pass, keeping whatever they hold outside the session.
  return { source: holder.currentSeat ? 'ownSeat' : 'none', seat: null, place: null, isGuess: true, listRanOut };
}

/**
 * The run's guess of "the first seat they qualify for": by station number, shift and ordinal, the
 * member's own position first. Seats are kept per kind (position and rules), each kind in that
 * order with a cursor past the seats already taken, so a guess looks at the first free seat of
 * each kind rather than at every seat; a seat a winner leaves moves its kind's cursor back to it.
 */
class FirstFreeSeats {
  private readonly kinds = new Map<string, { places: number[]; cursor: number }>();
  private readonly kindOfSeat = new Map<number, { key: string; rank: number }>();
  private readonly seatAtStart = new Map<string, SeatRef | null>();
  private readonly seats: readonly EngineSeat[];

  constructor(state: EngineState) {
    this.seats = state.seats;
    const order = state.seats
      .map((seat, index) => ({ seat, index }))
      .sort(
        (a, b) =>
          a.seat.stationNumber - b.seat.stationNumber ||
          (a.seat.stationId < b.seat.stationId ? -1 : a.seat.stationId > b.seat.stationId ? 1 : 0) ||
          SHIFTS.indexOf(a.seat.shift) - SHIFTS.indexOf(b.seat.shift) ||
          a.seat.ordinal - b.seat.ordinal ||
          (a.seat.seatId < b.seat.seatId ? -1 : 1),
      );
    for (const { seat, index } of order) {
      const key = `${seat.seatPosition}|${(seat.requires ?? []).join(',')}|${seat.mustFill === true}`;
      const kind = this.kinds.get(key) ?? { places: [], cursor: 0 };
      this.kindOfSeat.set(index, { key, rank: kind.places.length });
      kind.places.push(index);
      this.kinds.set(key, kind);
    }
    for (const participant of state.participants)
      this.seatAtStart.set(participant.participantId, participant.currentSeat);
  }

  /** A winner leaves the seat they held at the run's start (each takes one turn): it is free again. */
  noteAwarded(participantId: string, seat: SeatRef | null): void {
    const left = this.seatAtStart.get(participantId);
    if (!left || left.seatId === seat?.seatId) return;
    const index = seatIndexOf(this.seats, left.seatId);
    const place = index === undefined ? undefined : this.kindOfSeat.get(index);
    const kind = place && this.kinds.get(place.key);
    if (place && kind) kind.cursor = Math.min(kind.cursor, place.rank);
  }

  firstAllowed(state: EngineState, holder: EngineParticipant, rules: TurnRules): EngineSeat | undefined {
    const ownPosition = getSeatPositionForRank(holder.rank);
    let best: EngineSeat | undefined;
    for (const kind of this.kinds.values()) {
      while (
        kind.cursor < kind.places.length &&
        state.seats[kind.places[kind.cursor] as number]?.holderMemberId !== null
      ) {
        kind.cursor += 1;
      }
      const seat = state.seats[kind.places[kind.cursor] as number];
      if (!seat || !isEligibleForSeat(holder.rank, seat.seatPosition, state.session.eligibilityMode)) continue;
      if (best && compareGuessOrder(best, seat, ownPosition) <= 0) continue;
      if (rules.allows(seat)) best = seat;
    }
    return best;
  }
}

function compareGuessOrder(a: EngineSeat, b: EngineSeat, ownPosition: SeatPosition): number {
  const positionOrder = (seat: EngineSeat) =>
    seat.seatPosition === ownPosition ? -1 : SEAT_POSITIONS.indexOf(seat.seatPosition);
  return (
    a.stationNumber - b.stationNumber ||
    (a.stationId < b.stationId ? -1 : a.stationId > b.stationId ? 1 : 0) ||
    SHIFTS.indexOf(a.shift) - SHIFTS.indexOf(b.shift) ||
    positionOrder(a) - positionOrder(b) ||
    a.ordinal - b.ordinal
  );
}

/**
 * For each kind of must-fill seat, how close the run came to leaving one unfilled: before each
 * turn, the qualified members still to bid beyond the kind's free seats. Counted per kind, so a
 * member qualified for two kinds counts in both: the engine's exact matching is what holds the
 * line; this says where it was needed.
 */
function mustFillClasses(
  initial: EngineState,
  end: EngineState,
  awards: readonly WhatIfAward[],
): WhatIfMustFillClass[] {
  const indexes = mustFillSeatIndexes(initial.seats);
  if (indexes.length === 0) return [];
  const date = effectiveDateOf(end.session, end.session.actualStart ?? 0);
  const keyOf = (seat: Pick<EngineSeat, 'seatPosition' | 'requires'>) =>
    `${seat.seatPosition}|${[...(seat.requires ?? [])].sort().join(',')}`;
  const classes = new Map<string, WhatIfMustFillClass & { free: number; qualifiedLeft: number }>();
  for (const index of indexes) {
    const seat = initial.seats[index] as EngineSeat;
    const key = keyOf(seat);
    const entry = classes.get(key) ?? {
      position: seat.seatPosition,
      requires: [...(seat.requires ?? [])].sort(),
      seats: 0,
      filled: 0,
      fewestSpare: Number.POSITIVE_INFINITY,
      tightFromTurn: null,
      free: 0,
      qualifiedLeft: 0,
    };
    entry.seats += 1;
    if (end.seats[index]?.holderMemberId) entry.filled += 1;
    if (seat.holderMemberId === null) entry.free += 1;
    classes.set(key, entry);
  }
  const mustFillKeyOf = (seat: SeatRef | null) => {
    const index = seat ? seatIndexOf(initial.seats, seat.seatId) : undefined;
    const found = index === undefined ? undefined : initial.seats[index];
    return found?.mustFill === true ? keyOf(found) : undefined;
  };
  const before = new Map(initial.participants.map((participant) => [participant.participantId, participant]));
  const qualifiers = new Map(
    [...classes.keys()].map((key) => {
      const entry = classes.get(key) as WhatIfMustFillClass;
      const seat = { seatPosition: entry.position, requires: entry.requires };
      return [key, (participant: EngineParticipant) => isQualifiedForSeat(end.session, participant, seat, date)];
    }),
  );
  for (const award of awards) {
    const participant = before.get(award.participantId) as EngineParticipant;
    for (const [key, entry] of classes) if (qualifiers.get(key)?.(participant)) entry.qualifiedLeft += 1;
  }
  for (const award of awards) {
    const participant = before.get(award.participantId) as EngineParticipant;
    for (const entry of classes.values()) {
      if (entry.free <= 0) continue;
      const spare = entry.qualifiedLeft - entry.free;
      entry.fewestSpare = Math.min(entry.fewestSpare, spare);
      if (spare <= 0) entry.tightFromTurn ??= award.turn;
    }
    for (const [key, entry] of classes) if (qualifiers.get(key)?.(participant)) entry.qualifiedLeft -= 1;
    const leftKey = mustFillKeyOf(participant.currentSeat);
    const tookKey = mustFillKeyOf(award.seat);
    if (leftKey !== tookKey || participant.currentSeat?.seatId !== award.seat?.seatId) {
      if (tookKey !== undefined) (classes.get(tookKey) as { free: number }).free -= 1;
      if (leftKey !== undefined) (classes.get(leftKey) as { free: number }).free += 1;
    }
  }
  return [...classes.values()].map(({ free: _free, qualifiedLeft: _left, fewestSpare, ...entry }) => ({
    ...entry,
    fewestSpare: Number.isFinite(fewestSpare) ? fewestSpare : 0,
  }));
}
