/**
 * For property tests: a random seniority rule, each key at most once in any direction, sometimes
 * with the lottery last (where the rule allows it).
 */
import fc from 'fast-check';
import { SENIORITY_KEYS, type SeniorityRule } from './seniority-rule.ts';

export const seniorityRuleArbitrary = fc
  .shuffledSubarray(
    SENIORITY_KEYS.filter((key) => key !== 'lottery'),
    { minLength: 1 },
  )
  .chain((keys) =>
    fc
      .tuple(
        fc.array(fc.constantFrom('asc' as const, 'desc' as const), { minLength: keys.length, maxLength: keys.length }),
        fc.boolean(),
      )
      .map(
        ([directions, withLottery]): SeniorityRule => ({
          keys: [
            ...keys.map((key, index) => ({ key, direction: directions[index] ?? 'asc' })),
            ...(withLottery ? [{ key: 'lottery' as const, direction: 'asc' as const }] : []),
          ],
        }),
      ),
  );
