/**
 * Property tests of a member's department place outside any session: random departments (ties on
 * every key, missing dates and list numbers, manual scores) under random rules. Without a rule the
 * places are today's, exactly; with one they are the rule's queue order, the order a session started
 * now would use, but with no lot drawn.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderQueue } from './bid-engine/queue-order.ts';
import { PROFESSIONAL_POSITIONS, RANKS } from './constants.ts';
import { computeBidPriorities, computeDepartmentPlaces, toSeniorityCandidate } from './seniority.ts';
import { DEFAULT_SENIORITY_RULE } from './seniority-rule.ts';
import { seniorityRuleArbitrary as ruleArbitrary } from './seniority-rule-arbitrary.ts';

// Few distinct values, so members often tie on a key and the later keys and fallbacks decide.
const memberArbitrary = fc.record({
  employeeId: fc.constantFrom('E-1', 'E-2', 'E-3', 'E-10', 'A-7', 'B-20'),
  yearsOfService: fc.integer({ min: 0, max: 3 }),
  rank: fc.constantFrom(...RANKS),
  position: fc.constantFrom(...PROFESSIONAL_POSITIONS),
  manualSeniorityScore: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  hireDate: fc.option(fc.constantFrom('2001-01-01', '2005-06-30', '2010-12-31'), { nil: null }),
  rankDate: fc.option(fc.constantFrom('2012-01-01', '2014-03-02'), { nil: null }),
  listNumber: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
});

/** A department: employee IDs are unique there, as the members table makes them. */
const departmentArbitrary = fc
  .uniqueArray(memberArbitrary, { selector: (member) => member.employeeId, maxLength: 6 })
  .map((members) => members.map((fields, index) => ({ ...fields, id: `m-${index}` })));

const asPlaces = (places: Map<string, number>) => [...places.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

describe('computeDepartmentPlaces', () => {
  it('without a rule gives exactly the places of today’s order', () => {
    fc.assert(
      fc.property(departmentArbitrary, (members) => {
        expect(asPlaces(computeDepartmentPlaces(members, null))).toEqual(asPlaces(computeBidPriorities(members)));
      }),
    );
  });

  it('today’s order set as a rule places everyone as no rule does', () => {
    fc.assert(
      fc.property(departmentArbitrary, (members) => {
        expect(asPlaces(computeDepartmentPlaces(members, DEFAULT_SENIORITY_RULE))).toEqual(
          asPlaces(computeBidPriorities(members)),
        );
      }),
    );
  });

  it('with a rule gives each member their place in the rule’s queue order, no lot drawn', () => {
    fc.assert(
      fc.property(departmentArbitrary, ruleArbitrary, (members, rule) => {
        const places = computeDepartmentPlaces(members, rule);
        const ordered = orderQueue(members.map(toSeniorityCandidate), [], null, rule);
        expect(ordered.map((member) => places.get(member.id))).toEqual(ordered.map((_, index) => index + 1));
        expect(places.size).toBe(members.length);
      }),
    );
  });

  it('a lottery as the last key moves nobody: without a session there is no seed to draw from', () => {
    fc.assert(
      fc.property(departmentArbitrary, ruleArbitrary, (members, rule) => {
        const withoutLottery = { keys: rule.keys.filter((entry) => entry.key !== 'lottery') };
        expect(asPlaces(computeDepartmentPlaces(members, rule))).toEqual(
          asPlaces(computeDepartmentPlaces(members, withoutLottery)),
        );
      }),
    );
  });

  it('places members the rule leaves tied in employee ID order', () => {
    const tied = { yearsOfService: 5, rank: 'Firefighter', position: 'EMT', rankDate: '2014-03-02' };
    const places = computeDepartmentPlaces(
      [
        { ...tied, id: 'late', employeeId: 'E-300' },
        { ...tied, id: 'early', employeeId: 'E-100' },
        { ...tied, id: 'ahead', employeeId: 'E-900', rankDate: '2010-01-01' },
      ],
      {
        keys: [
          { key: 'rankDate', direction: 'asc' },
          { key: 'lottery', direction: 'asc' },
        ],
      },
    );
    expect(Object.fromEntries(places)).toEqual({ ahead: 1, early: 2, late: 3 });
  });
});
