import type { SQL } from 'drizzle-orm';
import type { Executor } from '../client.ts';

/** Rows of a raw query; PGlite and node-postgres both answer with `rows`. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A quoted identifier for SQL we build from the catalog's own table and column names. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
