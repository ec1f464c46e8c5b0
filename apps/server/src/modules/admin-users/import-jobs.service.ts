/**
 * Imports run as jobs (docs/decisions/013): the member import above its row threshold and every
 * roster sync. A job's progress is written to import_jobs after each chunk so any server process
 * can report it. The process renews the job's lease with each chunk; when it stops (a crash, a
 * deploy) the lease runs out and the next read reports the job as failed instead of running forever.
 */
import type { ImportJob, MemberImportResult } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  failAbandonedImportJobs,
  findImportJob,
  finishImportJob,
  type ImportJobRow,
  insertImportJob,
  listImportJobs,
  recordImportJobProgress,
} from './import-jobs.repository.ts';
import type { ImportProgress } from './member-import.service.ts';

/** How long a job stays "running" without a sign of life from its process. Chunks take well under a second. */
export const IMPORT_JOB_LEASE_MS = 60_000;

export type ImportJobKind = 'members' | 'roster';

/** What a job is told when it fails: the process stopped, or anything else went wrong. */
export interface ImportJobMessages {
  jobNotFound: string;
  serverStopped: string;
  failed: string;
  /** Refusal of a second job of a kind that runs one at a time (the roster's). */
  alreadyRunning?: string;
}

/** A job's work: given the progress callback, answers the results and the message it finished with. */
export type ImportJobWork<Results> = (onProgress: ImportProgress) => Promise<{ results: Results; message: string }>;

/** Thrown inside a job's progress callback when the app is closing, to stop between chunks. */
class ImportStopped extends Error {}

export function presentImportJob<Results = MemberImportResult>(
  row: ImportJobRow,
): Omit<ImportJob, 'results'> & { results: Results | null } {
  return {
    id: row.id,
    state: row.state as ImportJob['state'],
    fileName: row.fileName,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    results: (row.results as Results | null) ?? null,
    message: row.message,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export class ImportJobsService {
  private readonly running = new Set<Promise<unknown>>();
  private isStopping = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Records a job as running (0 rows done). A job whose process stopped is failed first, so it
   * never holds a roster's one-at-a-time place; a second roster job is refused (409) by the unique
   * index, whichever server process runs the first.
   */
  async open(
    job: {
      kind: ImportJobKind;
      createdById: string | null;
      startedBy: string;
      fileName: string;
      rowsTotal: number;
    },
    messages: ImportJobMessages,
  ): Promise<ImportJobRow> {
    const now = this.clock.now();
    await failAbandonedImportJobs(this.db, job.kind, messages.serverStopped, now);
    try {
      return await insertImportJob(this.db, {
        ...job,
        leaseExpiresAt: new Date(now.getTime() + IMPORT_JOB_LEASE_MS),
        now,
      });
    } catch (error) {
      if (isUniqueViolation(error) && messages.alreadyRunning) throw conflict(messages.alreadyRunning);
      throw error;
    }
  }

  /** Runs an open job's work in the background; answers at once. */
  startInBackground<Results>(job: ImportJobRow, messages: ImportJobMessages, work: ImportJobWork<Results>): void {
    // Started on the next turn of the event loop, so the 202 goes out before the job's first
    // query: on PGlite a query runs in this thread and would hold the answer back.
    const run: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(job, messages, work))
      .catch(() => undefined)
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Runs an open job's work now and answers its results; the job is finished either way. */
  async runNow<Results>(
    job: ImportJobRow,
    messages: ImportJobMessages,
    work: ImportJobWork<Results>,
  ): Promise<Results> {
    const run = this.run(job, messages, work);
    this.running.add(run);
    try {
      return await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** The job as it stands; one whose process stopped is reported (and stored) as failed. */
  async getJob(id: string, kind: ImportJobKind, messages: ImportJobMessages): Promise<ImportJobRow> {
    let job = await findImportJob(this.db, id);
    if (!job || job.kind !== kind) throw new AppError('NOT_FOUND', messages.jobNotFound);
    const now = this.clock.now();
    if (job.state === 'running' && job.leaseExpiresAt < now) {
      await failAbandonedImportJobs(this.db, kind, messages.serverStopped, now);
      job = (await findImportJob(this.db, id)) ?? job;
    }
    return job;
  }

  /**
   * The latest jobs of a kind, newest first; those whose process stopped are reported (and stored)
   * as failed. A page polls this while a job runs, so it writes only when one has stopped.
   */
  async listJobs(kind: ImportJobKind, limit: number, messages: ImportJobMessages): Promise<ImportJobRow[]> {
    const jobs = await listImportJobs(this.db, kind, limit);
    const now = this.clock.now();
    if (!jobs.some((job) => job.state === 'running' && job.leaseExpiresAt < now)) return jobs;
    await failAbandonedImportJobs(this.db, kind, messages.serverStopped, now);
    return listImportJobs(this.db, kind, limit);
  }

  /** Stops the running jobs between two chunks and marks them failed; before the database closes. */
  async stop(): Promise<void> {
    this.isStopping = true;
    await Promise.allSettled([...this.running]);
  }

  private async run<Results>(job: ImportJobRow, messages: ImportJobMessages, work: ImportJobWork<Results>) {
    try {
      if (this.isStopping) throw new ImportStopped();
      const { results, message } = await work(async (rowsDone) => {
        if (this.isStopping) throw new ImportStopped();
        const now = this.clock.now();
        await recordImportJobProgress(this.db, job.id, {
          rowsDone,
          leaseExpiresAt: new Date(now.getTime() + IMPORT_JOB_LEASE_MS),
          now,
        });
      });
      await finishImportJob(this.db, job.id, {
        state: 'succeeded',
        rowsDone: job.rowsTotal,
        results,
        message,
        now: this.clock.now(),
      });
      return results;
    } catch (error) {
      const isStopped = error instanceof ImportStopped;
      // A refusal the work answers with (a 4xx) is the job's outcome, not a server error.
      const refusal = error instanceof AppError && error.statusCode < 500 ? error.message : undefined;
      if (!isStopped && refusal === undefined) this.log.error({ err: error, importJobId: job.id }, 'import job failed');
      await finishImportJob(this.db, job.id, {
        state: 'failed',
        error: isStopped ? messages.serverStopped : (refusal ?? messages.failed),
        now: this.clock.now(),
      }).catch((finishError: unknown) =>
        this.log.error({ err: finishError, importJobId: job.id }, 'could not mark the import job failed'),
      );
      throw isStopped ? new AppError('SERVICE_UNAVAILABLE', messages.serverStopped) : error;
    }
  }
}
