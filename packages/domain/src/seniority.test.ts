import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFESSIONAL_POSITIONS, RANKS } from './constants.ts';
import {
  compareByDefaultPriority,
  computeBidPriorities,
  computeSeniorityScore,
  getExperienceLevel,
  roundHalfAwayFromZero,
} from './seniority.ts';

describe('computeSeniorityScore', () => {
  it('scores a Captain Paramedic with 12 years as round(12 x 10 x 2 x 1.3) = 312', () => {
    expect(computeSeniorityScore({ yearsOfService: 12, rank: 'Captain', position: 'Paramedic' })).toBe(312);
  });

  it.each([
    [10, 'Firefighter', 'Firefighter', 100],
    [7, 'Engineer', 'Driver', 101], // 7 x 10 x 1.2 x 1.2 = 100.8
    [3, 'Lieutenant', 'EMT', 50], // 49.5 rounds half away from zero
    [20, 'Chief', 'Officer', 1500],
    [15, 'Battalion Chief', 'Operator', 630],
    [5, 'Deputy Chief', 'Paramedic', 260],
    [0, 'Captain', 'Officer', 0],
  ])('%i years as %s %s scores %i', (years, rank, position, expected) => {
    expect(computeSeniorityScore({ yearsOfService: years, rank, position })).toBe(expected);
  });

  it('counts an unknown rank or position as 1', () => {
    expect(computeSeniorityScore({ yearsOfService: 4, rank: 'Probie', position: 'Cook' })).toBe(40);
    expect(computeSeniorityScore({ yearsOfService: 4, rank: null, position: undefined })).toBe(40);
  });

  it('lets a manual score above 0 replace the computed one, and ignores 0', () => {
    const member = { yearsOfService: 1, rank: 'Firefighter', position: 'Firefighter' };
    expect(computeSeniorityScore({ ...member, manualSeniorityScore: 999 })).toBe(999);
    expect(computeSeniorityScore({ ...member, manualSeniorityScore: 0 })).toBe(10);
    expect(computeSeniorityScore({ ...member, manualSeniorityScore: null })).toBe(10);
  });

  it('never decreases with more years of service', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 49 }),
        fc.constantFrom(...RANKS),
        fc.constantFrom(...PROFESSIONAL_POSITIONS),
        (years, rank, position) =>
          computeSeniorityScore({ yearsOfService: years + 1, rank, position }) >=
          computeSeniorityScore({ yearsOfService: years, rank, position }),
      ),
    );
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds halves away from zero on both sides', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4)).toBe(2);
    expect(roundHalfAwayFromZero(0)).toBe(0);
  });
});

describe('getExperienceLevel', () => {
  it.each([
    [0, 'Junior'],
    [4, 'Junior'],
    [5, 'Mid-level'],
    [9, 'Mid-level'],
    [10, 'Experienced'],
    [14, 'Experienced'],
    [15, 'Senior'],
    [50, 'Senior'],
  ])('%i years is %s', (years, level) => {
    expect(getExperienceLevel(years)).toBe(level);
  });
});

describe('bid priority order', () => {
  const member = (id: string, years: number, employeeId: string, rank = 'Firefighter') => ({
    id,
    employeeId,
    yearsOfService: years,
    rank,
    position: 'Firefighter',
  });

  it('puts the highest score first', () => {
    const priorities = computeBidPriorities([member('a', 5, 'E1'), member('b', 10, 'E2')]);
    expect(priorities.get('b')).toBe(1);
    expect(priorities.get('a')).toBe(2);
  });

  it('breaks a score tie by more years of service, then by employee ID ascending', () => {
    // 12 years as Firefighter (120) ties 10 years as Engineer (120): more years wins.
    const byYears = computeBidPriorities([member('engineer', 10, 'E1', 'Engineer'), member('ff', 12, 'E2')]);
    expect(byYears.get('ff')).toBe(1);
    const byEmployeeId = computeBidPriorities([member('x', 8, 'E200'), member('y', 8, 'E100')]);
    expect(byEmployeeId.get('y')).toBe(1);
  });

  it('gives every member a distinct place from 1 to N', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            employeeId: fc.string({ minLength: 1, maxLength: 6 }),
            yearsOfService: fc.integer({ min: 0, max: 50 }),
          }),
          { selector: (m) => m.employeeId, maxLength: 40 },
        ),
        (rows) => {
          const members = rows.map((row, index) => ({ ...row, id: `m${index}`, rank: 'Firefighter', position: 'EMT' }));
          const places = [...computeBidPriorities(members).values()].sort((a, b) => a - b);
          expect(places).toEqual(members.map((_, index) => index + 1));
          const ordered = [...members].sort(compareByDefaultPriority);
          for (let i = 1; i < ordered.length; i++) {
            expect(compareByDefaultPriority(ordered[i - 1]!, ordered[i]!)).toBeLessThanOrEqual(0);
          }
        },
      ),
    );
  });
});
