/** Queries on the department's certifications. Repositories take a transaction or the database and hold no rules. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { certifications, memberCertifications, seats, stations } from '../../db/schema/index.ts';

export type CertificationRow = typeof certifications.$inferSelect;

/** A certification with how many members hold it. */
export interface CertificationWithHolders {
  id: string;
  code: string;
  name: string;
  holders: number;
}

const holdersCount = sql<number>`(
  select count(*) from ${memberCertifications} where ${memberCertifications.certificationId} = ${certifications.id}
)`.mapWith(Number);

export async function listCertifications(executor: Executor): Promise<CertificationWithHolders[]> {
  return executor
    .select({ id: certifications.id, code: certifications.code, name: certifications.name, holders: holdersCount })
    .from(certifications)
    .orderBy(asc(certifications.code));
}

export async function findCertification(executor: Executor, id: string): Promise<CertificationWithHolders | undefined> {
  const [row] = await executor
    .select({ id: certifications.id, code: certifications.code, name: certifications.name, holders: holdersCount })
    .from(certifications)
    .where(eq(certifications.id, id))
    .limit(1);
  return row;
}

/**
 * Locks the certification for the rest of the transaction: a rename or deletion waits for a station
 * edit that names its code (which holds it FOR SHARE, below), and the other way round.
 */
export async function lockCertification(executor: Executor, id: string): Promise<CertificationRow | undefined> {
  const [row] = await executor.select().from(certifications).where(eq(certifications.id, id)).for('update').limit(1);
  return row;
}

/**
 * The codes among `codes` that exist, each held FOR SHARE to the end of the transaction, so that
 * a certification a station's seats are about to require is not renamed or deleted meanwhile.
 */
export async function shareCertificationCodes(executor: Executor, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await executor
    .select({ code: certifications.code })
    .from(certifications)
    .where(inArray(certifications.code, codes))
    .for('share');
  return rows.map((row) => row.code);
}

export async function insertCertification(
  executor: Executor,
  values: { code: string; name: string; createdAt: Date; updatedAt: Date },
): Promise<CertificationRow> {
  const [row] = await executor.insert(certifications).values(values).returning();
  if (!row) throw new Error('certification insert returned no row');
  return row;
}

export async function updateCertification(
  executor: Executor,
  id: string,
  changes: { code?: string; name?: string; updatedAt: Date },
): Promise<void> {
  await executor.update(certifications).set(changes).where(eq(certifications.id, id));
}

export async function deleteCertification(executor: Executor, id: string): Promise<void> {
  await executor.delete(certifications).where(eq(certifications.id, id));
}

/** Where seats require the code: each station, shift and position once, in station order. */
export async function listSeatGroupsRequiring(
  executor: Executor,
  code: string,
): Promise<{ stationNumber: number; shift: string; seatPosition: string }[]> {
  return executor
    .selectDistinct({ stationNumber: stations.number, shift: seats.shift, seatPosition: seats.seatPosition })
    .from(seats)
    .innerJoin(stations, eq(stations.id, seats.stationId))
    .where(sql`${seats.requires} @> ${JSON.stringify([code])}::jsonb`)
    .orderBy(asc(stations.number), asc(seats.shift), asc(seats.seatPosition));
}

/**
 * Renames a code in every seat that requires it, keeping each list sorted and without repeats
 * (the form a seat stores its codes in).
 */
export async function renameRequiredCode(executor: Executor, oldCode: string, newCode: string): Promise<void> {
  await executor.execute(sql`
    update ${seats}
    set requires = (
      select coalesce(jsonb_agg(code order by code collate "C"), '[]'::jsonb)
      from (
        select distinct case when element = ${oldCode} then ${newCode} else element end as code
        from jsonb_array_elements_text(${seats.requires}) as element
      ) renamed
    )
    where ${seats.requires} @> ${JSON.stringify([oldCode])}::jsonb`);
}
