import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createStationRequestSchema,
  distributeShiftSeats,
  parseSeatRulesCell,
  parseStationImportRow,
  requestedSeatCounts,
  seatRulesUnknownCodesMessage,
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
    [{ totalCapacity: 'ten' }, 'totalCapacity is ten, but the shift columns give 9 seats'],
    [{ totalCapacity: '10' }, 'totalCapacity is 10, but the shift columns give 9 seats (A + B + C)'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ isActive: 'maybe' }, 'isActive must be true or false'],
    [{ preferredRanks: 'Captain, Admiral' }, 'Unknown rank "Admiral"'],
  ])('refuses %o', (change, message) => {
    const result = parseStationImportRow({ ...goodRow, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe('the station import without totalCapacity', () => {
  it('takes the capacity from the shift columns; an old totalCapacity cell must agree, a blank one is ignored', () => {
    const { totalCapacity: _left, ...withoutTotal } = goodRow;
    expect(parseStationImportRow(withoutTotal)).toMatchObject({ ok: true, station: { number: 3 } });
    expect(parseStationImportRow({ ...goodRow, totalCapacity: '' })).toMatchObject({ ok: true });
    expect(parseStationImportRow(goodRow)).toMatchObject({ ok: true });
  });
});

describe('the seatRules import column', () => {
  // Three seats a shift: 1 Captain, 1 Engineer, 1 Firefighter; shift B has 5, so 3 Firefighters.
  const row = { ...goodRow, totalCapacity: '11', shiftBCapacity: '5' };
  const parse = (seatRules: string) => parseStationImportRow({ ...row, seatRules });

  it('leaves a row without the column, or with an empty cell, as it was: no rules', () => {
    expect(parseStationImportRow(row)).toMatchObject({ ok: true, station: { seatRules: null } });
    expect(parse(' ; ')).toMatchObject({ ok: true, station: { seatRules: null } });
  });

  it('turns the seats each entry names into a group, and keeps the others without rules', () => {
    const result = parse('B:Firefighter:2:PM:mustFill; A:Engineer:1:DO');
    expect(result).toEqual({
      ok: true,
      station: expect.objectContaining({
        seats: expect.objectContaining({ B: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 3 } }),
        seatRules: {
          A: [
            { position: 'Captain', count: 1, requires: [], mustFill: false },
            { position: 'Engineer', count: 1, requires: ['DO'], mustFill: false },
            { position: 'Firefighter', count: 1, requires: [], mustFill: false },
          ],
          B: [
            { position: 'Captain', count: 1, requires: [], mustFill: false },
            { position: 'Engineer', count: 1, requires: [], mustFill: false },
            { position: 'Firefighter', count: 1, requires: [], mustFill: false },
            { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true },
          ],
          C: [
            { position: 'Captain', count: 1, requires: [], mustFill: false },
            { position: 'Engineer', count: 1, requires: [], mustFill: false },
            { position: 'Firefighter', count: 1, requires: [], mustFill: false },
          ],
        },
      }),
    });
  });

  it('reads any letter case, spaces, line breaks, several codes, repeats and must-fill seats without codes', () => {
    const seats = parseStationImportRow(row);
    if (!seats.ok) throw new Error(seats.error);
    const result = parseSeatRulesCell(
      ' b : firefighter : 1 : hm + pm + PM : MUSTFILL ;\nB:Firefighter:1:PM+HM:must fill\r\nc:captain:1::mustFill;',
      seats.station.seats,
    );
    expect(result).toMatchObject({
      ok: true,
      rules: {
        B: [
          { position: 'Captain', count: 1 },
          { position: 'Engineer', count: 1 },
          { position: 'Firefighter', count: 1, requires: [], mustFill: false },
          { position: 'Firefighter', count: 2, requires: ['HM', 'PM'], mustFill: true },
        ],
        C: [
          { position: 'Captain', count: 1, requires: [], mustFill: true },
          { position: 'Engineer', count: 1, requires: [] },
          { position: 'Firefighter', count: 1, requires: [] },
        ],
      },
    });
  });

  it("keeps groups of one position with different rules apart, in the seat groups' order", () => {
    const result = parse('B:Firefighter:1:PM:mustFill; B:Firefighter:1:PM; B:Firefighter:1:HM');
    expect(result.ok && result.station.seatRules?.B.filter((rule) => rule.position === 'Firefighter')).toEqual([
      { position: 'Firefighter', count: 1, requires: ['HM'], mustFill: false },
      { position: 'Firefighter', count: 1, requires: ['PM'], mustFill: false },
      { position: 'Firefighter', count: 1, requires: ['PM'], mustFill: true },
    ]);
  });

  it.each([
    ['B:Firefighter:4:PM', 'seatRules: shift B has 3 Firefighter seats, the rule asks for 4'],
    ['A:Firefighter:2:PM', 'seatRules: shift A has 1 Firefighter seat, the rule asks for 2'],
    ['B:Firefighter:2:PM; B:Firefighter:2:HM', 'seatRules: shift B has 3 Firefighter seats, the rules ask for 4'],
    [
      'C:Lieutenant:1:PM',
      'seatRules: shift C has 0 Lieutenant seats (the import makes no Lieutenant seats), the rule asks for 1',
    ],
    ['B:Medic:1:PM', 'seatRules: unknown position "Medic" (positions: Captain, Lieutenant, Engineer, Firefighter)'],
    ['D:Captain:1:PM', 'seatRules: unknown shift "D" in "D:Captain:1:PM" (shifts: A, B, C)'],
    [
      'B:Firefighter:2',
      'seatRules: "B:Firefighter:2" is not a rule; write shift:position:count:codes, e.g. "B:Firefighter:2:PM" or "B:Firefighter:2:PM+HM:mustFill"',
    ],
    ['B:Firefighter:2:PM:mustFill:x', 'seatRules: "B:Firefighter:2:PM:mustFill:x" is not a rule'],
    ['B Firefighter 2 PM', 'seatRules: "B Firefighter 2 PM" is not a rule'],
    [
      'B:Firefighter:two:PM',
      'seatRules: the count in "B:Firefighter:two:PM" must be a whole number of at least 1 (got "two")',
    ],
    ['B:Firefighter:0:PM', 'must be a whole number of at least 1 (got "0")'],
    ['B:Firefighter:1.5:PM', 'must be a whole number of at least 1 (got "1.5")'],
    [
      'B:Firefighter:2:PM,HM',
      'seatRules: "PM,HM" in "B:Firefighter:2:PM,HM" is not a certification code (1 to 16 letters, digits, _ or -); join several codes with "+", e.g. PM+HM',
    ],
    ['B:Firefighter:2:PM++HM', 'seatRules: "" in "B:Firefighter:2:PM++HM" is not a certification code'],
    [
      'B:Firefighter:2:PM:yes',
      'seatRules: "B:Firefighter:2:PM:yes" may only end in :mustFill after its codes (got "yes")',
    ],
    [
      'B:Captain:1:mustFill',
      'seatRules: "B:Captain:1:mustFill" has no codes before mustFill; for must-fill seats without certifications leave the codes empty: "B:Captain:1::mustFill"',
    ],
    ['B:Captain:1:', 'seatRules: "B:Captain:1:" names no certification and is not mustFill, so it changes nothing'],
    ['B:Firefighter:1:A+B+C+D+E+F+G+H+I+J+K', 'names more than 10 certifications'],
  ])('refuses %j, saying why', (cell, message) => {
    const result = parse(cell);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it('checks the rest of the row first', () => {
    expect(parseStationImportRow({ ...row, totalCapacity: '1', seatRules: 'B:Medic:1:PM' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('totalCapacity is 1, but the shift columns give 11 seats'),
    });
  });

  it('names the unknown codes and the codes the department has', () => {
    expect(seatRulesUnknownCodesMessage(['XX'], ['PM', 'DO', 'HM'])).toBe(
      'seatRules: no certification with code "XX" (the department\'s certifications: DO, HM, PM)',
    );
    expect(seatRulesUnknownCodesMessage(['XX', 'YY'], [])).toBe(
      'seatRules: no certifications with codes "XX", "YY" (the department has no certifications yet: add them to the department\'s certifications first)',
    );
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
