import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.ts';
import { MEMBER_IMPORT_TEMPLATE_COLUMNS } from './schemas/member-import.ts';
import {
  findImportFileProblem,
  findMissingImportColumns,
  findUnstorableCell,
  IMPORT_MESSAGES,
  matchImportHeaders,
  normalizeImportHeader,
  rekeyImportRow,
} from './spreadsheet-import.ts';

describe('findImportFileProblem', () => {
  it('accepts .xlsx, .xls and .csv files, whatever the case of the extension', () => {
    for (const name of ['members.xlsx', 'OLD.XLS', 'stations.csv']) {
      expect(findImportFileProblem({ name, size: 10 })).toBeNull();
    }
  });

  it('asks for a file when none is chosen', () => {
    expect(findImportFileProblem(null)).toBe(IMPORT_MESSAGES.fileRequired);
  });

  it('refuses other file types', () => {
    expect(findImportFileProblem({ name: 'members.pdf', size: 10 })).toBe(IMPORT_MESSAGES.fileTypeInvalid);
    expect(findImportFileProblem({ name: 'xlsx', size: 10 })).toBe(IMPORT_MESSAGES.fileTypeInvalid);
  });

  it('refuses an empty file and one over 5 MB, and accepts exactly 5 MB', () => {
    expect(findImportFileProblem({ name: 'a.csv', size: 0 })).toBe(IMPORT_MESSAGES.fileEmpty);
    expect(findImportFileProblem({ name: 'a.csv', size: LIMITS.importFileMaxBytes + 1 })).toBe(
      IMPORT_MESSAGES.fileTooLarge,
    );
    expect(findImportFileProblem({ name: 'a.csv', size: LIMITS.importFileMaxBytes })).toBeNull();
  });
});

describe('findUnstorableCell', () => {
  const columns = ['name', 'email'];

  it('names the first of the columns whose cell holds a control character or half a surrogate pair', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', 'del\u007f', 'lone \ud800', 'lone \udc00']) {
      expect(findUnstorableCell({ name: 'ok', email: bad }, columns), JSON.stringify(bad)).toBe(
        IMPORT_MESSAGES.unstorableCell('email'),
      );
    }
    expect(findUnstorableCell({ name: '\u0000', email: '\u0000' }, columns)).toBe(
      IMPORT_MESSAGES.unstorableCell('name'),
    );
  });

  it('accepts tabs, line breaks, emoji and accents, and ignores columns it is not given', () => {
    expect(findUnstorableCell({ name: 'Ren\u00e9e\tO\u2019Neil\r\n\ud83d\ude92', email: '' }, columns)).toBeNull();
    expect(findUnstorableCell({ name: 'ok', notes: '\u0000' }, columns)).toBeNull();
  });
});

describe('matchImportHeaders', () => {
  const columns = ['firstName', 'lastName', 'email', 'employeeId', 'phone', 'seat'] as const;
  const aliases = { phone: ['phoneNumber'], seat: ['seatPosition'] };

  it("reads headers written for people as the import's own columns, and the own names as they are", () => {
    const headers = ['First Name', 'last_name', 'E-mail', 'EMPLOYEE ID', 'Phone Number', 'seat position'];
    const match = matchImportHeaders(headers, columns, aliases);
    expect([...match.columns.values()]).toEqual(['firstName', 'lastName', 'email', 'employeeId', 'phone', 'seat']);
    expect(match.unknown).toEqual([]);
    expect(matchImportHeaders(columns, columns, aliases).columns.size).toBe(columns.length);
    for (const written of ['FIRSTNAME', 'first-name', ' First  Name ', 'first.name', 'firstName']) {
      expect(matchImportHeaders([written], columns).columns.get(written), written).toBe('firstName');
    }
  });

  it('reports unknown columns and repeats instead of dropping them, and ignores blank headers', () => {
    const match = matchImportHeaders(['Employee ID', 'Badge colour', '', 'employee_id'], columns);
    expect(match.unknown).toEqual(['Badge colour']);
    expect(match.duplicates).toEqual(['employee_id']);
    expect(findMissingImportColumns(match, ['firstName', 'employeeId'])).toEqual(['firstName']);
  });

  it("re-keys a row by the import's column names", () => {
    const match = matchImportHeaders(['First Name', 'Employee ID', 'Notes'], columns);
    expect(rekeyImportRow({ 'First Name': 'Ada', 'Employee ID': 'FD-1', Notes: 'x' }, match)).toEqual({
      firstName: 'Ada',
      employeeId: 'FD-1',
    });
  });

  it('matches every template column whatever its case, spacing, underscores or hyphens (property)', () => {
    const separators = fc.constantFrom('', ' ', '_', '-', '  ', '.');
    fc.assert(
      fc.property(
        fc.constantFrom(...MEMBER_IMPORT_TEMPLATE_COLUMNS),
        fc.array(fc.boolean(), { maxLength: 40 }),
        separators,
        (column, upper, separator) => {
          // Splits camelCase into words, then rewrites them with the separator and a random case.
          const words = column.split(/(?=[A-Z])/);
          const written = words
            .join(separator)
            .split('')
            .map((letter, index) => (upper[index] ? letter.toUpperCase() : letter.toLowerCase()))
            .join('');
          const match = matchImportHeaders([written], MEMBER_IMPORT_TEMPLATE_COLUMNS);
          expect(match.columns.get(written)).toBe(column);
          expect(normalizeImportHeader(written)).toBe(normalizeImportHeader(column));
        },
      ),
    );
  });
});
