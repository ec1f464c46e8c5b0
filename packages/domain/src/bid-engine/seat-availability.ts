/**
 * Eligibility and seat availability (bidding-rules.md, "Eligibility" and "When a turn's deadline
 * passes"): which seats a participant may take, and which free seat a bid or the turn clock picks.
 */
import { getSeatPositionForRank, type Rank, SEAT_POSITIONS, type SeatPosition, SHIFTS } from '../constants.ts';
import { memoizeBySeatList } from './list-memos.ts';
import type { EligibilityMode, EngineSeat, EngineState, SeatChoice, SeatRef } from './types.ts';

/** Whether a member of `rank` may take a seat of `seatPosition`: by rank, or any seat in "any" mode. */
export function isEligibleForSeat(rank: Rank, seatPosition: SeatPosition, mode: EligibilityMode): boolean {
  return mode === 'any' || getSeatPositionForRank(rank) === seatPosition;
}

/** Whether a seat is of the kind a member asked for (same station, shift and position). */
export function isSeatOfChoice(seat: SeatRef, choice: SeatChoice): boolean {
  return (
    seat.stationId === choice.stationId && seat.shift === choice.shift && seat.seatPosition === choice.seatPosition
  );
}

/** Where each seat is in a seat list: by ID, and by kind (lowest ordinal, then seat ID, first). */
interface SeatListIndex {
  byId: ReadonlyMap<string, number>;
  byKind: ReadonlyMap<string, readonly number[]>;
  stationIds: ReadonlySet<string>;
}

const kindKey = (seat: SeatChoice) => `${seat.stationId}|${seat.shift}|${seat.seatPosition}`;

/** Kept with the list, so a bid finds its seats without looking at the session's other thousands. */
const seatListIndex = memoizeBySeatList((seats): SeatListIndex => {
  const byId = new Map<string, number>();
  const byKind = new Map<string, number[]>();
  seats.forEach((seat, index) => {
    byId.set(seat.seatId, index);
    const key = kindKey(seat);
    const places = byKind.get(key);
    if (places) places.push(index);
    else byKind.set(key, [index]);
  });
  for (const places of byKind.values()) {
    places.sort((a, b) => compareSeatOrder(seats[a] as EngineSeat, seats[b] as EngineSeat));
  }
  return { byId, byKind, stationIds: new Set(seats.map((seat) => seat.stationId)) };
});

/** Lowest ordinal first, then by seat ID: the order in which seats of one kind are given. */
function compareSeatOrder(a: EngineSeat, b: EngineSeat): number {
  return a.ordinal - b.ordinal || (a.seatId < b.seatId ? -1 : a.seatId > b.seatId ? 1 : 0);
}

/** A seat's place in the session's seat list, or undefined when the session does not offer it. */
export function seatIndexOf(seats: readonly EngineSeat[], seatId: string): number | undefined {
  return seatListIndex(seats).byId.get(seatId);
}

/** Whether the session offers any seat of that station. */
export function isStationOffered(state: EngineState, stationId: string): boolean {
  return seatListIndex(state.seats).stationIds.has(stationId);
}

/** The session's seats of that station, shift and position, free or held, lowest ordinal first. */
export function seatsOfChoice(state: EngineState, choice: SeatChoice): EngineSeat[] {
  const places = seatListIndex(state.seats).byKind.get(kindKey(choice)) ?? [];
  return places.map((index) => state.seats[index] as EngineSeat);
}

/** Whether the session offers at least one seat of that kind, free or held. */
export function isChoiceOffered(state: EngineState, choice: SeatChoice): boolean {
  return seatListIndex(state.seats).byKind.has(kindKey(choice));
}

/** The free seat of that station, shift and position with the lowest ordinal, or undefined when none is left. */
export function findFreeSeat(state: EngineState, choice: SeatChoice): EngineSeat | undefined {
  return seatsOfChoice(state, choice).find((seat) => seat.holderMemberId === null);
}

/** What the last-resort auto-assignment reads of a participant. */
export interface AutoAssignCandidate {
  rank: Rank;
  preferences: { preferredStationIds: readonly string[]; preferredShifts: readonly string[] };
}

/**
 * The seat the turn clock gives a participant who holds none after their second chance ran out: the
 * first free eligible seat matching their preferred stations and shifts (stations in their order,
 * then shifts in their order; an empty list matches any), else the first free eligible seat by
 * station number, then shift A, B, C. Within one station and shift, the position matching their rank
 * comes first (it matters in "any" mode), then Captain to Firefighter, then the lowest ordinal.
 * Undefined when no eligible seat is left. `allows` adds the department's rules (qualification,
 * staffing: seat-choice.ts).
 */
export function findAutoAssignSeat(
  state: EngineState,
  candidate: AutoAssignCandidate,
  mode: EligibilityMode,
  allows: (seat: EngineSeat) => boolean = () => true,
): EngineSeat | undefined {
  const { preferredStationIds, preferredShifts } = candidate.preferences;
  const hasPreferences = preferredStationIds.length > 0 || preferredShifts.length > 0;
  const ownPosition = getSeatPositionForRank(candidate.rank);
  const positionOrder = (position: SeatPosition) => (position === ownPosition ? -1 : SEAT_POSITIONS.indexOf(position));
  // Sort keys, most significant first; ties fall through to the station number and finally the seat ID.
  const fallbackKeys = (seat: EngineSeat) => [
    seat.stationNumber,
    seat.stationId,
    SHIFTS.indexOf(seat.shift),
    positionOrder(seat.seatPosition),
    seat.ordinal,
    seat.seatId,
  ];
  // An empty preference list matches every seat and ranks them all alike (index 0).
  const preferenceIndex = (list: readonly string[], value: string) => (list.length === 0 ? 0 : list.indexOf(value));

  let bestPreferred: { seat: EngineSeat; keys: (string | number)[] } | undefined;
  let bestFallback: { seat: EngineSeat; keys: (string | number)[] } | undefined;
  for (const seat of state.seats) {
    if (seat.holderMemberId !== null || !isEligibleForSeat(candidate.rank, seat.seatPosition, mode)) continue;
    const keys = fallbackKeys(seat);
    // The rules (certifications, staffing) are asked last and only of a seat that would win.
    if (bestFallback && compareKeys(keys, bestFallback.keys) >= 0 && !hasPreferences) continue;
    if (!allows(seat)) continue;
    if (!bestFallback || compareKeys(keys, bestFallback.keys) < 0) bestFallback = { seat, keys };
    if (!hasPreferences) continue;
    const stationIndex = preferenceIndex(preferredStationIds, seat.stationId);
    const shiftIndex = preferenceIndex(preferredShifts, seat.shift);
    if (stationIndex < 0 || shiftIndex < 0) continue;
    const preferredKeys = [stationIndex, shiftIndex, ...keys];
    if (!bestPreferred || compareKeys(preferredKeys, bestPreferred.keys) < 0) {
      bestPreferred = { seat, keys: preferredKeys };
    }
  }
  return (bestPreferred ?? bestFallback)?.seat;
}

/** A seat without the engine's bookkeeping, as history, notifications and participants hold it. */
export function toSeatRef(seat: SeatRef): SeatRef {
  return {
    seatId: seat.seatId,
    stationId: seat.stationId,
    stationNumber: seat.stationNumber,
    stationName: seat.stationName,
    shift: seat.shift,
    seatPosition: seat.seatPosition,
  };
}

function compareKeys(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let index = 0; index < a.length; index++) {
    const left = a[index] as string | number;
    const right = b[index] as string | number;
    if (left < right) return -1;
    if (left > right) return 1;
  }
  return 0;
}
