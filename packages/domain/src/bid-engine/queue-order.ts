/**
 * The order of a session's queue (bidding-rules.md, "Seniority and queue order" and "Seniority as
 * the department defines it"): the session's round, then the department's seniority rule, or, where
 * none is set, the seniority score and the session's tie-break chain; then fixed fallbacks so the
 * order never depends on the order the candidates were read in.
 */
import {
  orderBySeniorityRule,
  ruleFromTieBreakChain,
  type SeniorityCandidate,
  type SeniorityRule,
} from '../seniority-rule.ts';
import type { TieBreakLink } from './types.ts';

export { drawTieBreakNumber } from './tie-break-draw.ts';

/** What the queue order reads of a participant (the rule's keys and the round are optional). */
export type QueueCandidate = SeniorityCandidate;

/**
 * The candidates in bid order: the lower `round` first (absent: 0); then, with `seniorityRule`, its
 * keys; without one (null or left out), today's order: seniority score highest first, then each link
 * of `tieBreakChain` in turn (`yearsOfService`: more first; `employeeId`: ascending by code point;
 * `random`: the seeded draw, skipped while `randomSeed` is null). Then employee ID and member ID
 * ascending, so the order is total and stable. The rule's `lottery` is the same seeded draw.
 * Returns a new array; the candidates are not copied.
 */
export function orderQueue<T extends QueueCandidate>(
  candidates: readonly T[],
  tieBreakChain: readonly TieBreakLink[],
  randomSeed: string | null,
  seniorityRule: SeniorityRule | null = null,
): T[] {
  return orderBySeniorityRule(candidates, seniorityRule ?? ruleFromTieBreakChain(tieBreakChain), randomSeed);
}
