/**
 * Pure rules of the Station Assignments panel: stations as the panel shows them, their free seats and fill rate, the colour of one
 * position's seats, and the panel's filters. Search, location and paging are the admin station
 * list's own rules (features/stations/utils/station-rules.ts), so both lists filter alike.
 */
import {
  type BidSessionDetail,
  SEAT_POSITIONS,
  type SeatPosition,
  SHIFTS,
  type Shift,
  type Station,
} from '@stationbid/domain';
import { type FillColor, filterStations } from '../../stations/index.ts';

/** The seats of one position on one shift: how many members hold one, out of how many. */
export interface AssignmentSeat {
  position: SeatPosition;
  filled: number;
  total: number;
}

/** A station as the panel shows it, whatever call it came from (a session's offer or the station list). */
export interface AssignmentStation {
  id: string;
  number: number;
  name: string;
  address: string;
  isActive: boolean;
  seats: Record<Shift, AssignmentSeat[]>;
}

type OfferedStation = BidSessionDetail['availableStations'][number];

function bySeatPosition(first: AssignmentSeat, second: AssignmentSeat): number {
  return SEAT_POSITIONS.indexOf(first.position) - SEAT_POSITIONS.indexOf(second.position);
}

function byStationNumber(first: { number: number }, second: { number: number }): number {
  return first.number - second.number;
}

/**
 * A running session's offered stations as panel rows, by station number. The offer counts FREE
 * seats (`count`) out of `total`, so the filled seats are the difference. Only active stations are
 * ever offered (bidding-rules.md, Eligibility).
 */
export function toAssignmentStations(stations: BidSessionDetail['availableStations']): AssignmentStation[] {
  return [...stations].sort(byStationNumber).map((station: OfferedStation) => ({
    id: station.id,
    number: station.number,
    name: station.name,
    address: station.address,
    isActive: true,
    seats: {
      A: toSeats(station.availablePositions.A),
      B: toSeats(station.availablePositions.B),
      C: toSeats(station.availablePositions.C),
    },
  }));
}

function toSeats(entries: OfferedStation['availablePositions'][Shift]): AssignmentSeat[] {
  return entries
    .map((entry) => ({ position: entry.position, filled: Math.max(0, entry.total - entry.count), total: entry.total }))
    .sort(bySeatPosition);
}

/** The station list (GET /api/stations) as panel rows, by station number: `occupied` of `total` per position. */
export function toAssignmentStationsFromList(stations: readonly Station[]): AssignmentStation[] {
  return [...stations].sort(byStationNumber).map((station) => ({
    id: station.id,
    number: station.number,
    name: station.name,
    address: station.address,
    isActive: station.isActive,
    seats: {
      A: station.availablePositions.A.map(toListSeat).sort(bySeatPosition),
      B: station.availablePositions.B.map(toListSeat).sort(bySeatPosition),
      C: station.availablePositions.C.map(toListSeat).sort(bySeatPosition),
    },
  }));
}

function toListSeat(entry: Station['availablePositions'][Shift][number]): AssignmentSeat {
  return { position: entry.position, filled: entry.occupied, total: entry.total };
}

/**
 * The colour of one position's seats: green when nothing is filled, yellow when
 * partly filled, red when full. A position without seats has nothing left to take, so it reads as full.
 */
export function getSeatFillColor(seat: Pick<AssignmentSeat, 'filled' | 'total'>): FillColor {
  if (seat.filled >= seat.total) return 'red';
  if (seat.filled <= 0) return 'green';
  return 'yellow';
}

/** "Open", "Partly filled" or "Full": the colour's meaning in words, so it never depends on colour. */
export function describeSeatFill(seat: Pick<AssignmentSeat, 'filled' | 'total'>): string {
  const color = getSeatFillColor(seat);
  if (color === 'red') return 'Full';
  if (color === 'yellow') return 'Partly filled';
  return 'Open';
}

/** Free seats of one shift, over every position. */
export function countShiftFreeSeats(station: Pick<AssignmentStation, 'seats'>, shift: Shift): number {
  return station.seats[shift].reduce((sum, seat) => sum + Math.max(0, seat.total - seat.filled), 0);
}

/** Seats of one shift, free or not, over every position. */
export function countShiftSeats(station: Pick<AssignmentStation, 'seats'>, shift: Shift): number {
  return station.seats[shift].reduce((sum, seat) => sum + seat.total, 0);
}

/** Free seats per shift A, B, C. */
export function countFreeSeatsPerShift(station: Pick<AssignmentStation, 'seats'>): Record<Shift, number> {
  return {
    A: countShiftFreeSeats(station, 'A'),
    B: countShiftFreeSeats(station, 'B'),
    C: countShiftFreeSeats(station, 'C'),
  };
}

export interface SeatTotals {
  filled: number;
  total: number;
  free: number;
  /** Rounded filled / total in percent, as the station list's fill rate; 0 for a station without seats. */
  fillRate: number;
}

/** The station's seats over every shift and position. */
export function summarizeStationSeats(station: Pick<AssignmentStation, 'seats'>): SeatTotals {
  let filled = 0;
  let total = 0;
  for (const shift of SHIFTS) {
    for (const seat of station.seats[shift]) {
      filled += Math.min(seat.filled, seat.total);
      total += seat.total;
    }
  }
  return { filled, total, free: total - filled, fillRate: total === 0 ? 0 : Math.round((filled / total) * 100) };
}

/** A seat can be taken here: the station is active and has a free seat on some shift. */
export function hasFreeSeat(station: Pick<AssignmentStation, 'isActive' | 'seats'>): boolean {
  return station.isActive && summarizeStationSeats(station).free > 0;
}

export interface AssignmentFilters {
  search: string;
  /** A location from `listStationLocations`, or null for every location. */
  location: string | null;
  /** Only stations with at least one free seat (of the chosen shift and position, when chosen). */
  isAvailableOnly: boolean;
  /** One station's id, or null for every station. */
  stationId: string | null;
  /** Only this shift's seats, or null for every shift. */
  shift: Shift | null;
  /** Only this position's seats, or null for every position. */
  position: SeatPosition | null;
}

export const NO_ASSIGNMENT_FILTERS: AssignmentFilters = {
  search: '',
  location: null,
  isAvailableOnly: false,
  stationId: null,
  shift: null,
  position: null,
};

export function hasAssignmentFilters(filters: AssignmentFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.location !== null ||
    filters.isAvailableOnly ||
    filters.stationId !== null ||
    filters.shift !== null ||
    filters.position !== null
  );
}

/**
 * The station with only the seats of the chosen shift and position: the other shifts show no seats,
 * so the counts on its card are those of what the member looks for.
 */
function narrowSeats(
  station: AssignmentStation,
  shift: Shift | null,
  position: SeatPosition | null,
): AssignmentStation {
  if (shift === null && position === null) return station;
  const seatsOf = (candidate: Shift) =>
    shift !== null && candidate !== shift
      ? []
      : station.seats[candidate].filter((seat) => position === null || seat.position === position);
  return { ...station, seats: { A: seatsOf('A'), B: seatsOf('B'), C: seatsOf('C') } };
}

/**
 * The stations matching a search on name, number or address, a location, a station, a shift and a
 * position (a station without such seats drops out), and Available Only (`hasFreeSeat`).
 */
export function filterAssignmentStations(
  stations: readonly AssignmentStation[],
  filters: AssignmentFilters,
): AssignmentStation[] {
  const matching = filterStations([...stations], { search: filters.search, status: 'all', location: filters.location })
    .filter((station) => filters.stationId === null || station.id === filters.stationId)
    .map((station) => narrowSeats(station, filters.shift, filters.position))
    .filter(
      (station) => (filters.shift === null && filters.position === null) || summarizeStationSeats(station).total > 0,
    );
  return filters.isAvailableOnly ? matching.filter(hasFreeSeat) : matching;
}
