import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawTieBreakNumber, orderQueue, type QueueCandidate } from './queue-order.ts';
import { DEFAULT_TIE_BREAK_CHAIN, type TieBreakLink } from './types.ts';

const candidate = (memberId: string, seniorityScore: number, yearsOfService = 10, employeeId = `E-${memberId}`) => ({
  memberId,
  employeeId,
  yearsOfService,
  seniorityScore,
});
const memberIdsOf = (candidates: readonly QueueCandidate[]) => candidates.map((entry) => entry.memberId);

describe('orderQueue', () => {
  it('puts the highest seniority score first', () => {
    const ordered = orderQueue([candidate('a', 100), candidate('b', 300), candidate('c', 200)], [], null);
    expect(memberIdsOf(ordered)).toEqual(['b', 'c', 'a']);
  });

  it('breaks a tie with the default chain: more years of service, then employee ID ascending', () => {
    const ordered = orderQueue(
      [candidate('a', 100, 5, 'E-3'), candidate('b', 100, 9, 'E-9'), candidate('c', 100, 5, 'E-1')],
      DEFAULT_TIE_BREAK_CHAIN,
      null,
    );
    expect(memberIdsOf(ordered)).toEqual(['b', 'c', 'a']);
  });

  it('follows the chain in its order: employee ID before years when listed first', () => {
    const ordered = orderQueue(
      [candidate('a', 100, 20, 'E-2'), candidate('b', 100, 1, 'E-1')],
      ['employeeId', 'yearsOfService'],
      null,
    );
    expect(memberIdsOf(ordered)).toEqual(['b', 'a']);
  });

  it('compares employee IDs by code point, not by locale ("Z" before "a", "E-10" before "E-9")', () => {
    const ordered = orderQueue(
      [
        candidate('lower', 1, 1, 'a'),
        candidate('upper', 1, 1, 'Z'),
        candidate('ten', 1, 1, 'E-10'),
        candidate('nine', 1, 1, 'E-9'),
      ],
      ['employeeId'],
      null,
    );
    expect(memberIdsOf(ordered)).toEqual(['ten', 'nine', 'upper', 'lower']);
  });

  it('draws ties at random with a seed: the same seed gives the same order, another seed another one', () => {
    const tied = Array.from({ length: 12 }, (_, index) => candidate(`m${index}`, 100, 10, `E-${100 + index}`));
    const chain: TieBreakLink[] = ['random'];
    const first = memberIdsOf(orderQueue(tied, chain, 'seed-one'));
    expect(memberIdsOf(orderQueue([...tied].reverse(), chain, 'seed-one'))).toEqual(first);
    expect(memberIdsOf(orderQueue(tied, chain, 'seed-two'))).not.toEqual(first);
    // Not alphabetical: with 12 candidates the chance of the sorted order is 1 in 479 001 600.
    expect(first).not.toEqual(memberIdsOf(tied));
  });

  it('uses the draw only among ties: seniority and earlier links still come first', () => {
    const ordered = orderQueue(
      [candidate('junior', 50, 30), candidate('senior', 100, 1), candidate('older', 100, 5)],
      ['yearsOfService', 'random'],
      'any-seed',
    );
    expect(memberIdsOf(ordered)).toEqual(['older', 'senior', 'junior']);
  });

  it('ignores the random link until the session has a seed, falling back to employee ID', () => {
    const ordered = orderQueue([candidate('b', 1, 1, 'E-2'), candidate('a', 1, 1, 'E-1')], ['random'], null);
    expect(memberIdsOf(ordered)).toEqual(['a', 'b']);
  });

  it('draws uniformly enough: each of four tied members bids first about a quarter of the time', () => {
    const tied = ['E-1', 'E-2', 'E-3', 'E-4'].map((employeeId) => candidate(employeeId, 1, 1, employeeId));
    const firsts = new Map<string, number>();
    const seeds = 4000;
    for (let seed = 0; seed < seeds; seed++) {
      const [winner] = orderQueue(tied, ['random'], `seed-${seed}`);
      if (winner) firsts.set(winner.memberId, (firsts.get(winner.memberId) ?? 0) + 1);
    }
    for (const { memberId } of tied) {
      // Expected 1000 each; 850..1150 is about five standard deviations either side.
      expect(firsts.get(memberId)).toBeGreaterThan(850);
      expect(firsts.get(memberId)).toBeLessThan(1150);
    }
  });

  it('lets anyone recompute a draw from the seed and the employee ID', () => {
    expect(drawTieBreakNumber('seed', 'E-1')).toBe(drawTieBreakNumber('seed', 'E-1'));
    expect(drawTieBreakNumber('seed', 'E-1')).not.toBe(drawTieBreakNumber('seed', 'E-2'));
    expect(drawTieBreakNumber('ab', 'c')).not.toBe(drawTieBreakNumber('a', 'bc'));
    expect(Number.isSafeInteger(drawTieBreakNumber('seed', 'E-1'))).toBe(true);
  });

  const candidatesArbitrary = fc.uniqueArray(
    fc.record({
      memberId: fc.uuid(),
      employeeId: fc.string({ maxLength: 4 }),
      yearsOfService: fc.integer({ min: 0, max: 3 }),
      seniorityScore: fc.integer({ min: 0, max: 3 }),
    }),
    { selector: (entry) => entry.memberId, maxLength: 20 },
  );
  const chainArbitrary = fc.constantFrom<TieBreakLink[]>(
    [],
    ['yearsOfService', 'employeeId'],
    ['employeeId'],
    ['yearsOfService', 'random'],
    ['random'],
    ['employeeId', 'yearsOfService', 'random'],
  );

  it('never depends on the order the candidates came in, and keeps scores non-increasing', () => {
    fc.assert(
      fc.property(
        candidatesArbitrary,
        chainArbitrary,
        fc.option(fc.string(), { nil: null }),
        fc.integer(),
        (candidates, chain, seed, shuffleSeed) => {
          const ordered = orderQueue(candidates, chain, seed);
          const shuffled = [...candidates].sort(
            (a, b) =>
              drawTieBreakNumber(String(shuffleSeed), a.memberId) - drawTieBreakNumber(String(shuffleSeed), b.memberId),
          );
          expect(memberIdsOf(orderQueue(shuffled, chain, seed))).toEqual(memberIdsOf(ordered));
          expect(new Set(memberIdsOf(ordered))).toEqual(new Set(memberIdsOf(candidates)));
          for (let index = 1; index < ordered.length; index++) {
            expect(ordered[index - 1]!.seniorityScore).toBeGreaterThanOrEqual(ordered[index]!.seniorityScore);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
