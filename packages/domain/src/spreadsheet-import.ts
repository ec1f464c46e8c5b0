/**
 * The rules every spreadsheet import shares (members and stations): which
 * files are accepted and what a person is told when theirs is not. The browser checks them before
 * uploading so a wrong file fails at once; the server checks them again, and the file's content too.
 */
import { LIMITS } from './constants.ts';

export const IMPORT_FILE_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

/**
 * What the server reads of one spreadsheet at most. A department's largest file (20,000 members,
 * about 20 columns) is well within; a file past them is refused before it is walked.
 */
export const SPREADSHEET_LIMITS = {
  maxRows: 50_000,
  maxColumns: 100,
  maxCells: 2_000_000,
  /** Reading a file may take this long (it runs in a worker thread, beside the server). */
  maxReadMilliseconds: 20_000,
} as const;

export const IMPORT_MESSAGES = {
  fileRequired: 'Please select a file to upload',
  // The spec's text names only Excel files; CSV is accepted too because both templates are CSV.
  fileTypeInvalid: 'Please select a valid spreadsheet file (.xlsx, .xls or .csv)',
  fileTooLarge: 'File size must be less than 5MB',
  fileEmpty: 'The file is empty.',
  uploadFailed: 'Upload failed',
  tooManyRows: `The spreadsheet has more than ${SPREADSHEET_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  tooManyColumns: (columns: number) =>
    `The spreadsheet has ${columns.toLocaleString('en-US')} columns; at most ${SPREADSHEET_LIMITS.maxColumns} are read. Remove the empty or extra columns and retry.`,
  tooManyCells: `The spreadsheet has more than ${SPREADSHEET_LIMITS.maxCells.toLocaleString('en-US')} filled cells. Split it into smaller files.`,
  tooSlowToRead:
    'The spreadsheet took too long to read (it may declare far more rows or columns than it has). Save it again as .csv and retry.',
} as const;

/** What is wrong with a chosen file by its name and size, or null when it may be uploaded. */
export function findImportFileProblem(file: { name: string; size: number } | null): string | null {
  if (file === null) return IMPORT_MESSAGES.fileRequired;
  const name = file.name.toLowerCase();
  if (!IMPORT_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return IMPORT_MESSAGES.fileTypeInvalid;
  if (file.size === 0) return IMPORT_MESSAGES.fileEmpty;
  if (file.size > LIMITS.importFileMaxBytes) return IMPORT_MESSAGES.fileTooLarge;
  return null;
}
