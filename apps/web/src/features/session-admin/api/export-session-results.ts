import type { BidSession } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { buildExportFileName, saveDownloadedFile } from '../utils/save-downloaded-file.ts';

const EXPORT_SUCCESS_MESSAGE = 'Export completed successfully!';
const EXPORT_FAILURE_MESSAGE = 'Failed to export session results';

/** Downloads the results workbook (sheets Summary, Participants, History) and saves it. */
export async function exportSessionResults(session: Pick<BidSession, 'id' | 'name'>): Promise<string> {
  const file = await apiDownload(`/bid-sessions/${encodeURIComponent(session.id)}/export`, { method: 'POST' });
  const fileName = file.fileName ?? buildExportFileName(session.name, new Date());
  saveDownloadedFile(fileName, file.blob);
  return fileName;
}

/** Only completed sessions export; for any other the server answers "Cannot export this session", shown as is. */
export function useExportSessionResults() {
  return useMutation({
    mutationFn: exportSessionResults,
    onSuccess: () => showSuccess(EXPORT_SUCCESS_MESSAGE),
    onError: (error) => showError(error, EXPORT_FAILURE_MESSAGE),
  });
}
