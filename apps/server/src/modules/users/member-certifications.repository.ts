/**
 * The certifications members hold (member_certifications, migration 0012), by the catalogue's
 * codes: what a member's answer shows, what a session copies, and what the member form and the
 * members import replace, inside the caller's transaction.
 */
import { type HeldCertification, MEMBER_SENIORITY_MESSAGES } from '@stationbid/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { certifications, memberCertifications } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';

/** Each member's certifications, `[{ code, expiresOn }]` in code order; members holding none are absent. */
export async function readHeldCertifications(
  executor: Executor,
  memberIds: readonly string[],
): Promise<Map<string, HeldCertification[]>> {
  const held = new Map<string, HeldCertification[]>();
  if (memberIds.length === 0) return held;
  const rows = await executor
    .select({
      memberId: memberCertifications.memberId,
      code: certifications.code,
      expiresOn: memberCertifications.expiresOn,
    })
    .from(memberCertifications)
    .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
    .where(inArray(memberCertifications.memberId, [...new Set(memberIds)]))
    .orderBy(asc(memberCertifications.memberId), asc(certifications.code));
  for (const row of rows) {
    const list = held.get(row.memberId) ?? [];
    list.push({ code: row.code, expiresOn: row.expiresOn });
    held.set(row.memberId, list);
  }
  return held;
}

/** The catalogue's ids of these codes; a code not in the catalogue is absent. */
export async function findCertificationIds(executor: Executor, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await executor
    .select({ id: certifications.id, code: certifications.code })
    .from(certifications)
    .where(inArray(certifications.code, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** The codes of `list` that the catalogue does not hold, in the order given. */
export async function findUnknownCertificationCodes(
  executor: Executor,
  list: readonly HeldCertification[],
): Promise<string[]> {
  const ids = await findCertificationIds(
    executor,
    list.map((entry) => entry.code),
  );
  return list.map((entry) => entry.code).filter((code) => !ids.has(code));
}

/**
 * The member holds exactly `list` afterwards. A code the catalogue does not hold is a 400 naming
 * it, and nothing is written (the caller's transaction rolls back).
 */
export async function replaceMemberCertifications(
  executor: Executor,
  memberId: string,
  list: readonly HeldCertification[],
): Promise<void> {
  const ids = await findCertificationIds(
    executor,
    list.map((entry) => entry.code),
  );
  const unknown = list.map((entry) => entry.code).filter((code) => !ids.has(code));
  if (unknown.length > 0) throw badRequest(MEMBER_SENIORITY_MESSAGES.unknownCertifications(unknown));
  await executor.delete(memberCertifications).where(eq(memberCertifications.memberId, memberId));
  if (list.length === 0) return;
  await executor.insert(memberCertifications).values(
    list.map((entry) => ({
      memberId,
      certificationId: ids.get(entry.code) as string,
      expiresOn: entry.expiresOn,
    })),
  );
}

/** Adds `list` to a member who holds none yet (a member just imported), by ids already looked up. */
export async function insertMemberCertifications(
  executor: Executor,
  memberId: string,
  list: readonly HeldCertification[],
  idsByCode: ReadonlyMap<string, string>,
): Promise<void> {
  const values = list.flatMap((entry) => {
    const certificationId = idsByCode.get(entry.code);
    return certificationId ? [{ memberId, certificationId, expiresOn: entry.expiresOn }] : [];
  });
  if (values.length > 0) await executor.insert(memberCertifications).values(values);
}
