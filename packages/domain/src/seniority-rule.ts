/**
 * Seniority as the department defines it (bidding-rules.md, "Seniority as the department defines
 * it"): an ordered list of keys, each with a direction. The first key that tells two members apart
 * decides which of them bids first. A department that never set a rule orders every session as
 * before: seniority score highest first, then the session's own tie-break chain
 * (`ruleFromTieBreakChain`), so the rule below is the whole of the queue order either way.
 */
import { z } from 'zod';
import { drawTieBreakNumber } from './bid-engine/tie-break-draw.ts';
import { DEFAULT_TIE_BREAK_CHAIN, type TieBreakLink } from './bid-engine/types.ts';

export const SENIORITY_KEYS = [
  'rankDate',
  'hireDate',
  'listNumber',
  'yearsOfService',
  'seniorityScore',
  'employeeId',
  'lottery',
] as const;
export type SeniorityKey = (typeof SENIORITY_KEYS)[number];

export const SENIORITY_DIRECTIONS = ['asc', 'desc'] as const;
export type SeniorityDirection = (typeof SENIORITY_DIRECTIONS)[number];

export interface SeniorityRuleKey {
  key: SeniorityKey;
  direction: SeniorityDirection;
}

export interface SeniorityRule {
  keys: readonly SeniorityRuleKey[];
}

/** What a person reads for each key, in the editor and in messages. */
export const SENIORITY_KEY_LABELS: Record<SeniorityKey, string> = {
  rankDate: 'Date in rank',
  hireDate: 'Hire date',
  listNumber: 'List number',
  yearsOfService: 'Years of service',
  seniorityScore: 'Seniority score',
  employeeId: 'Employee ID',
  lottery: 'Drawn lot',
};

/** The keys a member record may lack; the others every member has. */
export const OPTIONAL_SENIORITY_KEYS = ['rankDate', 'hireDate', 'listNumber'] as const;
export type OptionalSeniorityKey = (typeof OPTIONAL_SENIORITY_KEYS)[number];

/** How a missing key is named in the refusal ("lack a date in rank"). */
const MISSING_KEY_WORDS: Record<OptionalSeniorityKey, string> = {
  rankDate: 'a date in rank',
  hireDate: 'a hire date',
  listNumber: 'a list number',
};

export const SENIORITY_RULE_MESSAGES = {
  keysRequired: 'The seniority rule needs at least one key.',
  keyUnknown: `Each key must be one of: ${SENIORITY_KEYS.join(', ')}.`,
  directionUnknown: 'Each direction must be asc or desc.',
  lotteryOnlyLast:
    'A drawn lot (lottery) settles only what every other key leaves tied, so it may only be the last key.',
  keyTwice: (key: SeniorityKey) => `${SENIORITY_KEY_LABELS[key]} (${key}) appears twice; use each key once.`,
} as const;

export const seniorityRuleKeySchema = z.object({
  key: z.enum(SENIORITY_KEYS, { error: SENIORITY_RULE_MESSAGES.keyUnknown }),
  direction: z.enum(SENIORITY_DIRECTIONS, { error: SENIORITY_RULE_MESSAGES.directionUnknown }),
});

export const seniorityRuleSchema = z
  .object({
    keys: z
      .array(seniorityRuleKeySchema, { error: SENIORITY_RULE_MESSAGES.keysRequired })
      .min(1, SENIORITY_RULE_MESSAGES.keysRequired)
      .max(SENIORITY_KEYS.length),
  })
  .superRefine((rule, context) => {
    const seen = new Set<SeniorityKey>();
    rule.keys.forEach((entry, index) => {
      if (seen.has(entry.key)) {
        context.addIssue({
          code: 'custom',
          message: SENIORITY_RULE_MESSAGES.keyTwice(entry.key),
          path: ['keys', index],
        });
      }
      seen.add(entry.key);
      if (entry.key === 'lottery' && index !== rule.keys.length - 1) {
        context.addIssue({ code: 'custom', message: SENIORITY_RULE_MESSAGES.lotteryOnlyLast, path: ['keys', index] });
      }
    });
  });

/** The session's tie-break chain as rule keys: `random` is the same seeded draw as `lottery`. */
const LINK_AS_KEY: Record<TieBreakLink, SeniorityRuleKey> = {
  yearsOfService: { key: 'yearsOfService', direction: 'desc' },
  employeeId: { key: 'employeeId', direction: 'asc' },
  random: { key: 'lottery', direction: 'asc' },
};

/** Today's order for a session: seniority score highest first, then the session's tie-break chain. */
export function ruleFromTieBreakChain(tieBreakChain: readonly TieBreakLink[]): SeniorityRule {
  return { keys: [{ key: 'seniorityScore', direction: 'desc' }, ...tieBreakChain.map((link) => LINK_AS_KEY[link])] };
}

/** The order of a department that set no rule, with the default tie-break chain. */
export const DEFAULT_SENIORITY_RULE: SeniorityRule = ruleFromTieBreakChain(DEFAULT_TIE_BREAK_CHAIN);

export const SENIORITY_RULE_PRESET_IDS = ['default', 'timeInRank', 'timeOnDepartment'] as const;
export type SeniorityRulePresetId = (typeof SENIORITY_RULE_PRESET_IDS)[number];

export interface SeniorityRulePreset {
  id: SeniorityRulePresetId;
  name: string;
  description: string;
  rule: SeniorityRule;
}

export const SENIORITY_RULE_PRESETS: readonly SeniorityRulePreset[] = [
  {
    id: 'default',
    name: "Today's order",
    description:
      "Seniority score highest first, then each session's tie-break chain (years of service, employee ID, or a drawn lot).",
    rule: DEFAULT_SENIORITY_RULE,
  },
  {
    id: 'timeInRank',
    name: 'Time in rank',
    description:
      'Earliest promotion to the current rank first; the list number, then the hire date, then a drawn lot split ties.',
    rule: {
      keys: [
        { key: 'rankDate', direction: 'asc' },
        { key: 'listNumber', direction: 'asc' },
        { key: 'hireDate', direction: 'asc' },
        { key: 'lottery', direction: 'asc' },
      ],
    },
  },
  {
    id: 'timeOnDepartment',
    name: 'Time on the department',
    description: 'Earliest hire date first; the list number, then a drawn lot split ties.',
    rule: {
      keys: [
        { key: 'hireDate', direction: 'asc' },
        { key: 'listNumber', direction: 'asc' },
        { key: 'lottery', direction: 'asc' },
      ],
    },
  },
];

/** The rule a session orders by: the department's, or today's order with the session's chain. */
export function effectiveSeniorityRule(
  departmentRule: SeniorityRule | null | undefined,
  tieBreakChain: readonly TieBreakLink[],
): SeniorityRule {
  return departmentRule ?? ruleFromTieBreakChain(tieBreakChain);
}

export function ruleUsesLottery(rule: SeniorityRule | null | undefined): boolean {
  return rule?.keys.some((entry) => entry.key === 'lottery') ?? false;
}

/** Two rules with the same keys in the same directions. */
export function isSameSeniorityRule(a: SeniorityRule, b: SeniorityRule): boolean {
  return (
    a.keys.length === b.keys.length &&
    a.keys.every((entry, index) => entry.key === b.keys[index]?.key && entry.direction === b.keys[index]?.direction)
  );
}

/** What the order reads of a member or participant. */
export interface SeniorityCandidate {
  memberId: string;
  employeeId: string;
  yearsOfService: number;
  seniorityScore: number;
  hireDate?: string | null | undefined;
  rankDate?: string | null | undefined;
  listNumber?: number | null | undefined;
  /** 0-based round of the session; absent: 0. Earlier rounds bid first, before any seniority key. */
  round?: number | null | undefined;
}

type KeyValue = string | number | null;

/**
 * Compares candidates by a rule: round first, then each key in turn, then employee ID and member
 * ID ascending, so the order is total and does not depend on the order the candidates came in.
 * A missing date or list number sorts after every present one in either direction (the start of a
 * session refuses while one is needed, so this only orders the screens before then). `lottery`
 * draws from `randomSeed` and is skipped while it is null.
 */
export function buildSeniorityComparator<T extends SeniorityCandidate>(
  rule: SeniorityRule,
  randomSeed: string | null,
): (a: T, b: T) => number {
  const draws = new Map<string, number>();
  const drawOf = (candidate: T): number | null => {
    if (randomSeed === null) return null;
    let draw = draws.get(candidate.employeeId);
    if (draw === undefined) {
      draw = drawTieBreakNumber(randomSeed, candidate.employeeId);
      draws.set(candidate.employeeId, draw);
    }
    return draw;
  };
  return (a, b) => {
    const roundDifference = (a.round ?? 0) - (b.round ?? 0);
    if (roundDifference !== 0) return roundDifference;
    for (const entry of rule.keys) {
      const difference = compareByKey(entry, a, b, drawOf);
      if (difference !== 0) return difference;
    }
    return compareCodeUnits(a.employeeId, b.employeeId) || compareCodeUnits(a.memberId, b.memberId);
  };
}

/** The candidates in bid order by `rule` (see buildSeniorityComparator). Returns a new array. */
export function orderBySeniorityRule<T extends SeniorityCandidate>(
  candidates: readonly T[],
  rule: SeniorityRule,
  randomSeed: string | null,
): T[] {
  return [...candidates].sort(buildSeniorityComparator<T>(rule, randomSeed));
}

function keyValueOf<T extends SeniorityCandidate>(
  key: SeniorityKey,
  candidate: T,
  drawOf: (c: T) => number | null,
): KeyValue {
  switch (key) {
    case 'rankDate':
      return candidate.rankDate ?? null;
    case 'hireDate':
      return candidate.hireDate ?? null;
    case 'listNumber':
      return candidate.listNumber ?? null;
    case 'yearsOfService':
      return candidate.yearsOfService;
    case 'seniorityScore':
      return candidate.seniorityScore;
    case 'employeeId':
      return candidate.employeeId;
    case 'lottery':
      return drawOf(candidate);
  }
}

function compareByKey<T extends SeniorityCandidate>(
  entry: SeniorityRuleKey,
  a: T,
  b: T,
  drawOf: (c: T) => number | null,
): number {
  const left = keyValueOf(entry.key, a, drawOf);
  const right = keyValueOf(entry.key, b, drawOf);
  if (left === null || right === null) {
    // Missing after present, whatever the direction; two missing tie. A lottery without a seed
    // is missing for everyone, so it is skipped as the tie-break chain's random link always was.
    return left === null ? (right === null ? 0 : 1) : -1;
  }
  const ascending =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : compareCodeUnits(String(left), String(right));
  return entry.direction === 'asc' ? ascending : -ascending;
}

/** Orders strings by UTF-16 code unit: no locale, so ISO dates and IDs compare the same everywhere. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface MissingSeniorityKey<T> {
  candidate: T;
  key: OptionalSeniorityKey;
}

/**
 * The members who lack a date or list number the rule needs to place them. A key is needed when
 * the member's values of every key before it are shared with another member (the first key is
 * always needed): a list number that only splits a same-day academy class is not asked of a
 * member whose date in rank nobody else has. Each member is listed once, for their first missing key.
 */
export function findMissingSeniorityKeys<T extends SeniorityCandidate>(
  candidates: readonly T[],
  rule: SeniorityRule,
): MissingSeniorityKey<T>[] {
  const missing: MissingSeniorityKey<T>[] = [];
  const listed = new Set<T>();
  const noDraw = () => null;
  // Group the candidates by their values of the keys before each key in turn.
  let groups: T[][] = [[...candidates]];
  for (const entry of rule.keys) {
    if ((OPTIONAL_SENIORITY_KEYS as readonly string[]).includes(entry.key)) {
      const key = entry.key as OptionalSeniorityKey;
      for (const group of groups) {
        const isNeeded = group.length > 1 || rule.keys[0] === entry;
        if (!isNeeded) continue;
        for (const candidate of group) {
          if (keyValueOf(key, candidate, noDraw) === null && !listed.has(candidate)) {
            missing.push({ candidate, key });
            listed.add(candidate);
          }
        }
      }
    }
    if (entry.key === 'lottery') break;
    groups = groups.flatMap((group) => {
      const byValue = new Map<KeyValue, T[]>();
      for (const candidate of group) {
        const value = keyValueOf(entry.key, candidate, noDraw);
        const members = byValue.get(value);
        if (members) members.push(candidate);
        else byValue.set(value, [candidate]);
      }
      return [...byValue.values()].filter((members) => members.length > 1);
    });
  }
  return missing;
}

/**
 * "3 members lack a date in rank, which the seniority rule needs: Hale, Ortiz, Nguyen. Add them on
 * the Members page." One sentence per missing key, in the rule's order.
 */
export function describeMissingSeniorityKeys(missing: readonly { key: OptionalSeniorityKey; name: string }[]): string {
  const byKey = new Map<OptionalSeniorityKey, string[]>();
  for (const entry of missing) {
    const names = byKey.get(entry.key);
    if (names) names.push(entry.name);
    else byKey.set(entry.key, [entry.name]);
  }
  const sentences = [...byKey.entries()].map(([key, names]) => {
    const who = names.length === 1 ? '1 member lacks' : `${names.length} members lack`;
    return `${who} ${MISSING_KEY_WORDS[key]}, which the seniority rule needs: ${names.join(', ')}.`;
  });
  return `${sentences.join(' ')} Add them on the Members page.`;
}

export interface SeniorityExplanation {
  /** The key that decided, `round` for an earlier round, or `fallback` when every key tied. */
  key: SeniorityKey | 'round' | 'fallback';
  /** "earlier promotion: 2014-03-02" */
  text: string;
  /** The deciding key's value for the member behind ("2016-08-15"), where the key has one to show. */
  behindValue?: string;
}

const KEY_WORDS: Record<Exclude<SeniorityKey, 'lottery'>, { asc: string; desc: string }> = {
  rankDate: { asc: 'earlier promotion', desc: 'later promotion' },
  hireDate: { asc: 'earlier hire date', desc: 'later hire date' },
  listNumber: { asc: 'lower list number', desc: 'higher list number' },
  yearsOfService: { asc: 'fewer years of service', desc: 'more years of service' },
  seniorityScore: { asc: 'lower seniority score', desc: 'higher seniority score' },
  employeeId: { asc: 'employee ID first', desc: 'employee ID last' },
};

/**
 * Why `ahead` comes before `behind` (the next member) under the rule: the first key that tells them
 * apart, with the value of the member ahead ("earlier promotion: 2014-03-02", "lower list number:
 * 12", "higher seniority score: 340", "drawn lot").
 */
export function explainSeniorityPlace<T extends SeniorityCandidate>(
  ahead: T,
  behind: T,
  rule: SeniorityRule,
  randomSeed: string | null,
): SeniorityExplanation {
  if ((ahead.round ?? 0) !== (behind.round ?? 0)) {
    return { key: 'round', text: `earlier round: ${(ahead.round ?? 0) + 1}` };
  }
  const drawOf = (candidate: T) => (randomSeed === null ? null : drawTieBreakNumber(randomSeed, candidate.employeeId));
  for (const entry of rule.keys) {
    if (compareByKey(entry, ahead, behind, drawOf) === 0) continue;
    if (entry.key === 'lottery') return { key: 'lottery', text: 'drawn lot' };
    const value = keyValueOf(entry.key, ahead, drawOf);
    if (value === null)
      return { key: entry.key, text: `no ${SENIORITY_KEY_LABELS[entry.key].toLowerCase()} on either` };
    const behindValue = keyValueOf(entry.key, behind, drawOf);
    return {
      key: entry.key,
      text: `${KEY_WORDS[entry.key][entry.direction]}: ${value}`,
      ...(behindValue === null ? {} : { behindValue: String(behindValue) }),
    };
  }
  return { key: 'fallback', text: `employee ID first: ${ahead.employeeId}` };
}

/** PUT /api/admin/seniority-rule: the keys in order. The default preset's keys set today's order again. */
export const seniorityRuleUpdateSchema = seniorityRuleSchema;
export type SeniorityRuleUpdate = z.infer<typeof seniorityRuleUpdateSchema>;

/** GET and PUT /api/admin/seniority-rule: the rule in force, whether it is today's order, and the presets. */
export const seniorityRuleResponseSchema = z.object({
  keys: z.array(seniorityRuleKeySchema),
  /**
   * True while no rule is set: each session orders by seniority score, then its own tie-break
   * chain (`keys` shows it with the default chain).
   */
  isDefault: z.boolean(),
  presets: z.array(
    z.object({
      id: z.enum(SENIORITY_RULE_PRESET_IDS),
      name: z.string(),
      description: z.string(),
      keys: z.array(seniorityRuleKeySchema),
    }),
  ),
  updatedAt: z.string().nullable(),
});
export type SeniorityRuleResponse = z.infer<typeof seniorityRuleResponseSchema>;

/**
 * GET /api/bid-sessions/:id/seniority-check (administrators): the rule the session starts with and
 * who lacks a key it needs, so the administrator can fix them before pressing Start; the start
 * refuses (409) with the same `message` while anyone is listed.
 */
export const sessionSeniorityCheckSchema = z.object({
  keys: z.array(seniorityRuleKeySchema),
  isDefault: z.boolean(),
  missingSeniorityKeys: z.array(
    z.object({
      participantId: z.string(),
      memberId: z.string().nullable(),
      name: z.string(),
      key: z.enum(OPTIONAL_SENIORITY_KEYS),
    }),
  ),
  message: z.string().nullable(),
});
export type SessionSeniorityCheck = z.infer<typeof sessionSeniorityCheckSchema>;
