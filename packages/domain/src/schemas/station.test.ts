import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStationRequestSchema,
  distributeShiftSeats,
  parseStationImportRow,
  requestedSeatCounts,
  sumPositionCounts,
} from './station.ts';

describe('distributeShiftSeats', () => {
  it('gives 1 Captain, then 1 Engineer, then Firefighters', () => {
    expect(distributeShiftSeats(0)).toEqual({ Captain: 0, Lieutenant: 0, Engineer: 0, Firefighter: 0 });
    expect(distributeShiftSeats(1)).toEqual({ Captain: 1, Lieutenant: 0, Engineer: 0, Firefighter: 0 });
    expect(distributeShiftSeats(2)).toEqual({ Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 0 });
    expect(distributeShiftSeats(5)).toEqual({ Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 3 });
  });

  it('always creates exactly the seats asked for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (count) => {
        const counts = distributeShiftSeats(count);
        expect(sumPositionCounts(counts)).toBe(count);
        expect(Object.values(counts).every((value) => value >= 0)).toBe(true);
      }),
    );
  });
});

const goodRow = {
  name: 'Harbor',
  number: '3',
  address: '1 Dock St, Port City',
  totalCapacity: '9',
  shiftACapacity: '3',
  shiftBCapacity: '3',
  shiftCCapacity: '3',
};

describe('parseStationImportRow', () => {
  it('reads a good row with defaults', () => {
    const result = parseStationImportRow(goodRow);
    expect(result).toEqual({
      ok: true,
      station: expect.objectContaining({
        name: 'Harbor',
        number: 3,
        isActive: true,
        preferredRanks: [],
        email: null,
        seats: {
          A: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 1 },
          B: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 1 },
          C: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 1 },
        },
      }),
    });
  });

  it('reads optional columns', () => {
    const result = parseStationImportRow({
      ...goodRow,
      email: 'Harbor@Fire.Example',
      isActive: 'FALSE',
      preferredRanks: 'captain, Engineer,Captain',
    });
    expect(result).toMatchObject({
      ok: true,
      station: { email: 'harbor@fire.example', isActive: false, preferredRanks: ['Captain', 'Engineer'] },
    });
  });

  it.each([
    [{ name: '' }, 'Station name is required'],
    [{ number: '' }, 'Station number is required'],
    [{ number: '0' }, 'Station number must be a whole number of at least 1'],
    [{ number: '2.5' }, 'Station number must be a whole number of at least 1'],
    [{ address: ' ' }, 'Address is required'],
    [{ shiftACapacity: '-1' }, 'shiftACapacity must be a whole number of 0 or more'],
    [{ totalCapacity: 'ten' }, 'totalCapacity must be a whole number of 0 or more'],
    [{ totalCapacity: '10' }, 'must add up to totalCapacity (10)'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ isActive: 'maybe' }, 'isActive must be true or false'],
    [{ preferredRanks: 'Captain, Admiral' }, 'Unknown rank "Admiral"'],
  ])('refuses %o', (change, message) => {
    const result = parseStationImportRow({ ...goodRow, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe('createStationRequestSchema', () => {
  it('needs name, number and address with the form messages', () => {
    const result = createStationRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Station name is required', 'Station number is required', 'Address is required']),
    );
  });

  it('takes seats from availablePositions lists', () => {
    const body = createStationRequestSchema.parse({
      name: 'A',
      number: 1,
      address: 'x',
      availablePositions: {
        A: [
          { position: 'Captain', count: 1, _id: 'ignored' },
          { position: 'Firefighter', count: 2 },
        ],
      },
    });
    expect(requestedSeatCounts(body)).toEqual({
      A: { Captain: 1, Lieutenant: 0, Engineer: 0, Firefighter: 2 },
      B: { Captain: 0, Lieutenant: 0, Engineer: 0, Firefighter: 0 },
      C: { Captain: 0, Lieutenant: 0, Engineer: 0, Firefighter: 0 },
    });
  });

  it('refuses non-integer seat counts and a number below 1', () => {
    expect(
      createStationRequestSchema.safeParse({ name: 'A', number: 1, address: 'x', seats: { A: { Captain: 1.5 } } })
        .success,
    ).toBe(false);
    expect(
      createStationRequestSchema.safeParse({ name: 'A', number: 1, address: 'x', seats: { A: { Captain: 'two' } } })
        .success,
    ).toBe(false);
    expect(createStationRequestSchema.safeParse({ name: 'A', number: 0, address: 'x' }).success).toBe(false);
  });
});
