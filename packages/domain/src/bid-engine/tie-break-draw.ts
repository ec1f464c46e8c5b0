/**
 * The seeded draw that settles what nothing else does: the "random" link of a session's tie-break
 * chain and the "lottery" key of a department's seniority rule draw the same numbers, so a verifier
 * holding the seed recomputes both.
 */

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
