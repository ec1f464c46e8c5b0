/**
 * Reading an uploaded spreadsheet (.xlsx, .xls or .csv) into rows, after checking that its
 * content really is what its name says. A file that cannot be read is refused whole, so an
 * import never half-reads a damaged file.
 */

import * as XLSX from '@e965/xlsx';
import { findImportFileProblem, IMPORT_MESSAGES } from '@stationbid/domain';
import { AppError, badRequest } from './app-error.ts';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

export interface SpreadsheetRow {
  /** The row's number as a spreadsheet program shows it (the header is row 1). */
  rowNumber: number;
  /** Cell text by column name, trimmed; a missing cell is ''. */
  values: Record<string, string>;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (buffer: Buffer, magic: number[]) => magic.every((byte, index) => buffer[index] === byte);

function kindFromName(fileName: string): SpreadsheetKind | undefined {
  const extension = fileName.toLowerCase().split('.').pop();
  return extension === 'xlsx' || extension === 'xls' || extension === 'csv' ? extension : undefined;
}

function looksLikeText(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, 64 * 1024));
    return true;
  } catch {
    // Latin-1 CSV from older spreadsheet programs is still text if it has no control bytes.
    return !buffer.subarray(0, 64 * 1024).some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20));
  }
}

/** Checks name, size and content; answers which kind of spreadsheet it is. */
export function detectSpreadsheetKind(fileName: string, content: Buffer): SpreadsheetKind {
  const problem = findImportFileProblem({ name: fileName, size: content.length });
  if (problem === IMPORT_MESSAGES.fileTooLarge) throw new AppError('PAYLOAD_TOO_LARGE', problem);
  if (problem !== null) throw badRequest(problem);
  const kind = kindFromName(fileName);
  if (!kind) throw badRequest(IMPORT_MESSAGES.fileTypeInvalid);
  const isContentRight =
    kind === 'xlsx'
      ? startsWith(content, ZIP_MAGIC)
      : kind === 'xls'
        ? startsWith(content, OLE_MAGIC)
        : looksLikeText(content);
  if (!isContentRight) {
    throw badRequest(`The file's content is not a valid .${kind} spreadsheet. Save it again as .${kind} and retry.`);
  }
  return kind;
}

/**
 * The first sheet's rows, keyed by the header row. Formulas are never evaluated: cells are
 * read as the text they show.
 */
export function readSpreadsheetRows(
  fileName: string,
  content: Buffer,
  requiredColumns: readonly string[],
): SpreadsheetRow[] {
  const kind = detectSpreadsheetKind(fileName, content);
  let workbook: XLSX.WorkBook;
  try {
    workbook =
      kind === 'csv'
        ? XLSX.read(content.toString('utf8').replace(/^\uFEFF/, ''), { type: 'string', raw: true, cellFormula: false })
        : XLSX.read(content, { type: 'buffer', cellFormula: false, cellHTML: false });
  } catch {
    throw badRequest(`The file could not be read as a .${kind} spreadsheet. Check that it is not damaged.`);
  }
  const firstSheetName = workbook.SheetNames[0];
  const sheet = firstSheetName ? workbook.Sheets[firstSheetName] : undefined;
  if (!sheet) throw badRequest('The spreadsheet has no sheets.');

  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  const [headerRow, ...dataRows] = grid;
  const headers = (headerRow ?? []).map((cell) => String(cell ?? '').trim());
  const missing = requiredColumns.filter((column) => !headers.includes(column));
  if (missing.length > 0) {
    throw badRequest(`The file is missing required columns: ${missing.join(', ')}`, { missingColumns: missing });
  }
  return dataRows
    .map((cells, index) => ({
      rowNumber: index + 2,
      values: Object.fromEntries(headers.map((header, column) => [header, String(cells[column] ?? '').trim()])),
    }))
    .filter((row) => Object.values(row.values).some((value) => value !== ''));
}

/** A CSV cell that a spreadsheet program would run as a formula is prefixed with a quote. */
export function escapeSpreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
