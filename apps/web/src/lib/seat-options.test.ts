import type { SeatPosition, Shift } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import {
  getEligibleSeatPosition,
  listPositionChoices,
  listShiftChoices,
  listStationChoices,
  type OfferedStation,
} from './seat-options.ts';

type FreeSeats = Partial<Record<Shift, Partial<Record<SeatPosition, [free: number, total: number]>>>>;

/** A station of a session's offer with the given free seats per shift and position. */
function buildOfferedStation(number: number, name: string, freeSeats: FreeSeats): OfferedStation {
  const id = `57a70000-0000-4000-8000-${String(number).padStart(12, '0')}`;
  const entries = (shift: Shift) =>
    Object.entries(freeSeats[shift] ?? {}).map(([position, [count, total]]) => ({
      position: position as SeatPosition,
      count,
      total,
    }));
  const availablePositions = { A: entries('A'), B: entries('B'), C: entries('C') };
  const all = [...availablePositions.A, ...availablePositions.B, ...availablePositions.C];
  return {
    id,
    _id: id,
    name,
    number,
    address: `${number} Main Street`,
    availablePositions,
    available: all.reduce((sum, entry) => sum + entry.count, 0),
    totalCapacity: all.reduce((sum, entry) => sum + entry.total, 0),
  };
}

const downtown = buildOfferedStation(1, 'Downtown', {
  A: { Captain: [0, 1], Engineer: [1, 2], Firefighter: [2, 4] },
  B: { Captain: [1, 1], Firefighter: [0, 4] },
});
const harbor = buildOfferedStation(3, 'Harbor', { C: { Firefighter: [3, 3] } });
const full = buildOfferedStation(2, 'Northside', { A: { Captain: [0, 1] } });

describe('getEligibleSeatPosition', () => {
  it('matches the rank when the session does, and allows any position otherwise', () => {
    expect(getEligibleSeatPosition('rank', 'Battalion Chief')).toBe('Captain');
    expect(getEligibleSeatPosition('rank', 'Engineer')).toBe('Engineer');
    expect(getEligibleSeatPosition('any', 'Engineer')).toBeNull();
  });
});

describe('seat choices', () => {
  it('lists stations with a free seat the member may take, by number, with the count', () => {
    expect(listStationChoices([harbor, full, downtown], null)).toEqual([
      { value: downtown.id, label: 'Station 1 · Downtown (4 free seats)' },
      { value: harbor.id, label: 'Station 3 · Harbor (3 free seats)' },
    ]);
    expect(listStationChoices([harbor, full, downtown], 'Captain')).toEqual([
      { value: downtown.id, label: 'Station 1 · Downtown (1 free seat)' },
    ]);
  });

  it('lists the shifts of a station with such a seat', () => {
    expect(listShiftChoices(downtown, null)).toEqual([
      { value: 'A', label: 'Shift A (3 free seats)' },
      { value: 'B', label: 'Shift B (1 free seat)' },
    ]);
    expect(listShiftChoices(downtown, 'Captain')).toEqual([{ value: 'B', label: 'Shift B (1 free seat)' }]);
    expect(listShiftChoices(undefined, null)).toEqual([]);
  });

  it('lists only free positions, highest first, and only the eligible one under rank matching', () => {
    expect(listPositionChoices(downtown, 'A', null)).toEqual([
      { value: 'Engineer', label: 'Engineer (1 of 2 free)' },
      { value: 'Firefighter', label: 'Firefighter (2 of 4 free)' },
    ]);
    expect(listPositionChoices(downtown, 'A', 'Firefighter')).toEqual([
      { value: 'Firefighter', label: 'Firefighter (2 of 4 free)' },
    ]);
    expect(listPositionChoices(downtown, 'A', 'Captain')).toEqual([]);
    expect(listPositionChoices(downtown, null, null)).toEqual([]);
  });
});
