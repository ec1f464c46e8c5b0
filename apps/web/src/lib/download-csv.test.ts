import { describe, expect, it } from 'vitest';
import { toCsv } from './download-csv.ts';

describe('toCsv', () => {
  it('joins cells with commas and rows with CRLF, ending with a line break', () => {
    expect(
      toCsv([
        ['firstName', 'yearsOfService'],
        ['Ana', 12],
      ]),
    ).toBe('firstName,yearsOfService\r\nAna,12\r\n');
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    expect(toCsv([['12 Main St, Springfield', 'say "hi"', 'two\nlines']])).toBe(
      '"12 Main St, Springfield","say ""hi""","two\nlines"\r\n',
    );
  });
});
