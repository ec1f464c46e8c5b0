/**
 * Property tests of a member's wait as a range: over random queues, windows, clocks and paces the
 * range is a range (lower never above upper), it only shrinks as the people ahead go, and no one
 * ahead means the turn is the member's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeWaitRange,
  describeWaitRange,
  measureTurnPaceMs,
  WAIT_FLOOR_TURN_MS,
  type WaitRangeInput,
  waitRangeOnBoard,
} from './wait-range.ts';

const MINUTE = 60_000;

const inputArbitrary: fc.Arbitrary<WaitRangeInput> = fc.record({
  peopleAhead: fc.integer({ min: 0, max: 400 }),
  turnWindowMs: fc.integer({ min: 1, max: 60 }).map((minutes) => minutes * MINUTE),
  secondChanceWindowMs: fc.integer({ min: 1, max: 60 }).map((minutes) => minutes * MINUTE),
  secondChancesWaiting: fc.integer({ min: 0, max: 50 }),
  isHolderOnSecondChance: fc.boolean(),
  holderRemainingMs: fc.option(fc.integer({ min: 0, max: 60 * MINUTE }), { nil: null }),
  observedTurnMs: fc.option(fc.integer({ min: 0, max: 90 * MINUTE }), { nil: null }),
});

describe('computeWaitRange', () => {
  it('never puts the lower bound above the upper', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const range = computeWaitRange(input);
        expect(range.lowerMs).toBeGreaterThanOrEqual(0);
        expect(range.lowerMs).toBeLessThanOrEqual(range.upperMs);
      }),
    );
  });

  it('never grows, at either end, as the people ahead decrease with everything else fixed', () => {
    fc.assert(
      fc.property(inputArbitrary, fc.integer({ min: 1, max: 400 }), (input, fewer) => {
        const before = computeWaitRange(input);
        const after = computeWaitRange({ ...input, peopleAhead: Math.max(0, input.peopleAhead - fewer) });
        expect(after.lowerMs).toBeLessThanOrEqual(before.lowerMs);
        expect(after.upperMs).toBeLessThanOrEqual(before.upperMs);
      }),
    );
  });

  it("says it is the member's turn when no one is ahead, and next when only the turn holder is", () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const mine = computeWaitRange({ ...input, peopleAhead: 0 });
        expect(mine).toEqual({ isYourTurn: true, isNext: false, lowerMs: 0, upperMs: 0 });
        expect(describeWaitRange(mine)).toBe('now');
        const next = computeWaitRange({ ...input, peopleAhead: 1 });
        expect(next.isYourTurn).toBe(false);
        expect(next.isNext).toBe(true);
      }),
    );
  });

  it('counts every person ahead using their whole window as the upper bound', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const ahead = Math.max(1, input.peopleAhead);
        const secondChances = Math.min(ahead - 1, input.secondChancesWaiting ?? 0);
        const range = computeWaitRange({
          ...input,
          peopleAhead: ahead,
          holderRemainingMs: null,
          isHolderOnSecondChance: false,
        });
        expect(range.upperMs).toBe(
          ahead * input.turnWindowMs - secondChances * (input.turnWindowMs - input.secondChanceWindowMs),
        );
      }),
    );
  });

  it('words the range with the smaller figure first', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const words = describeWaitRange(computeWaitRange(input));
        const match = /^(\d+) to (\d+) minutes$/.exec(words);
        if (match) expect(Number(match[1])).toBeLessThan(Number(match[2]));
      }),
    );
  });
});

describe('a wait in words', () => {
  it('gives a range from the pace and the windows, not one figure', () => {
    // 8 ahead, 5-minute turns, picks every 45 s lately, the holder with 3 minutes left.
    const range = computeWaitRange({
      peopleAhead: 8,
      turnWindowMs: 5 * MINUTE,
      secondChanceWindowMs: MINUTE,
      holderRemainingMs: 3 * MINUTE,
      observedTurnMs: 45_000,
    });
    expect(range.lowerMs).toBe(8 * 45_000);
    expect(range.upperMs).toBe(3 * MINUTE + 7 * 5 * MINUTE);
    expect(describeWaitRange(range)).toBe('6 to 38 minutes');
  });

  it('uses the floor before any pick was measured, and the shorter window for second chances', () => {
    const range = computeWaitRange({
      peopleAhead: 3,
      turnWindowMs: 10 * MINUTE,
      secondChanceWindowMs: 2 * MINUTE,
      secondChancesWaiting: 1,
      holderRemainingMs: null,
      observedTurnMs: null,
    });
    expect(range.lowerMs).toBe(3 * WAIT_FLOOR_TURN_MS);
    expect(range.upperMs).toBe(10 * MINUTE + 10 * MINUTE + 2 * MINUTE);
    expect(describeWaitRange(range)).toBe('3 to 22 minutes');
  });

  it('one quick pick moves the lower bound, never the upper', () => {
    const base = { peopleAhead: 9, turnWindowMs: 5 * MINUTE, secondChanceWindowMs: MINUTE, holderRemainingMs: null };
    const slow = computeWaitRange({ ...base, observedTurnMs: 5 * MINUTE });
    const quick = computeWaitRange({ ...base, observedTurnMs: 20_000 });
    expect(quick.upperMs).toBe(slow.upperMs);
    expect(describeWaitRange(slow)).toBe('about 45 minutes');
    expect(describeWaitRange(quick)).toBe('3 to 45 minutes');
  });

  it('words short and long waits plainly', () => {
    expect(describeWaitRange({ isYourTurn: false, lowerMs: 10_000, upperMs: 40_000 })).toBe('less than a minute');
    expect(describeWaitRange({ isYourTurn: false, lowerMs: 30_000, upperMs: 4 * MINUTE })).toBe('up to 4 minutes');
    expect(describeWaitRange({ isYourTurn: false, lowerMs: MINUTE, upperMs: MINUTE })).toBe('about 1 minute');
    expect(describeWaitRange({ isYourTurn: false, lowerMs: 45 * MINUTE, upperMs: 120 * MINUTE })).toBe(
      '45 minutes to 2 hours',
    );
    expect(describeWaitRange({ isYourTurn: false, lowerMs: 61 * MINUTE, upperMs: 185 * MINUTE })).toBe(
      '1 hour 1 minute to 3 hours 5 minutes',
    );
  });
});

describe('measureTurnPaceMs', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 9, 0) + minutes * MINUTE).toISOString();

  it('is the median time between the latest picks, the first counting from the start', () => {
    // Newest first: picks at 9:10, 9:09, 9:01 after a start at 9:00; turns of 1, 8 and 1 minutes.
    expect(measureTurnPaceMs([at(10), at(9), at(1)], at(0))).toBe(MINUTE);
  });

  it('is null before any turn was measured', () => {
    expect(measureTurnPaceMs([], at(0))).toBeNull();
    expect(measureTurnPaceMs([], null)).toBeNull();
  });
});

describe('waitRangeOnBoard', () => {
  const pickAt = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 20, minutes)).toISOString();
  const seatOf = { station: { number: 1, name: 'Harbor' }, shift: 'A', position: 'Firefighter' };
  const board = {
    bidWindowDuration: 5,
    autoAssignTimeout: 1,
    rounds: [],
    actualStart: pickAt(0),
    turn: { movedToBack: false, queuePosition: 4 },
    // Queue place 6 is on a second chance ahead of the member at 7; 9 is behind them.
    upcoming: [
      { movedToBack: false, queuePosition: 5 },
      { movedToBack: true, queuePosition: 6 },
      { movedToBack: true, queuePosition: 9 },
    ],
    // Newest first: turns of 2 minutes each.
    recentPicks: [
      { at: pickAt(8), ...seatOf },
      { at: pickAt(6), ...seatOf },
      { at: pickAt(4), ...seatOf },
      { at: pickAt(2), ...seatOf },
    ],
  } as unknown as Parameters<typeof waitRangeOnBoard>[0];

  it('reads the windows, the second chances ahead and the pace from the board', () => {
    const range = waitRangeOnBoard(board, { peopleAhead: 3, queuePosition: 7, holderRemainingMs: 3 * 60_000 });
    // At most: the holder's 3 minutes left, a whole 5-minute turn and a 1-minute second chance.
    expect(range.upperMs).toBe((3 + 5 + 1) * 60_000);
    expect(range).toEqual(
      computeWaitRange({
        peopleAhead: 3,
        turnWindowMs: 5 * 60_000,
        secondChanceWindowMs: 60_000,
        secondChancesWaiting: 1,
        isHolderOnSecondChance: false,
        holderRemainingMs: 3 * 60_000,
        observedTurnMs: 2 * 60_000,
      }),
    );
  });
});
