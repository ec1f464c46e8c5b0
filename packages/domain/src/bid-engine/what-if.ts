/**
 * A what-if run (bidding-rules.md, "What-if run"): a session played to its end through the engine
 * itself, so every rule holds exactly as in the real session (seniority, rounds, qualified seats,
 * must-fill staffing, standing bids). Each member's saved ranked list stands for their choice: the
 * first seat of it the rules allow. A member whose list has nothing left, or who has no list, is
 * guessed: their own seat if they hold one the session offers, else the first seat they qualify for
 * (the last-resort assignment's order, their preferred stations and shifts first). Guesses are
 * marked as such. Nothing outside the returned figures changes: the state given is never mutated.
 */

import type { SeatPosition } from '../constants.ts';
import { applyCommand } from './apply-command.ts';
import { bidSubjectNamed, effectiveDateOf, isQualifiedForSeat } from './qualification.ts';
import { findAutoAssignSeat, seatIndexOf } from './seat-availability.ts';
import { TurnRules } from './seat-choice.ts';
import { mustFillSeatIndexes } from './staffing.ts';
import { getTurnHolder } from './turn-flow.ts';
import type { Actor, EngineParticipant, EngineResult, EngineSeat, EngineState, SeatChoice, SeatRef } from './types.ts';

/** Who the run's bids are placed by: a proxy, like an administrator's phone-in, so refusals name the member. */
const WHAT_IF_ACTOR: Actor = { memberId: null, name: 'what-if run', isAdmin: true };

/** Why the run gave a participant what it did. */
export type WhatIfSource =
  /** Their standing bid, as the engine resolves it when the turn begins. */
  | 'standingBid'
  /** The first choice of their ranked list the rules allowed. */
  | 'rankedList'
  /** A guess: the seat they hold, kept. */
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

/** Time between the run's steps: only the order matters, but each step needs a later time. */
const STEP_MS = 1000;

/**
 * Runs the session from `state` to its end: a draft or scheduled session from its start, an active
 * or paused one from its current turn. Refused only when the engine refuses to start it.
 */
export function runWhatIf(state: EngineState, now: number): WhatIfOutcome {
  let current = state;
  let time = now;
  let turn = 0;
  const turnOf = new Map<string, number>();
  const decisions = new Map<string, Omit<WhatIfAward, 'participantId' | 'name' | 'rank' | 'turn' | 'seat'>>();
  /** Takes a step's state, and the standing bids it resolved as turns began (they take no command). */
  const take = (result: EngineResult & { ok: true }) => {
    current = result.state;
    time += STEP_MS;
    for (const event of result.events) {
      if (event.kind !== 'history' || event.entry.action !== 'bid_submitted') continue;
      const { participantId, details } = event.entry;
      if (participantId === null || details.source !== 'standing_bid') continue;
      turnOf.set(participantId, ++turn);
      const choice = Number(details.choice);
      decisions.set(participantId, { source: 'standingBid', place: choice, isGuess: false, listRanOut: false });
    }
  };
  const { status } = current.session;
  if (status === 'draft' || status === 'scheduled' || status === 'paused') {
    const type = status === 'paused' ? 'resume' : 'start';
    const begun = applyCommand(current, { type, now: time, actor: WHAT_IF_ACTOR });
    if (!begun.ok) return { ok: false, message: begun.refusal.message };
    take(begun);
  }
  const initial = current;
  // A turn whose deadline has passed (the turn clock has not yet come to it) is played at its deadline.
  const { currentBidEnd } = current.session;
  if (currentBidEnd !== null && currentBidEnd < time) time = currentBidEnd;

  while (current.session.status === 'active') {
    const holder = getTurnHolder(current);
    if (!holder) break;
    turnOf.set(holder.participantId, ++turn);
    const rules = new TurnRules(current, holder, time, bidSubjectNamed(holder.name));
    const { choice, ...decision } = decide(current, holder, rules);
    decisions.set(holder.participantId, decision);
    const participantId = holder.participantId;
    // A pass is the member's own (an administrator cannot pass for them).
    const asMember: Actor = { memberId: holder.memberId, name: holder.name, isAdmin: false };
    const result =
      choice === null
        ? applyCommand(current, { type: 'skip', now: time, actor: asMember, participantId })
        : applyCommand(current, { type: 'bid', now: time, actor: WHAT_IF_ACTOR, participantId, seat: choice });
    // The rules allowed the seat a moment ago, so the engine takes it; a refusal would be a bug, and
    // stopping beats looping.
    if (!result.ok) return { ok: false, message: `The run stopped at turn ${turn}: ${result.refusal.message}` };
    take(result);
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
      mustFill: mustFillClasses(initial, current, awards),
      finalState: current,
    },
  };
}

type Decision = Omit<WhatIfAward, 'participantId' | 'name' | 'rank' | 'turn' | 'seat'> & { choice: SeatChoice | null };

/** What the turn holder is taken to choose: their list's first allowed seat, else a guess. */
function decide(state: EngineState, holder: EngineParticipant, rules: TurnRules): Decision {
  const { choices } = holder.preferences;
  const listed = choices.length > 0 ? rules.pickFromList(choices) : undefined;
  if (listed) {
    return {
      source: 'rankedList',
      choice: kindOf(listed.seat),
      place: listed.place,
      isGuess: false,
      listRanOut: false,
    };
  }
  const listRanOut = choices.length > 0;
  const held = rules.heldSeat();
  if (held && rules.allows(held)) {
    return { source: 'ownSeat', choice: kindOf(held), place: null, isGuess: true, listRanOut };
  }
  const first = findAutoAssignSeat(
    state,
    { rank: holder.rank, preferences: holder.preferences },
    state.session.eligibilityMode,
    (seat) => rules.allows(seat),
  );
  if (first) return { source: 'firstQualified', choice: kindOf(first), place: null, isGuess: true, listRanOut };
  // Nothing they may take: they pass, keeping whatever they hold outside the session.
  return { source: holder.currentSeat ? 'ownSeat' : 'none', choice: null, place: null, isGuess: true, listRanOut };
}

function kindOf(seat: EngineSeat): SeatChoice {
  return { stationId: seat.stationId, shift: seat.shift, seatPosition: seat.seatPosition };
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
