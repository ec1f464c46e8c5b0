/** The health checks' one query. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** `select 1`: resolves when the database answers, throws the driver's error when it does not. */
export async function selectOne(executor: Executor): Promise<void> {
  await executor.execute(sql`select 1`);
}
