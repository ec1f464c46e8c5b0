/** Hands a file the API sent (an export) to the person as a download. */
export function saveDownloadedFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The name used when the server names no file: the session name made safe for any file system,
 * and a timestamp, e.g. "Spring_Station_Bid_2026-03-01T09-30-00.xlsx".
 */
export function buildExportFileName(sessionName: string, at: Date): string {
  const safeName = sessionName.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '') || 'bid_session';
  const stamp = at.toISOString().slice(0, 19).replaceAll(':', '-');
  return `${safeName}_${stamp}.xlsx`;
}
