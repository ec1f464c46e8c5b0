/**
 * Member imports as jobs (docs/decisions/013): the upload is answered at once with the job, and the
 * rows are imported in the background by this process, chunk by chunk (ImportJobsService).
 */
import { IMPORT_JOB_MESSAGES, type ImportJob } from '@stationbid/domain';
import type { SpreadsheetRow } from '../../lib/spreadsheet.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { type ImportJobsService, presentImportJob } from './import-jobs.service.ts';
import { describeImportResult, type MemberImportService } from './member-import.service.ts';

export class MemberImportJobsService {
  constructor(
    private readonly jobs: ImportJobsService,
    private readonly memberImport: MemberImportService,
  ) {}

  /** Records the job and starts it in the background; answers the job as it stands (0 rows done). */
  async start(actor: AuthenticatedMember, fileName: string, rows: readonly SpreadsheetRow[]): Promise<ImportJob> {
    const job = await this.jobs.open(
      {
        kind: 'members',
        createdById: actor.id,
        startedBy: `${actor.firstName} ${actor.lastName}`,
        fileName,
        rowsTotal: rows.length,
      },
      IMPORT_JOB_MESSAGES,
    );
    this.jobs.startInBackground(job, IMPORT_JOB_MESSAGES, async (onProgress) => {
      const results = await this.memberImport.importRows(actor, fileName, rows, onProgress);
      return { results, message: describeImportResult(results, this.memberImport.isEmailConfigured) };
    });
    return presentImportJob(job);
  }

  /** The job as it stands; one whose process stopped is reported (and stored) as failed. */
  async getJob(id: string): Promise<ImportJob> {
    return presentImportJob(await this.jobs.getJob(id, 'members', IMPORT_JOB_MESSAGES));
  }
}
