import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.ts';
import { findImportFileProblem, findUnstorableCell, IMPORT_MESSAGES } from './spreadsheet-import.ts';

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
