/**
 * A session's seniority, frozen when it starts (bidding-rules.md, "Seniority as the department
 * defines it"): in the start's transaction, before the engine's start command, every participant's
 * keys are copied afresh from their member (hire date, date in rank, list number, certifications;
 * with a department rule set, also years of service and seniority score), the department's rule is
 * copied onto the session, and the queue is ordered by it. Corrections after that do not move
 * anyone. A participant lacking a key the rule needs stops the start, and the administrator reads
 * who, before starting, from the same function (`checkSeniorityKeys`).
 *
 * A department with no rule set keeps today's behaviour: the score and years copied when the
 * member joined the session, ordered by the session's tie-break chain.
 */
import { randomBytes } from 'node:crypto';
import {
  computeSeniorityScore,
  describeMissingSeniorityKeys,
  type EngineParticipant,
  effectiveSeniorityRule,
  findMissingSeniorityKeys,
  type HeldCertification,
  type OptionalSeniorityKey,
  orderQueue,
  ruleUsesLottery,
  type SeniorityCorrection,
  type SeniorityRule,
  type TieBreakLink,
} from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { conflict } from '../../lib/app-error.ts';
import { fromStoredRule, readSeniorityRule, toStoredRule } from '../seniority-rule/seniority-rule.repository.ts';
import { listParticipantRows, type ParticipantRow } from './bid-sessions.repository.ts';
import type { SessionRow } from './engine-state-loader.repository.ts';
import {
  freezeSessionRule,
  type MemberSeniorityKeys,
  readMemberSeniorityKeys,
  writeParticipantKeys,
} from './seniority-keys.repository.ts';

/** A participant lacking a key the rule needs, as the administrator's screen lists them. */
export interface MissingSeniorityKeyEntry {
  participantId: string;
  memberId: string | null;
  name: string;
  key: OptionalSeniorityKey;
}

export interface SeniorityKeysCheck {
  /** The rule the session would start with (the department's, or today's order with its chain). */
  rule: SeniorityRule;
  /** True when the department set no rule. */
  isDefault: boolean;
  missing: MissingSeniorityKeyEntry[];
  /** The refusal the start would give, or null when nothing is missing. */
  message: string | null;
}

/** A seed for the drawn lot: 128 bits, written to the session so the draw can be checked. */
export const newLotterySeed = () => randomBytes(16).toString('hex');

const isBeforeStart = (status: string) => status === 'draft' || status === 'scheduled';

interface FrozenCandidate {
  row: ParticipantRow;
  memberId: string;
  name: string;
  employeeId: string;
  yearsOfService: number;
  seniorityScore: number;
  hireDate: string | null;
  rankDate: string | null;
  listNumber: number | null;
  certifications: readonly HeldCertification[];
  round: number;
}

/** Each participant with the keys the start would freeze: their member's now, or their own copy. */
function buildCandidates(
  rows: readonly ParticipantRow[],
  keys: ReadonlyMap<string, MemberSeniorityKeys>,
  departmentRule: SeniorityRule | null,
): FrozenCandidate[] {
  return rows.map((row) => {
    const member = row.memberId ? keys.get(row.memberId) : undefined;
    // Without a department rule the score and years stay as copied when the member joined, as always.
    const refreshScore = departmentRule !== null && member !== undefined;
    return {
      row,
      // As the queue has always been ordered: a participant whose member was deleted by their own id.
      memberId: row.memberId ?? row.id,
      name: `${row.firstName} ${row.lastName}`,
      employeeId: row.employeeId,
      yearsOfService: refreshScore ? member.yearsOfService : row.yearsOfService,
      seniorityScore: refreshScore ? computeSeniorityScore(member) : row.seniorityScore,
      hireDate: member ? member.hireDate : row.hireDate,
      rankDate: member ? member.rankDate : row.rankDate,
      listNumber: member ? member.listNumber : row.listNumber,
      certifications: member ? member.certifications : ((row.certifications ?? []) as HeldCertification[]),
      round: row.round ?? 0,
    };
  });
}

async function readCandidates(executor: Executor, session: SessionRow) {
  const { rule: departmentRule } = await readSeniorityRule(executor);
  const rows = await listParticipantRows(executor, session.id);
  const keys = await readMemberSeniorityKeys(
    executor,
    rows.flatMap((row) => (row.memberId ? [row.memberId] : [])),
  );
  const candidates = buildCandidates(rows, keys, departmentRule);
  const rule = effectiveSeniorityRule(departmentRule, session.tieBreakChain as TieBreakLink[]);
  const missing = findMissingSeniorityKeys(candidates, rule).map(({ candidate, key }) => ({
    participantId: candidate.row.id,
    memberId: candidate.row.memberId,
    name: candidate.name,
    key,
  }));
  return { departmentRule, rule, candidates, missing };
}

/**
 * What starting the session now would find missing. A running or finished session answers its
 * frozen rule and nothing missing: its keys no longer change.
 */
export async function checkSeniorityKeys(executor: Executor, session: SessionRow): Promise<SeniorityKeysCheck> {
  if (!isBeforeStart(session.status)) {
    const frozen = fromStoredRule(session.seniorityRule);
    return {
      rule: effectiveSeniorityRule(frozen, session.tieBreakChain as TieBreakLink[]),
      isDefault: frozen === null,
      missing: [],
      message: null,
    };
  }
  const { departmentRule, rule, missing } = await readCandidates(executor, session);
  return {
    rule,
    isDefault: departmentRule === null,
    missing,
    message: missing.length > 0 ? describeMissingSeniorityKeys(missing) : null,
  };
}

export type SeniorityFreeze =
  | { ok: true; session: SessionRow }
  | { ok: false; message: string; missing: MissingSeniorityKeyEntry[] };

/**
 * Freezes the keys, the rule and the order of a session about to start, in the caller's
 * transaction (the session row locked). A session not before its start is answered unchanged (the
 * engine refuses a second start). Refused, nothing is written.
 */
export async function freezeSeniorityAtStart(executor: Executor, session: SessionRow): Promise<SeniorityFreeze> {
  if (!isBeforeStart(session.status)) return { ok: true, session };
  const { departmentRule, rule, candidates, missing } = await readCandidates(executor, session);
  if (missing.length > 0) return { ok: false, message: describeMissingSeniorityKeys(missing), missing };
  const randomSeed = session.randomSeed ?? (ruleUsesLottery(rule) ? newLotterySeed() : null);
  const ordered = orderQueue(candidates, session.tieBreakChain as TieBreakLink[], randomSeed, departmentRule);
  await writeParticipantKeys(
    executor,
    ordered.map((candidate, place) => ({
      id: candidate.row.id,
      place,
      yearsOfService: candidate.yearsOfService,
      seniorityScore: candidate.seniorityScore,
      hireDate: candidate.hireDate,
      rankDate: candidate.rankDate,
      listNumber: candidate.listNumber,
      certifications: candidate.certifications,
    })),
  );
  const seniorityRule = toStoredRule(departmentRule);
  await freezeSessionRule(executor, session.id, { seniorityRule, randomSeed });
  return { ok: true, session: { ...session, seniorityRule, randomSeed } };
}

/**
 * Seniority corrected during a session (bidding-rules.md, "Rewind"): each participant's keys as
 * their member's record holds them now, ordered by the rule the session froze at its start (with
 * its tie-break chain and drawn seed), against the places the session has. Answers the
 * participants whose keys or place differ, for a rewind to apply and record; refused when a key
 * the rule needs was cleared.
 */
export async function readSeniorityCorrections(
  executor: Executor,
  session: SessionRow,
  current: readonly EngineParticipant[],
): Promise<SeniorityCorrection[]> {
  const frozenRule = fromStoredRule(session.seniorityRule);
  const rows = await listParticipantRows(executor, session.id);
  const keys = await readMemberSeniorityKeys(
    executor,
    rows.flatMap((row) => (row.memberId ? [row.memberId] : [])),
  );
  const candidates = buildCandidates(rows, keys, frozenRule);
  const rule = effectiveSeniorityRule(frozenRule, session.tieBreakChain as TieBreakLink[]);
  const missing = findMissingSeniorityKeys(candidates, rule).map(({ candidate, key }) => ({
    participantId: candidate.row.id,
    memberId: candidate.row.memberId,
    name: candidate.name,
    key,
  }));
  if (missing.length > 0) throw conflict(describeMissingSeniorityKeys(missing));
  const ordered = orderQueue(candidates, session.tieBreakChain as TieBreakLink[], session.randomSeed, frozenRule);
  const now = new Map(current.map((participant) => [participant.participantId, participant]));
  return ordered.flatMap((candidate, place) => {
    const participant = now.get(candidate.row.id);
    if (!participant) return [];
    const correction: SeniorityCorrection = {
      participantId: participant.participantId,
      bidPriority: place + 1,
      yearsOfService: candidate.yearsOfService,
      seniorityScore: candidate.seniorityScore,
      hireDate: candidate.hireDate,
      rankDate: candidate.rankDate,
      listNumber: candidate.listNumber,
    };
    const unchanged =
      correction.bidPriority === participant.bidPriority &&
      correction.yearsOfService === participant.yearsOfService &&
      correction.seniorityScore === participant.seniorityScore &&
      correction.hireDate === (participant.hireDate ?? null) &&
      correction.rankDate === (participant.rankDate ?? null) &&
      correction.listNumber === (participant.listNumber ?? null);
    return unchanged ? [] : [correction];
  });
}
