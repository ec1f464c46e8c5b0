import type { BidSession } from '@stationbid/domain';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { showError } from '../../../lib/toasts.ts';
import { saveDownloadedFile } from '../utils/save-downloaded-file.ts';

const BID_SHEET_FAILURE_MESSAGE = 'Failed to download the bid sheet';

/** The name used when the server names no file: "spring-bid-2026-bid-sheet.pdf", as the server names it. */
export function buildBidSheetFileName(sessionName: string): string {
  const slug = sessionName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'session'}-bid-sheet.pdf`;
}

/** Downloads the printable PDF bid sheet of a completed session and saves it. */
export async function downloadBidSheet(session: Pick<BidSession, 'id' | 'name'>): Promise<string> {
  const file = await apiDownload(`/bid-sessions/${encodeURIComponent(session.id)}/results.pdf`);
  const fileName = file.fileName ?? buildBidSheetFileName(session.name);
  saveDownloadedFile(fileName, file.blob);
  return fileName;
}

/** The server refuses a session that has not completed, and says so; that message is shown as is. */
export function useDownloadBidSheet() {
  return useMutation({
    mutationFn: downloadBidSheet,
    onError: (error) => showError(error, BID_SHEET_FAILURE_MESSAGE),
  });
}
