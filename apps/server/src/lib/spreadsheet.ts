/**
 * Reading an uploaded spreadsheet (.xlsx, .xls or .csv) into rows, after checking that its
 * content really is what its name says. A file that cannot be read is refused whole, so an
 * import never half-reads a damaged file.
 *
 * Memory is bounded, because a small .xlsx can unpack to far more (one of 1 MB unpacked to 1 GB and
 * took an unbounded server to 2.45 GB, two at once to 3.3 GB): an .xlsx whose zip directory declares more than
 * SPREADSHEET_LIMITS.maxUnpackedMegabytes is refused before anything is inflated; the worker
 * inflates each entry into a buffer of its declared size, never more; its heap is limited; and one
 * parse runs at a time, with at most SPREADSHEET_LIMITS.maxWaitingParses files waiting (503 past them).
 */

import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { findImportFileProblem, IMPORT_MESSAGES, SPREADSHEET_LIMITS } from '@stationbid/domain';
import { unzipSync } from 'fflate';
import { AppError, badRequest } from './app-error.ts';
import { OneAtATime } from './one-at-a-time.ts';

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

const MEGABYTE = 1024 * 1024;

const unreadableMessage = (kind: SpreadsheetKind) =>
  `The file could not be read as a .${kind} spreadsheet. Check that it is not damaged.`;

/**
 * Refuses an .xlsx whose entries declare, in the zip's central directory, more than the limit
 * unpacked (422), or that is no zip at all (400). Reads the directory only: nothing is inflated.
 * The worker holds every entry to its declared size, so a zip that understates one gains nothing.
 */
export function refuseXlsxUnpackingTooLarge(content: Buffer): void {
  let unpackedBytes = 0;
  try {
    unzipSync(content, {
      filter: (entry) => {
        unpackedBytes += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw badRequest(unreadableMessage('xlsx'));
  }
  if (unpackedBytes > SPREADSHEET_LIMITS.maxUnpackedMegabytes * MEGABYTE) {
    throw new AppError('SPREADSHEET_TOO_LARGE', IMPORT_MESSAGES.unpacksTooLarge(Math.ceil(unpackedBytes / MEGABYTE)));
  }
}

type ParseResult =
  | { grid: unknown[][] }
  | { problem: 'unreadable' | 'no-sheet' | 'rows' | 'columns' | 'cells' | 'timeout'; count?: number };

/** The worker that parses (plain JavaScript beside this file, also next to the compiled server). */
const PARSE_WORKER = path.join(import.meta.dirname, 'spreadsheet-worker.mjs');
/**
 * Heap for one parse: a file whose cells take more is stopped, not the server. Beside it the
 * worker holds the upload (5 MB at most) and its unpacked entries (maxUnpackedMegabytes at most,
 * and once more as the stored zip the parser reads).
 */
const PARSE_WORKER_HEAP_MB = 512;
const PARSE_WORKER_YOUNG_GENERATION_MB = 32;

/** One parse at a time in this process; the others wait their turn (a few at most). */
export const spreadsheetParses = new OneAtATime(SPREADSHEET_LIMITS.maxWaitingParses);
/** What a refused upload is told to wait, in seconds: about the time the waiting parses may take. */
const PARSER_BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * Parses in a worker thread with a time and a memory limit, so a spreadsheet bomb (a tiny file
 * that declares a huge sheet, a CSV a million columns wide, a zip that unpacks to gigabytes) costs
 * the server's event loop nothing and is refused when it takes too long (docs/security.md, 6).
 */
function parseInWorker(kind: SpreadsheetKind, content: Buffer): Promise<ParseResult> {
  return new Promise((resolve) => {
    const worker = new Worker(PARSE_WORKER, {
      workerData: {
        kind,
        content,
        limits: SPREADSHEET_LIMITS,
      },
      resourceLimits: {
        maxOldGenerationSizeMb: PARSE_WORKER_HEAP_MB,
        maxYoungGenerationSizeMb: PARSE_WORKER_YOUNG_GENERATION_MB,
      },
      // Plain JavaScript: none of the parent's loaders (tsx, a test runner's) are wanted in it.
      execArgv: [],
    });
    let isSettled = false;
    const settle = (result: ParseResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      // Answered once the worker is gone, so the next parse never starts beside its memory.
      worker.terminate().then(
        () => resolve(result),
        () => resolve(result),
      );
    };
    const timer = setTimeout(() => settle({ problem: 'timeout' }), SPREADSHEET_LIMITS.maxReadMilliseconds);
    worker.once('message', (result: ParseResult) => settle(result));
    // Out of memory counts as too large; any other failure as unreadable.
    worker.once('error', (error: NodeJS.ErrnoException) =>
      settle({ problem: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'cells' : 'unreadable' }),
    );
    worker.once('exit', () => settle({ problem: 'unreadable' }));
  });
}

function refuseParse(kind: SpreadsheetKind, result: Exclude<ParseResult, { grid: unknown[][] }>): never {
  switch (result.problem) {
    case 'unreadable':
      throw badRequest(unreadableMessage(kind));
    case 'no-sheet':
      throw badRequest('The spreadsheet has no sheets.');
    case 'rows':
      throw new AppError('SPREADSHEET_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
    case 'columns':
      throw new AppError('SPREADSHEET_TOO_LARGE', IMPORT_MESSAGES.tooManyColumns(result.count ?? 0));
    case 'cells':
      throw new AppError('SPREADSHEET_TOO_LARGE', IMPORT_MESSAGES.tooManyCells);
    case 'timeout':
      throw new AppError('SPREADSHEET_TOO_LARGE', IMPORT_MESSAGES.tooSlowToRead);
  }
}

/**
 * The first sheet's header row and its rows, keyed by that header row. Formulas are never
 * evaluated: cells are read as the text they show. Parsed beside the event loop, within
 * SPREADSHEET_LIMITS, one file at a time: 503 with Retry-After when SPREADSHEET_LIMITS.maxWaitingParses
 * files already wait.
 */
export async function readSpreadsheet(
  fileName: string,
  content: Buffer,
): Promise<{ headers: string[]; rows: SpreadsheetRow[] }> {
  const kind = detectSpreadsheetKind(fileName, content);
  if (kind === 'xlsx') refuseXlsxUnpackingTooLarge(content);
  const parsed = await spreadsheetParses.run(() => parseInWorker(kind, content));
  if (!parsed) {
    throw new AppError('SERVICE_UNAVAILABLE', IMPORT_MESSAGES.parserBusy, {
      retryAfterSeconds: PARSER_BUSY_RETRY_AFTER_SECONDS,
    });
  }
  const result = parsed.result;
  if (!('grid' in result)) refuseParse(kind, result);
  const [headerRow, ...dataRows] = result.grid;
  const headers = (headerRow ?? []).map((cell) => String(cell ?? '').trim());
  const rows = dataRows
    .map((cells, index) => ({
      rowNumber: index + 2,
      values: Object.fromEntries(headers.map((header, column) => [header, String(cells[column] ?? '').trim()])),
    }))
    .filter((row) => Object.values(row.values).some((value) => value !== ''));
  return { headers, rows };
}

/** A CSV cell that a spreadsheet program would run as a formula is prefixed with a quote. */
export function escapeSpreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
