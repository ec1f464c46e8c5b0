/**
 * Turns station rows, their seat summaries and the members holding seats into the API's station
 * shape. Every count comes from the seats and assignments, so nothing is stored twice.
 */
import {
  compareSeatGroups,
  emptySeatCounts,
  hasSeatRule,
  type PositionAvailability,
  SEAT_POSITIONS,
  type SeatCounts,
  type SeatPosition,
  type SeatRuleView,
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

/** One shift's seat groups: per position, one per set of rules, the plain group first. */
function seatRules(shift: Shift, summaries: SeatGroupSummary[]): SeatRuleView[] {
  return SEAT_POSITIONS.flatMap((position) =>
    summaries
      .filter((summary) => summary.shift === shift && summary.seatPosition === position && summary.total > 0)
      .sort(compareSeatGroups)
      .map((summary) => ({
        position,
        count: summary.total,
        requires: summary.requires,
        mustFill: summary.mustFill,
        occupied: summary.occupied,
      })),
  );
}

/** The group's `_id` suffix: "-PM+HM", "-must-fill", "-PM-must-fill"; none for the plain group. */
function groupIdSuffix(group: { requires: readonly string[]; mustFill: boolean }): string {
  return `${group.requires.length > 0 ? `-${group.requires.join('+')}` : ''}${group.mustFill ? '-must-fill' : ''}`;
}

/**
 * Free seats per position of one shift. A position whose seats have no rules keeps its single
 * entry exactly as before rules existed; one with rules has an entry per group, which says its rules.
 */
function positionEntries(
  stationId: string,
  shift: Shift,
  counts: StationSeatCounts,
  groups: SeatRuleView[],
): PositionAvailability[] {
  return SEAT_POSITIONS.filter((position) => counts.total[shift][position] > 0).flatMap((position) => {
    const positionGroups = groups.filter((group) => group.position === position);
    if (!positionGroups.some(hasSeatRule)) {
      return [
        {
          _id: `${stationId}-${shift}-${position}`,
          position,
          count: counts.total[shift][position] - counts.occupied[shift][position],
          total: counts.total[shift][position],
          occupied: counts.occupied[shift][position],
        },
      ];
    }
    return positionGroups.map((group) => ({
      _id: `${stationId}-${shift}-${position}${groupIdSuffix(group)}`,
      position,
      count: group.count - group.occupied,
      total: group.count,
      occupied: group.occupied,
      requires: group.requires,
      mustFill: group.mustFill,
    }));
  });
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
  const rules = perShift((shift) => seatRules(shift, summaries));
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
    availablePositions: perShift((shift) => positionEntries(row.id, shift, counts, rules[shift])),
    seats: counts.total,
    seatRules: rules,
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
