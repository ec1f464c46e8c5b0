import { type SQL, sql } from 'drizzle-orm';

/** A timestamp parameter for raw SQL, typed explicitly so PGlite and node-postgres read it alike. */
export function timestampParam(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`;
}
