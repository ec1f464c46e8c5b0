/**
 * Builds a CSV file in the browser and hands it to the person as a download (the import templates).
 * Cells are quoted when they hold a comma, a quote or a line break, as RFC 4180 says, so a template
 * opens in any spreadsheet program with its columns intact.
 */
export type CsvCell = string | number;

function toCsvCell(cell: CsvCell): string {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(toCsvCell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, rows: readonly (readonly CsvCell[])[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
