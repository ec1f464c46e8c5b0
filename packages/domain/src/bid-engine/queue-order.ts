/**
 * The order of a session's queue (bidding-rules.md, "Seniority and queue order"): seniority score
 * first, then the session's tie-break chain, then fixed fallbacks so the order never depends on the
 * order the candidates were read in.
 */
import type { TieBreakLink } from './types.ts';

/** What the queue order reads of a participant. */
export interface QueueCandidate {
  memberId: string;
  employeeId: string;
  yearsOfService: number;
  seniorityScore: number;
}

/**
 * The seeded draw of the "random" tie-break: a 53-bit hash (cyrb53) of the seed and the employee ID.
 * Lower draws bid first. Anyone holding the seed (it is written to the session history) can recompute
 * every draw, so the order can be checked afterwards; a different seed gives an unrelated order.
 */
export function drawTieBreakNumber(randomSeed: string, employeeId: string): number {
  // JSON keeps the two parts apart, so ("ab", "c") and ("a", "bc") do not collide.
  return cyrb53(JSON.stringify([randomSeed, employeeId]));
}

/**
 * The candidates in bid order: seniority score highest first, then each link of `tieBreakChain` in
 * turn (`yearsOfService`: more first; `employeeId`: ascending by code point; `random`: the seeded draw,
 * skipped while `randomSeed` is null), then employee ID and member ID ascending, so the order is total
 * and stable. Returns a new array; the candidates are not copied.
 */
export function orderQueue<T extends QueueCandidate>(
  candidates: readonly T[],
  tieBreakChain: readonly TieBreakLink[],
  randomSeed: string | null,
): T[] {
  const draws = new Map<T, number>();
  if (randomSeed !== null && tieBreakChain.includes('random')) {
    for (const candidate of candidates) draws.set(candidate, drawTieBreakNumber(randomSeed, candidate.employeeId));
  }
  const compareByLink = (link: TieBreakLink, a: T, b: T): number => {
    switch (link) {
      case 'yearsOfService':
        return b.yearsOfService - a.yearsOfService;
      case 'employeeId':
        return compareCodePoints(a.employeeId, b.employeeId);
      case 'random':
        return randomSeed === null ? 0 : (draws.get(a) ?? 0) - (draws.get(b) ?? 0);
    }
  };
  return [...candidates].sort((a, b) => {
    const scoreDifference = b.seniorityScore - a.seniorityScore;
    if (scoreDifference !== 0) return scoreDifference;
    for (const link of tieBreakChain) {
      const difference = compareByLink(link, a, b);
      if (difference !== 0) return difference;
    }
    return compareCodePoints(a.employeeId, b.employeeId) || compareCodePoints(a.memberId, b.memberId);
  });
}

/** Orders strings by UTF-16 code unit, which agrees with code points for the IDs we store (no locale). */
function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * cyrb53 (bryc, public domain): a fast 53-bit string hash with good avalanche, so the draws of
 * similar employee IDs ("E-101", "E-102") are unrelated.
 */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
