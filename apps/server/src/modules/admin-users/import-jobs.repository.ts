/** Queries on import jobs (docs/decisions/013). */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;

export async function insertImportJob(
  executor: Executor,
  values: Pick<
    typeof importJobs.$inferInsert,
    'kind' | 'createdById' | 'startedBy' | 'fileName' | 'rowsTotal' | 'leaseExpiresAt'
  > & {
    now: Date;
  },
): Promise<ImportJobRow> {
  const { now, ...job } = values;
  const [row] = await executor
    .insert(importJobs)
    .values({ ...job, state: 'running', createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('import job insert returned no row');
  return row;
}

export async function findImportJob(executor: Executor, id: string): Promise<ImportJobRow | undefined> {
  const [row] = await executor.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
  return row;
}

/** The latest jobs of a kind, newest first. */
export async function listImportJobs(executor: Executor, kind: string, limit: number): Promise<ImportJobRow[]> {
  return executor
    .select()
    .from(importJobs)
    .where(eq(importJobs.kind, kind))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(limit);
}

/** Records progress and renews the lease of a job this process runs. */
export async function recordImportJobProgress(
  executor: Executor,
  id: string,
  progress: { rowsDone: number; leaseExpiresAt: Date; now: Date },
): Promise<void> {
  await executor
    .update(importJobs)
    .set({ rowsDone: progress.rowsDone, leaseExpiresAt: progress.leaseExpiresAt, updatedAt: progress.now })
    .where(and(eq(importJobs.id, id), eq(importJobs.state, 'running')));
}

export async function finishImportJob(
  executor: Executor,
  id: string,
  outcome:
    | { state: 'succeeded'; rowsDone: number; results: unknown; message: string; now: Date }
    | { state: 'failed'; error: string; now: Date },
): Promise<void> {
  const { now, ...fields } = outcome;
  await executor
    .update(importJobs)
    .set({ ...fields, updatedAt: now, finishedAt: now })
    .where(and(eq(importJobs.id, id), eq(importJobs.state, 'running')));
}

/** Fails running jobs of a kind whose lease has passed: the process running them stopped. Answers how many. */
export async function failAbandonedImportJobs(
  executor: Executor,
  kind: string,
  error: string,
  now: Date,
): Promise<number> {
  const failed = await executor
    .update(importJobs)
    .set({ state: 'failed', error, updatedAt: now, finishedAt: now })
    .where(and(eq(importJobs.kind, kind), eq(importJobs.state, 'running'), lt(importJobs.leaseExpiresAt, now)))
    .returning({ id: importJobs.id });
  return failed.length;
}
