/** Downloads a session's signed record (GET /api/bid-sessions/:id/record) as the exact file the server signed. */
import type { BidSession } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';
import { saveDownloadedFile } from '../../session-admin/index.ts';

const RECORD_FAILURE_MESSAGE = 'Failed to download the session record';

/** The name used when the server names no file, as the server names it. */
export function buildRecordFileName(sessionId: string): string {
  return `session-record-${sessionId}.json`;
}

export async function downloadSessionRecord(session: Pick<BidSession, 'id'>): Promise<string> {
  // The file's bytes are kept as sent: re-serialising the JSON would be harmless to the check (it
  // hashes parsed values), but a steward should get exactly what the server signed.
  const file = await apiDownload(`/bid-sessions/${encodeURIComponent(session.id)}/record`);
  const fileName = file.fileName ?? buildRecordFileName(session.id);
  saveDownloadedFile(fileName, file.blob);
  return fileName;
}

/** The server's refusal (not a participant, not completed) is shown as it words it. */
export function useDownloadSessionRecord() {
  return useMutation({
    mutationFn: downloadSessionRecord,
    onError: (error) => showError(error, RECORD_FAILURE_MESSAGE),
  });
}
