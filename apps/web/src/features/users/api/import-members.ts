import {
  IMPORT_MESSAGES,
  type ImportJob,
  importJobAcceptedResponseSchema,
  importJobResponseSchema,
  type MemberImportResponse,
  memberImportResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { onMembersImported } from './user-queries.ts';

/** How often a running import job is read again. */
export const IMPORT_JOB_POLL_MS = 500;

/** Rows done out of the file's rows, while an import job runs. */
export interface ImportProgress {
  rowsDone: number;
  rowsTotal: number;
}

/** A small file is answered with its results; a large one with the job that imports it (202). */
const uploadAnswerSchema = z.union([memberImportResponseSchema, importJobAcceptedResponseSchema]);

export function getImportJob(id: string): Promise<ImportJob> {
  return apiRequest(`/admin/import-jobs/${id}`, { schema: importJobResponseSchema }).then(({ job }) => job);
}

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Uploads a member spreadsheet (multipart field `file`). When the server runs it as a job, reads
 * the job until it has finished, telling `onProgress` the rows done, and resolves to the same
 * answer the synchronous import gives; a failed job rejects with the server's reason.
 */
export async function importMembers(
  file: File,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<MemberImportResponse> {
  const body = new FormData();
  body.append('file', file);
  const answer = await apiRequest('/admin/import-users', { method: 'POST', body, schema: uploadAnswerSchema });
  if ('results' in answer) return answer;
  let job = answer.job;
  onProgress({ rowsDone: job.rowsDone, rowsTotal: job.rowsTotal });
  while (job.state === 'running') {
    await wait(IMPORT_JOB_POLL_MS);
    job = await getImportJob(job.id);
    onProgress({ rowsDone: job.rowsDone, rowsTotal: job.rowsTotal });
  }
  if (job.state === 'failed' || job.results === null) {
    // The job's own reason is the server's message, shown like any refusal of the upload.
    const reason = job.error ?? IMPORT_MESSAGES.uploadFailed;
    throw new ApiError({ status: 200, code: undefined, message: reason, serverMessage: reason });
  }
  return { results: job.results, message: job.message ?? '' };
}

/**
 * What a member spreadsheet would change, saving nothing (the same endpoint with dryRun=1): the
 * new members, the ones whose phone or seat it changes, the unchanged ones and the refused rows.
 */
export function previewMemberImport(file: File): Promise<MemberImportResponse> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/admin/import-users?dryRun=1', { method: 'POST', body, schema: memberImportResponseSchema });
}

/**
 * The member import for the Import Users tab. On success it shows the server's summary ("Import
 * completed! N users created, M skipped. Emails sent: ...", honest about queued e-mails) and
 * refreshes the member list and the administrator's own queue place, which new members can move.
 */
export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (progress: ImportProgress) => void }) =>
      importMembers(file, onProgress),
    onSuccess: ({ message }) => {
      showSuccess(message);
      // Not awaited: the results card should not wait for the member list to load again.
      void onMembersImported(queryClient);
    },
  });
}
