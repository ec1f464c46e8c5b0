import { SENIORITY_RULE_PRESETS } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/fixtures.ts';
import { placeBySeniorityRule } from './seniority-management-tab.tsx';

const timeInRank = SENIORITY_RULE_PRESETS.find((preset) => preset.id === 'timeInRank')!.rule;
const member = (id: string, fields: Parameters<typeof buildUser>[0]) =>
  buildUser({ id, _id: id, firstName: id, employeeId: `E-${id}`, ...fields });

describe('placeBySeniorityRule', () => {
  it('places active members by the rule and names the key that puts each ahead of the next', () => {
    const places = placeBySeniorityRule(
      [
        member('late', { rankDate: '2019-06-01', listNumber: 1 }),
        member('twelve', { rankDate: '2014-03-02', listNumber: 12, hireDate: '2005-01-01' }),
        member('three', { rankDate: '2014-03-02', listNumber: 3, hireDate: '2006-01-01' }),
        member('gone', { rankDate: '2000-01-01', isActive: false }),
        member('twin', { rankDate: '2019-06-01', listNumber: 1 }),
      ],
      timeInRank,
    );
    expect(places.map(({ user, place, aheadBecause }) => [place, user.firstName, aheadBecause])).toEqual([
      [1, 'three', 'lower list number: 3'],
      [2, 'twelve', 'earlier promotion: 2014-03-02'],
      [3, 'late', 'tied: a lot drawn when a session starts decides'],
      [4, 'twin', null],
    ]);
  });

  it("without a rule, keeps today's order and says why", () => {
    const places = placeBySeniorityRule([member('a', { seniorityScore: 100 }), member('b', { seniorityScore: 340 })], {
      keys: [
        { key: 'seniorityScore', direction: 'desc' },
        { key: 'yearsOfService', direction: 'desc' },
        { key: 'employeeId', direction: 'asc' },
      ],
    });
    expect(places.map(({ user, aheadBecause }) => [user.firstName, aheadBecause])).toEqual([
      ['b', 'higher seniority score: 340'],
      ['a', null],
    ]);
  });
});
