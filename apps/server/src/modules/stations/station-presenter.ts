/**
 * Turns station rows, their seat summaries and the members holding seats into the API's station
 * shape. Every count comes from the seats and assignments, so nothing is stored twice.
 */
import {
  emptySeatCounts,
  type PositionAvailability,
  SEAT_POSITIONS,
  type SeatCounts,
  type SeatPosition,
  SHIFTS,
  type Shift,
  type Station,
  type StationPositions,
  sumPositionCounts,
} from '@stationbid/domain';
import type { SeatAssignment, SeatGroupSummary, StationRow } from './stations.repository.ts';

type PerShift<T> = Record<Shift, T>;

const perShift = <T>(make: (shift: Shift) => T): PerShift<T> => ({ A: make('A'), B: make('B'), C: make('C') });

/** Seats and held seats of one station, by shift and position. */
interface StationSeatCounts {
  total: SeatCounts;
  occupied: SeatCounts;
}

function countSeats(summaries: SeatGroupSummary[]): StationSeatCounts {
  const counts = { total: emptySeatCounts(), occupied: emptySeatCounts() };
  for (const summary of summaries) {
    const shift = summary.shift as Shift;
    const position = summary.seatPosition as SeatPosition;
    counts.total[shift][position] += summary.total;
    counts.occupied[shift][position] += summary.occupied;
  }
  return counts;
}

function positionEntries(stationId: string, shift: Shift, counts: StationSeatCounts): PositionAvailability[] {
  return SEAT_POSITIONS.filter((position) => counts.total[shift][position] > 0).map((position) => ({
    _id: `${stationId}-${shift}-${position}`,
    position,
    count: counts.total[shift][position] - counts.occupied[shift][position],
    total: counts.total[shift][position],
    occupied: counts.occupied[shift][position],
  }));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Presents many stations from three query results, without a query per station. */
export function presentStations(
  rows: StationRow[],
  summaries: SeatGroupSummary[],
  assignments: SeatAssignment[],
): Station[] {
  const summariesByStation = groupBy(summaries, (summary) => summary.stationId);
  const assignmentsByStation = groupBy(assignments, (assignment) => assignment.stationId);
  return rows.map((row) =>
    presentStation(row, summariesByStation.get(row.id) ?? [], assignmentsByStation.get(row.id) ?? []),
  );
}

function presentStation(row: StationRow, summaries: SeatGroupSummary[], assignments: SeatAssignment[]): Station {
  const counts = countSeats(summaries);
  const shiftCapacity = perShift((shift) => sumPositionCounts(counts.total[shift]));
  const occupancy = perShift((shift) => sumPositionCounts(counts.occupied[shift]));
  const totalCapacity = SHIFTS.reduce((sum, shift) => sum + shiftCapacity[shift], 0);
  const totalOccupancy = SHIFTS.reduce((sum, shift) => sum + occupancy[shift], 0);
  return {
    id: row.id,
    _id: row.id,
    number: row.number,
    name: row.name,
    location: row.location,
    address: row.address,
    description: row.description,
    phoneNumber: row.phoneNumber,
    email: row.email,
    isActive: row.isActive,
    preferredRanks: row.preferredRanks,
    shiftCapacity,
    capacity: { ...shiftCapacity },
    totalCapacity,
    occupancy,
    totalOccupancy,
    currentAssignments: perShift((shift) =>
      assignments
        .filter((assignment) => assignment.shift === shift)
        .map((assignment) => ({
          memberId: assignment.memberId,
          _id: assignment.memberId,
          firstName: assignment.firstName,
          lastName: assignment.lastName,
          position: assignment.seatPosition as SeatPosition,
        })),
    ),
    availablePositions: perShift((shift) => positionEntries(row.id, shift, counts)),
    seats: counts.total,
    fillRate: totalCapacity === 0 ? 0 : Math.round((totalOccupancy / totalCapacity) * 100),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Free seats per shift and position of a presented station. */
export function presentStationPositions(station: Station): StationPositions {
  return {
    id: station.id,
    _id: station._id,
    number: station.number,
    name: station.name,
    positions: station.availablePositions,
    totalAvailable: station.totalCapacity - station.totalOccupancy,
  };
}
