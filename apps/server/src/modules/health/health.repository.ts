/** The health checks' one query. */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { DatabaseTimeoutError } from '../../db/errors.ts';

/** `select 1`: resolves when the database answers, throws the driver's error when it does not. */
export async function selectOne(executor: Executor): Promise<void> {
  await executor.execute(sql`select 1`);
}

/**
 * `select 1` that gives up after `timeoutMs` with a DatabaseTimeoutError: a hung database (a
 * network that drops packets, a server that accepts and never answers) must not hang a probe.
 */
export async function pingDatabase(executor: Executor, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([selectOne(executor), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
