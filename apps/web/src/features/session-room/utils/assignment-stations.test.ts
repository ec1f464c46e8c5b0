import { SHIFTS } from '@stationbid/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOfferedStation } from '../../../test/build-bid-session.ts';
import { buildStation } from '../../../test/build-station.ts';
import {
  type AssignmentStation,
  countFreeSeatsPerShift,
  countShiftSeats,
  describeSeatFill,
  filterAssignmentStations,
  getSeatFillColor,
  hasAssignmentFilters,
  hasFreeSeat,
  NO_ASSIGNMENT_FILTERS,
  summarizeStationSeats,
  toAssignmentStations,
  toAssignmentStationsFromList,
} from './assignment-stations.ts';

function station(
  number: number,
  name: string,
  address: string,
  seats: Partial<AssignmentStation['seats']> = {},
  isActive = true,
): AssignmentStation {
  return { id: `station-${number}`, number, name, address, isActive, seats: { A: [], B: [], C: [], ...seats } };
}

describe('toAssignmentStations', () => {
  it("turns a session's free seats into filled seats, positions highest first, stations by number", () => {
    const harbor = buildOfferedStation(3, 'Harbor', { C: { Firefighter: [4, 4], Engineer: [1, 3] } });
    const downtown = buildOfferedStation(1, 'Downtown', { A: { Captain: [0, 1] }, B: { Engineer: [2, 2] } });

    expect(toAssignmentStations([harbor, downtown])).toEqual([
      {
        id: downtown.id,
        number: 1,
        name: 'Downtown',
        address: '1 Main Street, Riverton',
        isActive: true,
        seats: {
          A: [{ position: 'Captain', filled: 1, total: 1 }],
          B: [{ position: 'Engineer', filled: 0, total: 2 }],
          C: [],
        },
      },
      {
        id: harbor.id,
        number: 3,
        name: 'Harbor',
        address: '3 Main Street, Riverton',
        isActive: true,
        seats: {
          A: [],
          B: [],
          C: [
            { position: 'Engineer', filled: 2, total: 3 },
            { position: 'Firefighter', filled: 0, total: 4 },
          ],
        },
      },
    ]);
  });

  it('never counts fewer than 0 filled seats when the offer shows more free seats than exist', () => {
    const odd = buildOfferedStation(2, 'Odd', { A: { Captain: [3, 2] } });
    expect(toAssignmentStations([odd])[0]?.seats.A).toEqual([{ position: 'Captain', filled: 0, total: 2 }]);
  });
});

describe('toAssignmentStationsFromList', () => {
  it("takes the station list's occupied seats of each position and keeps whether the station is active", () => {
    const downtown = buildStation({
      number: 1,
      name: 'Downtown',
      address: '100 Main Street, Riverton',
      seatsPerShift: { Captain: 1, Firefighter: 2 },
      seated: { B: [['Emma', 'Kim', 'Firefighter']] },
      isActive: false,
    });
    const [row] = toAssignmentStationsFromList([downtown]);
    expect(row).toMatchObject({ id: downtown.id, number: 1, name: 'Downtown', isActive: false });
    expect(row?.seats.B).toEqual([
      { position: 'Captain', filled: 0, total: 1 },
      { position: 'Firefighter', filled: 1, total: 2 },
    ]);
    expect(summarizeStationSeats(row as AssignmentStation)).toEqual({
      filled: 1,
      total: 9,
      free: 8,
      fillRate: downtown.fillRate,
    });
  });
});

describe('getSeatFillColor', () => {
  it.each([
    [0, 3, 'green', 'Open'],
    [1, 3, 'yellow', 'Partly filled'],
    [2, 3, 'yellow', 'Partly filled'],
    [3, 3, 'red', 'Full'],
    [4, 3, 'red', 'Full'],
    [0, 0, 'red', 'Full'],
  ])('%i of %i filled is %s (%s)', (filled, total, color, words) => {
    expect(getSeatFillColor({ filled, total })).toBe(color);
    expect(describeSeatFill({ filled, total })).toBe(words);
  });

  it('is red exactly when no seat is left, and green exactly when none is taken of some', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), (filled, total) => {
        const color = getSeatFillColor({ filled, total });
        expect(color === 'red').toBe(filled >= total);
        expect(color === 'green').toBe(filled === 0 && total > 0);
      }),
    );
  });
});

describe('seat counts', () => {
  const harbor = station(3, 'Harbor', '18 Wharf Road, Port Riverton', {
    A: [
      { position: 'Captain', filled: 1, total: 1 },
      { position: 'Firefighter', filled: 1, total: 3 },
    ],
    C: [{ position: 'Engineer', filled: 0, total: 2 }],
  });

  it('counts free seats per shift and over the station, with the fill rate rounded', () => {
    expect(countFreeSeatsPerShift(harbor)).toEqual({ A: 2, B: 0, C: 2 });
    expect(SHIFTS.map((shift) => countShiftSeats(harbor, shift))).toEqual([4, 0, 2]);
    expect(summarizeStationSeats(harbor)).toEqual({ filled: 2, total: 6, free: 4, fillRate: 33 });
  });

  it('gives a station without seats a fill rate of 0 and no free seat', () => {
    expect(summarizeStationSeats(station(4, 'Empty', 'Somewhere'))).toEqual({
      filled: 0,
      total: 0,
      free: 0,
      fillRate: 0,
    });
  });

  it('adds up to the free seats of every position, whatever the seats', () => {
    const seatArbitrary = fc.record({
      position: fc.constantFrom('Captain' as const, 'Lieutenant' as const, 'Engineer' as const, 'Firefighter' as const),
      filled: fc.nat(6),
      total: fc.nat(6),
    });
    fc.assert(
      fc.property(fc.array(seatArbitrary), fc.array(seatArbitrary), fc.array(seatArbitrary), (A, B, C) => {
        const row = station(1, 'Any', 'Anywhere', { A, B, C });
        const perShift = countFreeSeatsPerShift(row);
        const totals = summarizeStationSeats(row);
        expect(SHIFTS.reduce((sum, shift) => sum + perShift[shift], 0)).toBe(totals.free);
        expect(totals.free).toBeGreaterThanOrEqual(0);
        expect(totals.fillRate).toBeGreaterThanOrEqual(0);
        expect(totals.fillRate).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('filterAssignmentStations', () => {
  const downtown = station(1, 'Downtown', '100 Main Street, Riverton', {
    A: [{ position: 'Captain', filled: 0, total: 1 }],
  });
  const harbor = station(3, 'Harbor', '18 Wharf Road, Port Riverton', {
    B: [{ position: 'Engineer', filled: 2, total: 2 }],
  });
  const closed = station(
    12,
    'Closed Hill',
    '5 Hill Lane, Riverton',
    { C: [{ position: 'Firefighter', filled: 0, total: 2 }] },
    false,
  );
  const all = [downtown, harbor, closed];

  it('keeps everything without filters', () => {
    expect(filterAssignmentStations(all, NO_ASSIGNMENT_FILTERS)).toEqual(all);
    expect(hasAssignmentFilters(NO_ASSIGNMENT_FILTERS)).toBe(false);
  });

  it('searches name, number and address, ignoring case and surrounding spaces', () => {
    const search = (text: string) =>
      filterAssignmentStations(all, { ...NO_ASSIGNMENT_FILTERS, search: text }).map((row) => row.name);
    expect(search('  harbor ')).toEqual(['Harbor']);
    expect(search('12')).toEqual(['Closed Hill']);
    expect(search('main street')).toEqual(['Downtown']);
    expect(search('nowhere')).toEqual([]);
    expect(hasAssignmentFilters({ ...NO_ASSIGNMENT_FILTERS, search: 'x' })).toBe(true);
    expect(hasAssignmentFilters({ ...NO_ASSIGNMENT_FILTERS, search: '  ' })).toBe(false);
  });

  it('filters by location, the last comma part of the address', () => {
    const inRiverton = filterAssignmentStations(all, { ...NO_ASSIGNMENT_FILTERS, location: 'Riverton' });
    expect(inRiverton.map((row) => row.name)).toEqual(['Downtown', 'Closed Hill']);
    expect(hasAssignmentFilters({ ...NO_ASSIGNMENT_FILTERS, location: 'Riverton' })).toBe(true);
  });

  it('keeps only active stations with a free seat under Available Only', () => {
    const available = filterAssignmentStations(all, { ...NO_ASSIGNMENT_FILTERS, isAvailableOnly: true });
    expect(available.map((row) => row.name)).toEqual(['Downtown']);
    expect(hasFreeSeat(harbor)).toBe(false);
    expect(hasFreeSeat(closed)).toBe(false);
    expect(hasAssignmentFilters({ ...NO_ASSIGNMENT_FILTERS, isAvailableOnly: true })).toBe(true);
  });

  it('combines the filters', () => {
    expect(
      filterAssignmentStations(all, {
        ...NO_ASSIGNMENT_FILTERS,
        search: 'hill',
        location: 'Riverton',
        isAvailableOnly: true,
      }).map((row) => row.name),
    ).toEqual([]);
    expect(
      filterAssignmentStations(all, {
        ...NO_ASSIGNMENT_FILTERS,
        search: 'street',
        location: 'Riverton',
        isAvailableOnly: true,
      }).map((row) => row.name),
    ).toEqual(['Downtown']);
  });

  it('narrows to one station, and to the seats of a shift and a position', () => {
    expect(
      filterAssignmentStations(all, { ...NO_ASSIGNMENT_FILTERS, stationId: harbor.id }).map((row) => row.name),
    ).toEqual(['Harbor']);
    const captainsOnA = filterAssignmentStations(all, { ...NO_ASSIGNMENT_FILTERS, shift: 'A', position: 'Captain' });
    for (const row of captainsOnA) {
      expect(row.seats.B).toEqual([]);
      expect(row.seats.C).toEqual([]);
      expect(row.seats.A.every((seat) => seat.position === 'Captain')).toBe(true);
      expect(row.seats.A.length).toBeGreaterThan(0);
    }
    expect(hasAssignmentFilters({ ...NO_ASSIGNMENT_FILTERS, shift: 'B' })).toBe(true);
  });
});
