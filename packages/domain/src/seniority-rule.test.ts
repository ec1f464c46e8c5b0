import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawTieBreakNumber, orderQueue } from './bid-engine/queue-order.ts';
import { TIE_BREAK_LINKS, type TieBreakLink } from './bid-engine/types.ts';
import {
  DEFAULT_SENIORITY_RULE,
  describeMissingSeniorityKeys,
  explainSeniorityPlace,
  findMissingSeniorityKeys,
  orderBySeniorityRule,
  ruleFromTieBreakChain,
  SENIORITY_RULE_PRESETS,
  type SeniorityCandidate,
  type SeniorityRule,
  seniorityRuleSchema,
} from './seniority-rule.ts';
import { seniorityRuleArbitrary as ruleArbitrary } from './seniority-rule-arbitrary.ts';

const member = (memberId: string, fields: Partial<SeniorityCandidate> = {}): SeniorityCandidate => ({
  memberId,
  employeeId: `E-${memberId}`,
  yearsOfService: 10,
  seniorityScore: 100,
  ...fields,
});
const idsOf = (candidates: readonly SeniorityCandidate[]) => candidates.map((candidate) => candidate.memberId);
const preset = (id: string): SeniorityRule => SENIORITY_RULE_PRESETS.find((entry) => entry.id === id)!.rule;

/** The queue order as it was before departments could set a rule: the property test's reference. */
function legacyOrder<T extends SeniorityCandidate>(
  candidates: readonly T[],
  chain: readonly TieBreakLink[],
  seed: string | null,
) {
  const code = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...candidates].sort((a, b) => {
    const scoreDifference = b.seniorityScore - a.seniorityScore;
    if (scoreDifference !== 0) return scoreDifference;
    for (const link of chain) {
      const difference =
        link === 'yearsOfService'
          ? b.yearsOfService - a.yearsOfService
          : link === 'employeeId'
            ? code(a.employeeId, b.employeeId)
            : seed === null
              ? 0
              : drawTieBreakNumber(seed, a.employeeId) - drawTieBreakNumber(seed, b.employeeId);
      if (difference !== 0) return difference;
    }
    return code(a.employeeId, b.employeeId) || code(a.memberId, b.memberId);
  });
}

describe('seniorityRuleSchema', () => {
  it('accepts every preset', () => {
    for (const entry of SENIORITY_RULE_PRESETS) expect(seniorityRuleSchema.safeParse(entry.rule).success).toBe(true);
  });

  it('refuses an empty list, a key twice, an unknown key and a lottery before another key', () => {
    const messageOf = (rule: unknown) => {
      const result = seniorityRuleSchema.safeParse(rule);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(messageOf({ keys: [] })).toBe('The seniority rule needs at least one key.');
    expect(
      messageOf({
        keys: [
          { key: 'hireDate', direction: 'asc' },
          { key: 'hireDate', direction: 'desc' },
        ],
      }),
    ).toMatch(/appears twice/);
    expect(messageOf({ keys: [{ key: 'height', direction: 'asc' }] })).toMatch(/must be one of/);
    expect(messageOf({ keys: [{ key: 'hireDate', direction: 'up' }] })).toBe('Each direction must be asc or desc.');
    expect(
      messageOf({
        keys: [
          { key: 'lottery', direction: 'asc' },
          { key: 'hireDate', direction: 'asc' },
        ],
      }),
    ).toMatch(/only be the last key/);
  });
});

describe('ordering by a rule', () => {
  it('time in rank: earlier promotion first, the list number splits a same-day promotion', () => {
    const ordered = orderBySeniorityRule(
      [
        member('late', { rankDate: '2019-01-05', listNumber: 1, hireDate: '2010-01-01' }),
        member('early-12', { rankDate: '2014-03-02', listNumber: 12, hireDate: '2008-01-01' }),
        member('early-3', { rankDate: '2014-03-02', listNumber: 3, hireDate: '2009-01-01' }),
      ],
      preset('timeInRank'),
      'seed',
    );
    expect(idsOf(ordered)).toEqual(['early-3', 'early-12', 'late']);
  });

  it('orders by round before any key', () => {
    const ordered = orderQueue(
      [member('captain', { round: 0, seniorityScore: 1 }), member('firefighter', { round: 1, seniorityScore: 999 })],
      [],
      null,
    );
    expect(idsOf(ordered)).toEqual(['captain', 'firefighter']);
  });

  it('puts a member without the date after those with one, in either direction', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const ordered = orderBySeniorityRule(
        [member('none'), member('dated', { hireDate: '2020-01-01' })],
        { keys: [{ key: 'hireDate', direction }] },
        null,
      );
      expect(idsOf(ordered)).toEqual(['dated', 'none']);
    }
  });

  it('the lottery draws the same numbers as the random tie-break', () => {
    const tied = ['a', 'b', 'c', 'd', 'e'].map((id) => member(id));
    expect(idsOf(orderBySeniorityRule(tied, { keys: [{ key: 'lottery', direction: 'asc' }] }, 's'))).toEqual(
      idsOf(orderQueue(tied, ['random'], 's')),
    );
  });

  it('the default rule is today order with the default chain', () => {
    expect(DEFAULT_SENIORITY_RULE).toEqual(ruleFromTieBreakChain(['yearsOfService', 'employeeId']));
  });

  const candidateArbitrary = fc.record({
    employeeId: fc.constantFrom('E-1', 'E-2', 'E-3', 'E-10', 'A-7'),
    yearsOfService: fc.integer({ min: 0, max: 3 }),
    seniorityScore: fc.integer({ min: 0, max: 3 }),
    hireDate: fc.option(fc.constantFrom('2001-01-01', '2005-06-30', '2010-12-31'), { nil: null }),
    rankDate: fc.option(fc.constantFrom('2012-01-01', '2014-03-02'), { nil: undefined }),
    listNumber: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    round: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  });
  const candidatesArbitrary = fc
    .array(candidateArbitrary, { maxLength: 12 })
    .map((list) => list.map((fields, index) => ({ ...fields, memberId: `m-${index}` })));

  it('without a rule, orders every queue exactly as before, whatever the chain and seed', () => {
    fc.assert(
      fc.property(
        candidatesArbitrary.map((list) => list.map(({ round: _round, ...rest }) => rest)),
        fc.shuffledSubarray([...TIE_BREAK_LINKS]).map((links) => {
          const withoutRandom = links.filter((link) => link !== 'random');
          return links.includes('random') ? [...withoutRandom, 'random' as const] : withoutRandom;
        }),
        fc.option(fc.string(), { nil: null }),
        (candidates, chain, seed) => {
          expect(idsOf(orderQueue(candidates, chain, seed))).toEqual(idsOf(legacyOrder(candidates, chain, seed)));
        },
      ),
    );
  });

  it('any valid rule gives one order whatever order the candidates come in, rounds first', () => {
    fc.assert(
      fc.property(candidatesArbitrary, ruleArbitrary, fc.string(), fc.integer(), (candidates, rule, seed, shuffle) => {
        expect(seniorityRuleSchema.safeParse(rule).success).toBe(true);
        const ordered = orderQueue(candidates, [], seed, rule);
        const shuffled = [...candidates].sort(
          (a, b) => drawTieBreakNumber(String(shuffle), a.memberId) - drawTieBreakNumber(String(shuffle), b.memberId),
        );
        expect(idsOf(orderQueue(shuffled, [], seed, rule))).toEqual(idsOf(ordered));
        const rounds = ordered.map((candidate) => candidate.round ?? 0);
        expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
        // Each member ahead of the next is explained by a key that really tells them apart.
        for (let index = 0; index + 1 < ordered.length; index++) {
          const explanation = explainSeniorityPlace(ordered[index]!, ordered[index + 1]!, rule, seed);
          expect(explanation.text.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('findMissingSeniorityKeys', () => {
  it('lists everyone without the first key, and a later key only where it splits a tie', () => {
    const candidates = [
      member('hale', { hireDate: '2010-01-01' }),
      member('ortiz', { rankDate: '2014-03-02' }),
      member('nguyen', { rankDate: '2014-03-02' }),
      member('unique', { rankDate: '2016-01-01' }),
    ];
    const missing = findMissingSeniorityKeys(candidates, preset('timeInRank'));
    expect(missing.map(({ candidate, key }) => [candidate.memberId, key])).toEqual([
      ['hale', 'rankDate'],
      ['ortiz', 'listNumber'],
      ['nguyen', 'listNumber'],
    ]);
  });

  it('needs nothing under the default rule', () => {
    expect(findMissingSeniorityKeys([member('a'), member('b')], DEFAULT_SENIORITY_RULE)).toEqual([]);
  });

  it('says who lacks what, for a person to act on', () => {
    expect(
      describeMissingSeniorityKeys([
        { key: 'rankDate', name: 'Hale' },
        { key: 'rankDate', name: 'Ortiz' },
        { key: 'rankDate', name: 'Nguyen' },
      ]),
    ).toBe(
      '3 members lack a date in rank, which the seniority rule needs: Hale, Ortiz, Nguyen. Add them on the Members page.',
    );
  });
});

describe('explainSeniorityPlace', () => {
  const rule = preset('timeInRank');
  it('names the key that decided, with the value of the member ahead', () => {
    const a = member('a', { rankDate: '2014-03-02', listNumber: 12, hireDate: '2008-01-01' });
    expect(explainSeniorityPlace(a, member('b', { rankDate: '2015-01-01', listNumber: 1 }), rule, 's').text).toBe(
      'earlier promotion: 2014-03-02',
    );
    expect(explainSeniorityPlace(a, member('b', { rankDate: '2014-03-02', listNumber: 13 }), rule, 's').text).toBe(
      'lower list number: 12',
    );
    expect(
      explainSeniorityPlace(member('a', { seniorityScore: 340 }), member('b'), DEFAULT_SENIORITY_RULE, null).text,
    ).toBe('higher seniority score: 340');
    const [first, second] = orderBySeniorityRule([member('x'), member('y')], rule, 'seed');
    expect(explainSeniorityPlace(first!, second!, rule, 'seed')).toEqual({ key: 'lottery', text: 'drawn lot' });
  });
});
