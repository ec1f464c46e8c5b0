/**
 * What the ranked-list editor says about each seat: its name ("Station 4, B shift, Engineer"),
 * whether it is still free on a session's board, and which seats the member may add. Kept apart
 * from the components so the wording is the same in the rows, the buttons and the screen-reader
 * announcements, and so it can be tested without rendering.
 */
import {
  getSeatPositionForRank,
  plural,
  type Rank,
  SEAT_POSITIONS,
  type SeatChoicePreference,
  type SeatPosition,
  type SessionBoard,
  SHIFTS,
  type Shift,
  type Station,
} from '@stationbid/domain';
import { getEligibleSeatPosition, type OfferedStation, type SeatChoiceOption } from '../../../lib/seat-options.ts';

/** A session's board as the session page has it: the offered stations with their free seats. */
export type RankedListBoard = Pick<SessionBoard, 'eligibilityMode' | 'stations'>;

/** The least the editor needs to name a station. */
export interface StationName {
  id: string;
  number: number;
  name: string;
}

/** The seat's short name, the one buttons and announcements use: "Station 4, B shift, Engineer". */
export function describeSeat(choice: SeatChoicePreference, stations: readonly StationName[]): string {
  const station = stations.find((candidate) => candidate.id === choice.stationId);
  const stationText = station === undefined ? 'A station no longer offered' : `Station ${station.number}`;
  return `${stationText}, ${choice.shift} shift, ${choice.seatPosition}`;
}

/**
 * Where a ranked seat stands on the session's board. `free` and `taken` are about the seat itself;
 * `not-offered` and `ineligible` say why auto-bid will pass over it in this session.
 */
export type SeatStanding = 'free' | 'taken' | 'not-offered' | 'ineligible';

export function seatStanding(choice: SeatChoicePreference, board: RankedListBoard, rank: Rank): SeatStanding {
  const eligible = getEligibleSeatPosition(board.eligibilityMode, rank);
  if (eligible !== null && choice.seatPosition !== eligible) return 'ineligible';
  const station = board.stations.find((candidate) => candidate.id === choice.stationId);
  if (station === undefined) return 'not-offered';
  const entry = station.availablePositions[choice.shift].find(
    (candidate) => candidate.position === choice.seatPosition,
  );
  if (entry === undefined || entry.total <= 0) return 'not-offered';
  return entry.count > 0 ? 'free' : 'taken';
}

export const SEAT_STANDING_TEXT: Record<SeatStanding, string> = {
  free: 'Free',
  taken: 'Taken',
  'not-offered': 'Not in this session',
  ineligible: 'Not your position',
};

/** The choices of the Add a seat pickers. */
export interface SeatPickerOptions {
  stations: SeatChoiceOption[];
  shifts: (stationId: string | null) => SeatChoiceOption<Shift>[];
  positions: (stationId: string | null, shift: Shift | null) => SeatChoiceOption<SeatPosition>[];
}

/**
 * Free seats counted with what they are: "10 free Firefighter seats" when the session lets the
 * member take one position, "10 free seats" when any position will do; never a bare figure.
 */
export function describeFreeSeats(count: number, position: SeatPosition | null): string {
  return plural(count, position === null ? 'free seat' : `free ${position} seat`);
}

function countFree(station: OfferedStation, shift: Shift, eligible: SeatPosition | null): number {
  return station.availablePositions[shift]
    .filter((entry) => eligible === null || entry.position === eligible)
    .reduce((sum, entry) => sum + Math.max(0, entry.count), 0);
}

/**
 * On a session's board: the free seats the member may take there (the same seats as the bid
 * pickers of seat-options.ts), each count saying what it counts. Without one (the profile): every
 * seat of the department's active stations of the position the member's rank may take, free or
 * not, because the list is for sessions to come.
 */
export function seatPickerOptions(
  rank: Rank,
  stations: readonly Station[],
  board?: RankedListBoard,
): SeatPickerOptions {
  if (board !== undefined) {
    const eligible = getEligibleSeatPosition(board.eligibilityMode, rank);
    const find = (stationId: string | null) => board.stations.find((station) => station.id === stationId);
    return {
      stations: [...board.stations]
        .sort((a, b) => a.number - b.number)
        .map((station) => ({
          station,
          free: SHIFTS.reduce((sum, shift) => sum + countFree(station, shift, eligible), 0),
        }))
        .filter(({ free }) => free > 0)
        .map(({ station, free }) => ({
          value: station.id,
          label: `Station ${station.number} · ${station.name} (${describeFreeSeats(free, eligible)})`,
        })),
      shifts: (stationId) => {
        const station = find(stationId);
        if (station === undefined) return [];
        return SHIFTS.map((shift) => ({ shift, free: countFree(station, shift, eligible) }))
          .filter(({ free }) => free > 0)
          .map(({ shift, free }) => ({ value: shift, label: `Shift ${shift} (${describeFreeSeats(free, eligible)})` }));
      },
      positions: (stationId, shift) => {
        const station = find(stationId);
        if (station === undefined || shift === null) return [];
        return SEAT_POSITIONS.flatMap((position) => {
          const entry = station.availablePositions[shift].find((candidate) => candidate.position === position);
          if (entry === undefined || entry.count <= 0) return [];
          if (eligible !== null && position !== eligible) return [];
          // "Firefighter (4 of 6 seats free)": the position names what is counted.
          return [{ value: position, label: `${position} (${entry.count} of ${plural(entry.total, 'seat')} free)` }];
        });
      },
    };
  }
  const eligible = getSeatPositionForRank(rank);
  const hasSeats = (station: Station, shift: Shift) => station.seats[shift][eligible] > 0;
  const find = (stationId: string | null) => stations.find((station) => station.id === stationId);
  return {
    stations: [...stations]
      .filter((station) => SHIFTS.some((shift) => hasSeats(station, shift)))
      .sort((a, b) => a.number - b.number)
      .map((station) => ({ value: station.id, label: `Station ${station.number} · ${station.name}` })),
    shifts: (stationId) => {
      const station = find(stationId);
      if (station === undefined) return [];
      return SHIFTS.filter((shift) => hasSeats(station, shift)).map((shift) => ({
        value: shift,
        label: `Shift ${shift}`,
      }));
    },
    positions: (stationId, shift) => {
      const station = find(stationId);
      if (station === undefined || shift === null) return [];
      return SEAT_POSITIONS.filter((position) => position === eligible && station.seats[shift][position] > 0).map(
        (position) => ({ value: position, label: position }),
      );
    },
  };
}

/** Moves one entry; the list is new, the entries the same. */
export function moveChoice<T>(list: readonly T[], from: number, to: number): T[] {
  const moved = [...list];
  const [entry] = moved.splice(from, 1);
  if (entry === undefined || to < 0 || to > moved.length) return [...list];
  moved.splice(to, 0, entry);
  return moved;
}
