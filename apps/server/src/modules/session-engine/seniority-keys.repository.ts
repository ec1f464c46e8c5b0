/**
 * The seniority keys a session copies from its members (hire date, date in rank, list number,
 * the seniority score's inputs and the certifications held), and writing them onto participants
 * with their place in one statement, however many. Used when the queue is written
 * (session-admin) and when a session starts (seniority-freeze.ts).
 */
import type { HeldCertification } from '@stationbid/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions, members, participants } from '../../db/schema/index.ts';
import { readHeldCertifications } from '../users/member-certifications.repository.ts';

export interface MemberSeniorityKeys {
  id: string;
  firstName: string;
  lastName: string;
  rank: string;
  position: string;
  yearsOfService: number;
  manualSeniorityScore: number | null;
  hireDate: string | null;
  rankDate: string | null;
  listNumber: number | null;
  certifications: HeldCertification[];
}

/** The keys of these members (any state: a participant deactivated since joining keeps their place). */
export async function readMemberSeniorityKeys(
  executor: Executor,
  memberIds: readonly string[],
): Promise<Map<string, MemberSeniorityKeys>> {
  const found = new Map<string, MemberSeniorityKeys>();
  if (memberIds.length === 0) return found;
  const ids = [...new Set(memberIds)];
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      rank: members.rank,
      position: members.position,
      yearsOfService: members.yearsOfService,
      manualSeniorityScore: members.manualSeniorityScore,
      hireDate: members.hireDate,
      rankDate: members.rankDate,
      listNumber: members.listNumber,
    })
    .from(members)
    .where(inArray(members.id, ids));
  for (const row of rows) found.set(row.id, { ...row, certifications: [] });
  const held = await readHeldCertifications(executor, ids);
  for (const [memberId, list] of held) {
    const member = found.get(memberId);
    if (member) member.certifications = list;
  }
  return found;
}

export interface FrozenParticipantKeys {
  id: string;
  place: number;
  yearsOfService: number;
  seniorityScore: number;
  hireDate: string | null;
  rankDate: string | null;
  listNumber: number | null;
  certifications: readonly HeldCertification[];
}

/** Writes each participant's keys and place (0-based; priority is place + 1) in one statement per thousand. */
export async function writeParticipantKeys(executor: Executor, rows: readonly FrozenParticipantKeys[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1_000) {
    const values = sql.join(
      rows
        .slice(start, start + 1_000)
        .map(
          (row) =>
            sql`(${row.id}::uuid, ${row.place}::integer, ${row.yearsOfService}::integer, ${row.seniorityScore}::integer, ${row.hireDate}::date, ${row.rankDate}::date, ${row.listNumber}::integer, ${JSON.stringify(row.certifications)}::jsonb)`,
        ),
      sql`, `,
    );
    await executor.execute(sql`
      update ${participants} set
        queue_position = keys.place, bid_priority = keys.place + 1,
        years_of_service = keys.years, seniority_score = keys.score,
        hire_date = keys.hire_date, rank_date = keys.rank_date, list_number = keys.list_number,
        certifications = keys.certifications
      from (values ${values}) as keys(id, place, years, score, hire_date, rank_date, list_number, certifications)
      where ${participants.id} = keys.id`);
  }
}

/** Freezes the department's rule onto the session (null: today's order) and, when it needs one, its seed. */
export async function freezeSessionRule(
  executor: Executor,
  sessionId: string,
  values: { seniorityRule: unknown; randomSeed: string | null },
): Promise<void> {
  await executor
    .update(bidSessions)
    .set({ seniorityRule: values.seniorityRule, randomSeed: values.randomSeed })
    .where(eq(bidSessions.id, sessionId));
}
