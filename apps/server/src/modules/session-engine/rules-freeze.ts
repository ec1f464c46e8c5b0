/**
 * The rest of a department's rules a session freezes when it starts (bidding-rules.md,
 * "Certifications and qualified seats"): the day certifications must be valid on (the start's date
 * in the department's time zone) and the certification catalogue, so refusals, the record and its
 * replay name each certification as it was called that day. Runs in the start's transaction, under
 * the session's lock, after the seniority freeze and before the engine's start command. A vacancy
 * bid also freezes its seats: those its participants hold join the ones opened.
 */
import { isoToLocalDateTime } from '@stationbid/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions } from '../../db/schema/index.ts';
import type { SessionRow } from './engine-state-loader.repository.ts';
import { freezeVacancySeatsAtStart } from './vacancy-seats.repository.ts';

export async function freezeRulesAtStart(
  executor: Executor,
  session: SessionRow,
  startsAt: Date,
  timeZone: string,
): Promise<SessionRow> {
  if (session.type === 'vacancy') await freezeVacancySeatsAtStart(executor, session.id);
  const [row] = await executor
    .update(bidSessions)
    .set({
      // The calendar day of the start on the department's clock.
      effectiveDate: isoToLocalDateTime(startsAt, timeZone).slice(0, 10),
      certifications: sql`coalesce(
        (select jsonb_agg(jsonb_build_object('code', c.code, 'name', c.name) order by c.code) from certifications c),
        '[]'::jsonb)`,
    })
    .where(eq(bidSessions.id, session.id))
    .returning();
  return row ?? session;
}
