/**
 * The choices of every seat picker (the administrator's phone-in bid, the member's own bid on the
 * live page): only seats that are free in the session's offer and, when the session matches
 * positions to rank, only the position the bidder's rank may take (getSeatPositionForRank). The
 * server checks all of it again; this only keeps the bidder from picking what it would refuse.
 */
import {
  type BidSessionDetail,
  type EligibilityMode,
  getSeatPositionForRank,
  type Rank,
  SEAT_POSITIONS,
  type SeatPosition,
  SHIFTS,
  type Shift,
} from '@stationbid/domain';

export type OfferedStation = BidSessionDetail['availableStations'][number];

export interface SeatChoiceOption<Value extends string = string> {
  value: Value;
  label: string;
}

/** The only seat position the member may take, or null when any position will do. */
export function getEligibleSeatPosition(eligibilityMode: EligibilityMode, rank: Rank): SeatPosition | null {
  return eligibilityMode === 'rank' ? getSeatPositionForRank(rank) : null;
}

function countFreeSeats(station: OfferedStation, shift: Shift, eligiblePosition: SeatPosition | null): number {
  return station.availablePositions[shift]
    .filter((entry) => eligiblePosition === null || entry.position === eligiblePosition)
    .reduce((sum, entry) => sum + Math.max(0, entry.count), 0);
}

function describeFreeSeats(count: number): string {
  return `${count} free ${count === 1 ? 'seat' : 'seats'}`;
}

/** "Station 1 · Downtown (3 free seats)", for stations with at least one seat the member may take. */
export function listStationChoices(
  stations: readonly OfferedStation[],
  eligiblePosition: SeatPosition | null,
): SeatChoiceOption[] {
  return [...stations]
    .sort((a, b) => a.number - b.number)
    .map((station) => ({
      station,
      free: SHIFTS.reduce((sum, shift) => sum + countFreeSeats(station, shift, eligiblePosition), 0),
    }))
    .filter(({ free }) => free > 0)
    .map(({ station, free }) => ({
      value: station.id,
      label: `Station ${station.number} · ${station.name} (${describeFreeSeats(free)})`,
    }));
}

/** "Shift A (2 free seats)", for the shifts of `station` with a seat the member may take. */
export function listShiftChoices(
  station: OfferedStation | undefined,
  eligiblePosition: SeatPosition | null,
): SeatChoiceOption<Shift>[] {
  if (station === undefined) return [];
  return SHIFTS.map((shift) => ({ shift, free: countFreeSeats(station, shift, eligiblePosition) }))
    .filter(({ free }) => free > 0)
    .map(({ shift, free }) => ({ value: shift, label: `Shift ${shift} (${describeFreeSeats(free)})` }));
}

/** "Captain (1 of 1 free)", for the free positions of that station and shift the member may take. */
export function listPositionChoices(
  station: OfferedStation | undefined,
  shift: Shift | null,
  eligiblePosition: SeatPosition | null,
): SeatChoiceOption<SeatPosition>[] {
  if (station === undefined || shift === null) return [];
  const entries = station.availablePositions[shift];
  return SEAT_POSITIONS.flatMap((position) => {
    const entry = entries.find((candidate) => candidate.position === position);
    if (entry === undefined || entry.count <= 0) return [];
    if (eligiblePosition !== null && position !== eligiblePosition) return [];
    return [{ value: position, label: `${position} (${entry.count} of ${entry.total} free)` }];
  });
}
