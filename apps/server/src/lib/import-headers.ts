/**
 * A spreadsheet's rows keyed by an import's own column names, whatever the case and spacing of its
 * headers ("First Name" is firstName: packages/domain/src/spreadsheet-import.ts), and the headers
 * the import does not read. Both imports (members, stations) read their files through here.
 */
import { findMissingImportColumns, matchImportHeaders, rekeyImportRow } from '@stationbid/domain';
import { badRequest } from './app-error.ts';
import { readSpreadsheet, type SpreadsheetRow } from './spreadsheet.ts';

export interface MatchedSpreadsheet {
  rows: SpreadsheetRow[];
  /** Headers naming no column of the import (and repeats of one), as written. */
  unknownColumns: string[];
}

/** Throws 400 naming the missing required columns, like an exact header row did; other refusals as readSpreadsheet. */
export async function readMatchedSpreadsheetRows(
  fileName: string,
  content: Buffer,
  columns: {
    all: readonly string[];
    required: readonly string[];
    aliases?: Readonly<Record<string, readonly string[]>>;
  },
): Promise<MatchedSpreadsheet> {
  // The header row is checked even when no row follows: a file that is not the sheet asked for
  // (or not a sheet at all) is refused for its missing columns, not taken for an empty import.
  const { headers, rows } = await readSpreadsheet(fileName, content);
  const match = matchImportHeaders(headers, columns.all, columns.aliases);
  const missing = findMissingImportColumns(match, columns.required);
  if (missing.length > 0) {
    throw badRequest(`The file is missing required columns: ${missing.join(', ')}`, { missingColumns: missing });
  }
  return {
    rows: rows.map((row) => ({ rowNumber: row.rowNumber, values: rekeyImportRow(row.values, match) })),
    unknownColumns: [...match.unknown, ...match.duplicates],
  };
}
