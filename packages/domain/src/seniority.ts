/**
 * Seniority: the score that orders a bid queue (bidding-rules.md, "Seniority and queue order"), and
 * a member's place in the department outside any session.
 */
import { EXPERIENCE_LEVELS, type ExperienceLevel, POSITION_MULTIPLIERS, RANK_MULTIPLIERS } from './constants.ts';
import { orderBySeniorityRule, type SeniorityCandidate, type SeniorityRule } from './seniority-rule.ts';

export interface SeniorityInput {
  yearsOfService: number;
  rank: string | null | undefined;
  position: string | null | undefined;
  /** An override set by an administrator; above 0 it replaces the computed score. */
  manualSeniorityScore?: number | null | undefined;
}

/** Rounds half away from zero (2.5 -> 3, -2.5 -> -3), unlike Math.round which rounds -2.5 to -2. */
export function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
  return value < 0 ? -rounded : rounded;
}

export function getRankMultiplier(rank: string | null | undefined): number {
  return (rank && (RANK_MULTIPLIERS as Record<string, number>)[rank]) || 1;
}

export function getPositionMultiplier(position: string | null | undefined): number {
  return (position && (POSITION_MULTIPLIERS as Record<string, number>)[position]) || 1;
}

/** The score computed from service, rank and position, ignoring any manual override. */
export function computeAutomaticSeniorityScore(input: SeniorityInput): number {
  const raw = input.yearsOfService * 10 * getRankMultiplier(input.rank) * getPositionMultiplier(input.position);
  // Multipliers like 1.2 x 1.3 are not exact in binary; round to 9 places first so that a
  // product meant to be x.5 is not seen as x.4999999.
  return roundHalfAwayFromZero(Number(raw.toFixed(9)));
}

/** The seniority score that orders the queue: the manual override when above 0, else computed. */
export function computeSeniorityScore(input: SeniorityInput): number {
  if (input.manualSeniorityScore && input.manualSeniorityScore > 0) {
    return input.manualSeniorityScore;
  }
  return computeAutomaticSeniorityScore(input);
}

export function getExperienceLevel(yearsOfService: number): ExperienceLevel {
  const found = EXPERIENCE_LEVELS.find((entry) => yearsOfService >= entry.minimumYears);
  return found ? found.level : 'Junior';
}

export interface RankableMember extends SeniorityInput {
  id: string;
  employeeId: string;
}

/**
 * The default tie-break order: seniority score, then more years of service, then employee ID
 * ascending. Returns a negative number when `a` bids before `b`.
 */
export function compareByDefaultPriority(a: RankableMember, b: RankableMember): number {
  const scoreDifference = computeSeniorityScore(b) - computeSeniorityScore(a);
  if (scoreDifference !== 0) return scoreDifference;
  const yearsDifference = b.yearsOfService - a.yearsOfService;
  if (yearsDifference !== 0) return yearsDifference;
  return a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0;
}

/**
 * A member's bid priority outside any session: their 1-based place among the given members
 * (the active members of the department), by the default order.
 */
export function computeBidPriorities<T extends RankableMember>(members: readonly T[]): Map<string, number> {
  const ordered = [...members].sort(compareByDefaultPriority);
  return new Map(ordered.map((member, index) => [member.id, index + 1]));
}

/** A member as a department's seniority rule reads them: today's inputs and the rule's own keys. */
export interface PlaceableMember extends RankableMember {
  hireDate?: string | null | undefined;
  rankDate?: string | null | undefined;
  listNumber?: number | null | undefined;
}

/** The member as the rule's order and its explanations read them (score computed, id as memberId). */
export function toSeniorityCandidate<T extends PlaceableMember>(member: T): T & SeniorityCandidate {
  return { ...member, memberId: member.id, seniorityScore: computeSeniorityScore(member) };
}

/**
 * Each member's department place outside any session: 1-based among the given members (the active
 * members of the department), by the department's seniority rule, or with none set (null) by today's
 * order exactly as computeBidPriorities gives it. Every screen that shows a member's place ("#N in
 * queue", the member lists and exports, the seniority page) reads it from here, so they cannot
 * disagree. A drawn lot needs a session's seed, so none is drawn here: members the rule leaves tied
 * stay in employee ID order until a session draws.
 */
export function computeDepartmentPlaces<T extends PlaceableMember>(
  members: readonly T[],
  rule: SeniorityRule | null,
): Map<string, number> {
  if (!rule) return computeBidPriorities(members);
  const ordered = orderBySeniorityRule(members.map(toSeniorityCandidate), rule, null);
  return new Map(ordered.map((member, index) => [member.id, index + 1]));
}
