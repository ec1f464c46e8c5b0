/**
 * The rules every spreadsheet import shares (members and stations, spec sections 5 and 9): which
 * files are accepted and what a person is told when theirs is not. The browser checks them before
 * uploading so a wrong file fails at once; the server checks them again, and the file's content too.
 */
import { LIMITS } from './constants.ts';

export const IMPORT_FILE_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

export const IMPORT_MESSAGES = {
  fileRequired: 'Please select a file to upload',
  // The spec's text names only Excel files; CSV is accepted too because both templates are CSV.
  fileTypeInvalid: 'Please select a valid spreadsheet file (.xlsx, .xls or .csv)',
  fileTooLarge: 'File size must be less than 5MB',
  fileEmpty: 'The file is empty.',
  uploadFailed: 'Upload failed',
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
