/**
 * Parses one uploaded spreadsheet in a worker thread (lib/spreadsheet.ts starts it), so that a
 * file that is slow to read holds up this thread only, never the server's event loop, and can be
 * stopped when it takes too long. Plain JavaScript: it runs as it is under tsx in development and
 * next to the compiled server in production.
 *
 * The sheet is bounded before it is walked: its declared range (`<dimension>`, which a tiny file
 * can set to a million rows by 16,384 columns) is replaced by the range of the cells it really
 * has, and rows, columns and cells beyond the limits are refused instead of read.
 *
 * An .xlsx is unpacked here, not by the spreadsheet library: that one sizes what it inflates by
 * each entry's local header, which a zip bomb may leave at 0 ("unknown") and then inflate without
 * end. fflate inflates each entry into a buffer of the size the zip's central directory declares
 * (the sizes lib/spreadsheet.ts checked before sending the file here), never more; the entries are then
 * stored, uncompressed, in a new zip that the library reads without inflating anything.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { unzipSync, zipSync } from 'fflate';

/** @typedef {{ maxRows: number, maxColumns: number, maxCells: number }} Limits */

/**
 * The .xlsx's entries, unpacked to the sizes its directory declares, as a zip of stored entries.
 * @param {Uint8Array} content
 * @returns {{ zip: Uint8Array } | { problem: 'unreadable' }}
 */
function unpackXlsx(content) {
  try {
    return { zip: zipSync(unzipSync(content), { level: 0 }) };
  } catch {
    return { problem: 'unreadable' };
  }
}

/** @param {XLSX.WorkSheet} sheet */
function actualRange(sheet) {
  let maxRow = -1;
  let maxColumn = -1;
  let cells = 0;
  for (const address of Object.keys(sheet)) {
    if (address.startsWith('!')) continue;
    const cell = XLSX.utils.decode_cell(address);
    cells += 1;
    if (cell.r > maxRow) maxRow = cell.r;
    if (cell.c > maxColumn) maxColumn = cell.c;
  }
  return { rows: maxRow + 1, columns: maxColumn + 1, cells };
}

/**
 * @param {{ kind: 'xlsx' | 'xls' | 'csv', content: Uint8Array, limits: Limits }} input
 * @returns {{ grid: unknown[][] } | { problem: 'unreadable' | 'no-sheet' | 'rows' | 'columns' | 'cells', count?: number }}
 */
function parse({ kind, content, limits }) {
  // One row more than allowed is read, to tell "too many" from "just enough".
  const sheetRows = limits.maxRows + 2;
  let data = content;
  if (kind === 'xlsx') {
    const unpacked = unpackXlsx(content);
    if (!('zip' in unpacked)) return unpacked;
    data = unpacked.zip;
  }
  let workbook;
  try {
    workbook =
      kind === 'csv'
        ? XLSX.read(
            Buffer.from(content)
              .toString('utf8')
              .replace(/^\uFEFF/, ''),
            {
              type: 'string',
              raw: true,
              cellFormula: false,
              sheetRows,
            },
          )
        : XLSX.read(data, { type: 'buffer', cellFormula: false, cellHTML: false, sheetRows });
  } catch {
    return { problem: 'unreadable' };
  }
  const firstSheetName = workbook.SheetNames[0];
  const sheet = firstSheetName ? workbook.Sheets[firstSheetName] : undefined;
  if (!sheet) return { problem: 'no-sheet' };
  const range = actualRange(sheet);
  if (range.rows > limits.maxRows + 1) return { problem: 'rows' };
  if (range.columns > limits.maxColumns) return { problem: 'columns', count: range.columns };
  if (range.cells > limits.maxCells) return { problem: 'cells', count: range.cells };
  if (range.cells === 0) return { grid: [] };
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: range.rows - 1, c: range.columns - 1 } });
  return { grid: XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: false }) };
}

parentPort?.postMessage(parse(workerData));
