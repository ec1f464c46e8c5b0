/**
 * Member imports run as jobs (docs/decisions/013): the upload is answered at once with the job,
 * the rows are imported in the background by this process, chunk by chunk, and the progress is
 * written to import_jobs after each chunk so any server process can report it. The process renews
 * the job's lease with each chunk; when it stops (a crash, a deploy) the lease runs out and the next
 * read reports the job as failed instead of running forever.
 */
import { IMPORT_JOB_MESSAGES, type ImportJob, type MemberImportResult } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SpreadsheetRow } from '../../lib/spreadsheet.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import {
  failAbandonedImportJobs,
  findImportJob,
  finishImportJob,
  type ImportJobRow,
  insertImportJob,
  recordImportJobProgress,
} from './import-jobs.repository.ts';
import { describeImportResult, type MemberImportService } from './member-import.service.ts';

/** How long a job stays "running" without a sign of life from its process. Chunks take well under a second. */
export const IMPORT_JOB_LEASE_MS = 60_000;

/** Thrown inside a job's progress callback when the app is closing, to stop between chunks. */
class ImportStopped extends Error {}

function presentJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    state: row.state as ImportJob['state'],
    fileName: row.fileName,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    results: (row.results as MemberImportResult | null) ?? null,
    message: row.message,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export class MemberImportJobsService {
  private readonly running = new Set<Promise<void>>();
  private isStopping = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly memberImport: MemberImportService,
  ) {}

  /** Records the job and starts it in the background; answers the job as it stands (0 rows done). */
  async start(actor: AuthenticatedMember, fileName: string, rows: readonly SpreadsheetRow[]): Promise<ImportJob> {
    const now = this.clock.now();
    const job = await insertImportJob(this.db, {
      kind: 'members',
      createdById: actor.id,
      fileName,
      rowsTotal: rows.length,
      leaseExpiresAt: new Date(now.getTime() + IMPORT_JOB_LEASE_MS),
      now,
    });
    // Started on the next turn of the event loop, so the 202 goes out before the job's first
    // query: on PGlite a query runs in this thread and would hold the answer back.
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(job.id, actor, fileName, rows))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return presentJob(job);
  }

  /** The job as it stands; one whose process stopped is reported (and stored) as failed. */
  async getJob(id: string): Promise<ImportJob> {
    let job = await findImportJob(this.db, id);
    if (!job) throw new AppError('NOT_FOUND', IMPORT_JOB_MESSAGES.jobNotFound);
    const now = this.clock.now();
    if (job.state === 'running' && job.leaseExpiresAt < now) {
      await failAbandonedImportJobs(this.db, IMPORT_JOB_MESSAGES.serverStopped, now);
      job = (await findImportJob(this.db, id)) ?? job;
    }
    return presentJob(job);
  }

  /** Stops the running jobs between two chunks and marks them failed; before the database closes. */
  async stop(): Promise<void> {
    this.isStopping = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(id: string, actor: AuthenticatedMember, fileName: string, rows: readonly SpreadsheetRow[]) {
    try {
      if (this.isStopping) throw new ImportStopped();
      const results = await this.memberImport.importRows(actor, fileName, rows, async (rowsDone) => {
        if (this.isStopping) throw new ImportStopped();
        const now = this.clock.now();
        await recordImportJobProgress(this.db, id, {
          rowsDone,
          leaseExpiresAt: new Date(now.getTime() + IMPORT_JOB_LEASE_MS),
          now,
        });
      });
      await finishImportJob(this.db, id, {
        state: 'succeeded',
        rowsDone: rows.length,
        results,
        message: describeImportResult(results, this.memberImport.isEmailConfigured),
        now: this.clock.now(),
      });
    } catch (error) {
      const isStopped = error instanceof ImportStopped;
      if (!isStopped) this.log.error({ err: error, importJobId: id }, 'member import job failed');
      await finishImportJob(this.db, id, {
        state: 'failed',
        error: isStopped ? IMPORT_JOB_MESSAGES.serverStopped : IMPORT_JOB_MESSAGES.failed,
        now: this.clock.now(),
      }).catch((finishError: unknown) =>
        this.log.error({ err: finishError, importJobId: id }, 'could not mark the import job failed'),
      );
    }
  }
}
