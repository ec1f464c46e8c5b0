/**
 * The member's ranked seat choices against the session's board: which are free now and open to
 * them, in their order. Used by the bid panel (loaded on demand), kept apart from the header's
 * words so that it stays out of the page's first load.
 */
import type { BoardStation, SeatChoicePreference, SeatPosition, Shift } from '@stationbid/domain';

/** One of the member's ranked choices with the station it names and its free seats now. */
export interface RankedSeat {
  /** 1-based place in the member's list. */
  rank: number;
  key: string;
  station: BoardStation;
  shift: Shift;
  position: SeatPosition;
  free: number;
}

export function seatKey(stationId: string, shift: Shift, position: SeatPosition): string {
  return `${stationId}|${shift}|${position}`;
}

/** Free seats of that kind in the board's offer (0 when the station is not offered). */
export function countFreeSeats(station: BoardStation | undefined, shift: Shift, position: SeatPosition): number {
  if (station === undefined) return 0;
  return station.availablePositions[shift].find((entry) => entry.position === position)?.count ?? 0;
}

/**
 * The member's ranked choices that are free now and open to them, in their order. A choice taken by
 * someone else, on a station the session does not offer, or of a position their rank may not take
 * is left out: the list shows only what a bid could win.
 */
export function listFreeRankedSeats(
  choices: readonly SeatChoicePreference[],
  stations: readonly BoardStation[],
  eligiblePosition: SeatPosition | null,
): RankedSeat[] {
  const stationsById = new Map(stations.map((station) => [station.id, station]));
  return choices.flatMap((choice, index) => {
    const station = stationsById.get(choice.stationId);
    if (station === undefined) return [];
    if (eligiblePosition !== null && choice.seatPosition !== eligiblePosition) return [];
    const free = countFreeSeats(station, choice.shift, choice.seatPosition);
    if (free <= 0) return [];
    return [
      {
        rank: index + 1,
        key: seatKey(station.id, choice.shift, choice.seatPosition),
        station,
        shift: choice.shift,
        position: choice.seatPosition,
        free,
      },
    ];
  });
}
