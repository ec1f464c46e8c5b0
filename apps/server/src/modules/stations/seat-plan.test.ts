/** The seat plan of a station edit, without a database: which rows stay, change rules, go or come. */
import { emptySeatCounts, type SeatRules } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { type CurrentSeat, planSeats, rulesForCounts } from './seat-plan.ts';

const seat = (id: string, ordinal: number, requires: string[] = [], mustFill = false, holderId: string | null = null) =>
  ({ id, shift: 'B', seatPosition: 'Firefighter', ordinal, requires, mustFill, holderId }) satisfies CurrentSeat;

const rulesOf = (B: SeatRules['B']): SeatRules => ({ A: [], B, C: [] });
const firefighters = (count: number, requires: string[] = [], mustFill = false) => ({
  position: 'Firefighter' as const,
  count,
  requires,
  mustFill,
});

describe('planSeats', () => {
  it('changes nothing when the groups are as asked', () => {
    const seats = [seat('a', 1), seat('b', 2, ['PM'], true), seat('c', 3, ['PM'], true)];
    const plan = planSeats(seats, rulesOf([firefighters(1), firefighters(2, ['PM'], true)]));
    expect(plan).toEqual({ ok: true, value: { remove: [], relabel: [], add: [] } });
  });

  it('gives free seats the rules of a group that is short before adding rows, and numbers new rows in the gaps', () => {
    const seats = [seat('a', 1, [], false, 'm1'), seat('b', 2), seat('c', 4)];
    const plan = planSeats(seats, rulesOf([firefighters(1), firefighters(3, ['PM'], true)]));
    expect(plan).toEqual({
      ok: true,
      value: {
        remove: [],
        relabel: [{ seatIds: ['b', 'c'], requires: ['PM'], mustFill: true }],
        add: [{ shift: 'B', seatPosition: 'Firefighter', ordinal: 3, requires: ['PM'], mustFill: true }],
      },
    });
  });

  it('removes the highest free numbers and keeps held seats', () => {
    const seats = [seat('a', 1), seat('b', 2), seat('c', 3, [], false, 'm1')];
    expect(planSeats(seats, rulesOf([firefighters(1)]))).toEqual({
      ok: true,
      value: { remove: ['a', 'b'], relabel: [], add: [] },
    });
    expect(planSeats(seats, rulesOf([firefighters(2)]))).toEqual({
      ok: true,
      value: { remove: ['b'], relabel: [], add: [] },
    });
  });

  it('refuses to take a group below its holders', () => {
    const seats = [seat('a', 1, ['PM'], true, 'm1'), seat('b', 2)];
    expect(planSeats(seats, rulesOf([firefighters(2)]))).toEqual({
      ok: false,
      message:
        'Cannot reduce Firefighter seats requiring PM (must be filled) on shift B to 0: 1 member is assigned to them. Move them first.',
    });
  });
});

describe('rulesForCounts', () => {
  const counts = (firefighter: number) => {
    const seatCounts = emptySeatCounts();
    seatCounts.B.Firefighter = firefighter;
    return seatCounts;
  };

  it('grows the group without rules and shrinks free seats without rules first, must-fill last', () => {
    const seats = [seat('a', 1, ['PM'], true), seat('b', 2, ['HM']), seat('c', 3)];
    expect(rulesForCounts(seats, counts(5))).toEqual({
      ok: true,
      value: rulesOf([firefighters(3), firefighters(1, ['HM']), firefighters(1, ['PM'], true)]),
    });
    expect(rulesForCounts(seats, counts(2))).toEqual({
      ok: true,
      value: rulesOf([firefighters(1, ['HM']), firefighters(1, ['PM'], true)]),
    });
    expect(rulesForCounts(seats, counts(1))).toEqual({ ok: true, value: rulesOf([firefighters(1, ['PM'], true)]) });
  });

  it('refuses fewer seats than members hold, as before rules existed', () => {
    const seats = [seat('a', 1, ['PM'], true, 'm1'), seat('b', 2, [], false, 'm2'), seat('c', 3)];
    expect(rulesForCounts(seats, counts(1))).toEqual({
      ok: false,
      message: 'Cannot reduce Firefighter seats on shift B to 1: 2 members are assigned to them. Move them first.',
    });
  });
});
