import {
  distributeShiftSeats,
  parseStationImportRow,
  type SeatPosition,
  type SeatRules,
  type StationImportRow,
} from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { describeNewStationSeats, diffSeats, diffStationDetails } from './station-import-diff.ts';
import type { StationRow } from './stations.repository.ts';

const cells = {
  name: 'North Hill',
  number: '5',
  address: '5 North Rd',
  shiftACapacity: '3',
  shiftBCapacity: '3',
  shiftCCapacity: '2',
};

function parsed(values: Record<string, string>): StationImportRow {
  const result = parseStationImportRow(values);
  if (!result.ok) throw new Error(result.error);
  return result.station;
}

const existing = {
  id: 's-5',
  number: 5,
  name: 'North',
  address: '5 North Rd',
  description: 'Hill station',
  phoneNumber: '555-0105',
  email: null,
  isActive: true,
  preferredRanks: ['Captain'],
} as unknown as StationRow;

const seatsOf = (counts: Record<string, number>) =>
  Object.entries(counts).flatMap(([key, count]) => {
    const [shift = '', seatPosition = ''] = key.split(':');
    return Array.from({ length: count }, () => ({ shift, seatPosition, requires: [] as string[], mustFill: false }));
  });

describe('diffStationDetails', () => {
  it('names each changed detail as old -> new, and leaves a detail whose cell is blank as it is', () => {
    const row = { ...cells, description: '', isActive: 'false', preferredRanks: 'Captain, Engineer' };
    expect(diffStationDetails(existing, parsed(row), row)).toEqual({
      changes: { name: 'North Hill', isActive: false, preferredRanks: ['Captain', 'Engineer'] },
      fields: [
        'name: North -> North Hill',
        'status: active -> inactive',
        'preferred ranks: Captain -> Captain, Engineer',
      ],
    });
  });

  it('changes nothing when the filled-in cells say what the station already is', () => {
    const row = { ...cells, name: 'North', description: 'Hill station', phoneNumber: '555-0105', isActive: 'true' };
    expect(diffStationDetails(existing, parsed(row), row)).toEqual({ changes: {}, fields: [] });
  });
});

describe('diffSeats', () => {
  const shiftRules = (count: number) =>
    Object.entries(distributeShiftSeats(count)).map(([position, seats]) => ({
      position: position as SeatPosition,
      count: seats,
      requires: [] as string[],
      mustFill: false,
    }));
  const rules = (a: number, b: number, c: number): SeatRules => ({
    A: shiftRules(a),
    B: shiftRules(b),
    C: shiftRules(c),
  });
  const now = seatsOf({
    'A:Captain': 1,
    'A:Engineer': 1,
    'A:Firefighter': 1,
    'B:Captain': 1,
    'B:Engineer': 1,
    'B:Firefighter': 1,
  });

  it('lists only the shifts whose seats change', () => {
    expect(diffSeats(now, rules(3, 3, 0))).toEqual([]);
    expect(diffSeats(now, rules(4, 3, 1))).toEqual([
      'shift A seats: Captain 1, Engineer 1, Firefighter 1 -> Captain 1, Engineer 1, Firefighter 2',
      'shift C seats: none -> Captain 1',
    ]);
  });

  it('shows certifications and must-fill seats beside their position', () => {
    const ruled = rules(3, 3, 0);
    ruled.B = [
      { position: 'Captain', count: 1, requires: [], mustFill: false },
      { position: 'Engineer', count: 1, requires: [], mustFill: false },
      { position: 'Firefighter', count: 1, requires: ['PM'], mustFill: true },
    ];
    expect(diffSeats(now, ruled)).toEqual([
      'shift B seats: Captain 1, Engineer 1, Firefighter 1 -> Captain 1, Engineer 1, Firefighter 1 (PM, must fill)',
    ]);
  });
});

describe('describeNewStationSeats', () => {
  it('counts the seats of each shift', () => {
    expect(describeNewStationSeats(parsed(cells))).toBe('seats: A 3, B 3, C 2');
  });
});
