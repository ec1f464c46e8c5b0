import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { saveDownloadedFile } from '../../session-admin/index.ts';

const EXPORT_SUCCESS_MESSAGE = 'Export completed successfully!';
const EXPORT_FAILURE_MESSAGE = 'Failed to export data';

/** Downloads every member and station (sheets Members and Stations) and saves the workbook. */
export async function exportAdminData(): Promise<string> {
  const file = await apiDownload('/admin/export');
  const fileName = file.fileName ?? `stationbid-data-${new Date().toISOString().slice(0, 10)}.xlsx`;
  saveDownloadedFile(fileName, file.blob);
  return fileName;
}

export function useExportAdminData() {
  return useMutation({
    mutationFn: exportAdminData,
    onSuccess: () => showSuccess(EXPORT_SUCCESS_MESSAGE),
    onError: (error) => showError(error, EXPORT_FAILURE_MESSAGE),
  });
}
