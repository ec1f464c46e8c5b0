import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.ts';
import { findImportFileProblem, IMPORT_MESSAGES } from './spreadsheet-import.ts';

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
