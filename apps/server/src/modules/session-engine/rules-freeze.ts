/**
 * The rest of a department's rules a session freezes when it starts (bidding-rules.md,
 * "Certifications and qualified seats"): the day certifications must be valid on (the start's date
 * in the department's time zone) and the certification catalogue, so refusals, the record and its
 * replay name each certification as it was called that day. Runs in the start's transaction, under
 * the session's lock, after the seniority freeze and before the engine's start command.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bidSessions } from '../../db/schema/index.ts';
import type { SessionRow } from './engine-state-loader.repository.ts';

/** "2026-12-01": the calendar day of `moment` in `timeZone`. */
export function localDateOf(moment: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    moment,
  );
}

export async function freezeRulesAtStart(
  executor: Executor,
  session: SessionRow,
  startsAt: Date,
  timeZone: string,
): Promise<SessionRow> {
  const [row] = await executor
    .update(bidSessions)
    .set({
      effectiveDate: localDateOf(startsAt, timeZone),
      certifications: sql`coalesce(
        (select jsonb_agg(jsonb_build_object('code', c.code, 'name', c.name) order by c.code) from certifications c),
        '[]'::jsonb)`,
    })
    .where(eq(bidSessions.id, session.id))
    .returning();
  return row ?? session;
}
