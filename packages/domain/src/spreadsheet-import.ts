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
  /**
   * What the entries of an .xlsx (a zip) may unpack to, all together, as its directory declares
   * them: a department's largest file unpacks to about 16 MB; a zip bomb of 1 MB unpacked to 1 GB.
   */
  maxUnpackedMegabytes: 100,
  /** Files waiting for the one parse that runs at a time; past them an upload is answered 503. */
  maxWaitingParses: 3,
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
  unpacksTooLarge: (megabytes: number) =>
    `The .xlsx file unpacks to ${megabytes.toLocaleString('en-US')} MB; at most ${SPREADSHEET_LIMITS.maxUnpackedMegabytes} MB is read. Remove pictures and other sheets, or save it as .csv, and retry.`,
  parserBusy:
    'The server is reading other spreadsheets right now. Wait a minute, then upload the file again; nothing was imported.',
  unstorableCell: (column: string) =>
    `The ${column} cell contains a control character (such as NUL) that cannot be stored. Remove it from the cell and import the row again.`,
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

/**
 * Whether a cell's text holds what the database cannot store or a person cannot see: a C0 control
 * character other than tab, line feed and carriage return (NUL among them; an .xlsx writes one as
 * `_x0000_`), DEL, or half of a UTF-16 surrogate pair.
 */
function hasUnstorableCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
    if (code === 0x7f) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/**
 * The row error for the first of `columns` whose cell holds a control character, or null. Each
 * import checks its own columns with it before any other check, so a NUL is a row error like any
 * other bad cell (never a 500 from the database), and no message quotes such a cell.
 */
export function findUnstorableCell(values: Record<string, string>, columns: readonly string[]): string | null {
  const column = columns.find((name) => hasUnstorableCharacter(values[name] ?? ''));
  return column === undefined ? null : IMPORT_MESSAGES.unstorableCell(column);
}

/**
 * A header as the import compares it: letters and digits only, in lower case, so "First Name",
 * "first_name", "FIRSTNAME" and "first-name" all read as the template's firstName. Chiefs keep
 * their own sheets, written for people, and an exact-match rule refused them over a space.
 */
export function normalizeImportHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** How a file's header row maps onto an import's columns. */
export interface ImportHeaderMatch {
  /** The header as written in the file → the import's own column name. */
  columns: ReadonlyMap<string, string>;
  /** Headers that name no column of the import, as written (reported, never silently dropped). */
  unknown: string[];
  /** Headers naming a column an earlier header already named, as written (the first one is read). */
  duplicates: string[];
}

/**
 * Matches a header row to `columns` (the import's own names, which keep working as they are) and
 * their `aliases` (other names people write, e.g. phoneNumber for phone), by normalizeImportHeader.
 * Empty headers are neither matched nor reported: a sheet often has blank columns at its edge.
 */
export function matchImportHeaders(
  headers: readonly string[],
  columns: readonly string[],
  aliases: Readonly<Record<string, readonly string[]>> = {},
): ImportHeaderMatch {
  const byNormalized = new Map<string, string>();
  for (const column of columns) {
    byNormalized.set(normalizeImportHeader(column), column);
    for (const alias of aliases[column] ?? []) byNormalized.set(normalizeImportHeader(alias), column);
  }
  const matched = new Map<string, string>();
  const named = new Set<string>();
  const unknown: string[] = [];
  const duplicates: string[] = [];
  for (const header of headers) {
    const normalized = normalizeImportHeader(header);
    if (normalized === '') continue;
    const column = byNormalized.get(normalized);
    if (column === undefined) unknown.push(header);
    else if (named.has(column)) duplicates.push(header);
    else {
      named.add(column);
      matched.set(header, column);
    }
  }
  return { columns: matched, unknown, duplicates };
}

/** The import's columns of `required` that no header names. */
export function findMissingImportColumns(match: ImportHeaderMatch, required: readonly string[]): string[] {
  const named = new Set(match.columns.values());
  return required.filter((column) => !named.has(column));
}

/** A row keyed by the file's headers, keyed by the import's own column names instead. */
export function rekeyImportRow(
  values: Readonly<Record<string, string>>,
  match: ImportHeaderMatch,
): Record<string, string> {
  const rekeyed: Record<string, string> = {};
  for (const [header, column] of match.columns) rekeyed[column] = values[header] ?? '';
  return rekeyed;
}
