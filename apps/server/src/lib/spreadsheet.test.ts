/**
 * Spreadsheet bombs (docs/security.md, finding 6): a tiny .xlsx that declares a huge sheet, a CSV
 * a hundred thousand columns wide, and one with more rows than any department has. Each is read
 * in a worker thread within limits, refused with 422 and a reason a person can act on, or read as
 * the few cells it really has; meanwhile the server keeps answering everyone else.
 */
import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES, SPREADSHEET_LIMITS, STATION_IMPORT_REQUIRED_COLUMNS } from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, SPREADSHEET_CONTENT_TYPES } from '../test/multipart.ts';
import { createAdmin, createTestContext, injectAs, type SignedIn, signIn, type TestContext } from '../test/test-app.ts';

let context: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
});
afterAll(async () => context?.close());

function importStations(fileName: string, content: Buffer | string, contentType: string) {
  const { payload, headers } = multipartFile('file', fileName, content, contentType);
  return injectAs(context, admin, { method: 'POST', url: '/api/admin/import-stations', payload, headers });
}

/** Uploads a stations file while another client asks for /api/health every 20 ms; the slowest answer too. */
async function importWhileWatchingHealth(fileName: string, content: Buffer | string, contentType: string) {
  let isDone = false;
  const importing = importStations(fileName, content, contentType).finally(() => {
    isDone = true;
  });
  let slowestHealthMs = 0;
  let healthChecks = 0;
  while (!isDone) {
    const started = performance.now();
    const health = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
    healthChecks += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { response: await importing, slowestHealthMs, healthChecks };
}

/**
 * An .xlsx of these rows whose sheet declares `<dimension ref="A1:XFD1048576">`, as a hostile or
 * broken file can: a few kB that a naive reader walks as 17 billion cells. The zip is edited, not
 * written by the library, which would itself walk the declared range.
 */
function xlsxDeclaringHugeSheet(rows: (string | number)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Stations');
  const zip = XLSX.CFB.read(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }), { type: 'buffer' });
  const sheetIndex = zip.FullPaths.findIndex((entryPath: string) => entryPath.endsWith('xl/worksheets/sheet1.xml'));
  const sheetEntry = zip.FileIndex[sheetIndex];
  if (!sheetEntry) throw new Error('the written workbook has no sheet1.xml');
  const xml = Buffer.from(sheetEntry.content as Uint8Array).toString('utf8');
  const bombed = xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>');
  if (bombed === xml) throw new Error('sheet1.xml has no <dimension> to replace');
  sheetEntry.content = Buffer.from(bombed);
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer;
}

function stationsHeader(): string {
  return STATION_IMPORT_REQUIRED_COLUMNS.join(',');
}

describe('spreadsheet bombs', () => {
  it('reads a tiny .xlsx that declares a sheet of a million rows by 16,384 columns as the cells it has', async () => {
    const file = xlsxDeclaringHugeSheet([
      [...STATION_IMPORT_REQUIRED_COLUMNS],
      ['Bomb Hill', 901, '1 Bomb Rd', 3, 1, 1, 1],
    ]);
    expect(file.length).toBeLessThan(20_000);

    const { response, slowestHealthMs } = await importWhileWatchingHealth(
      'bomb.xlsx',
      file,
      SPREADSHEET_CONTENT_TYPES.xlsx,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toMatchObject({ created: 1, total: 1, errors: [] });
    expect(slowestHealthMs).toBeLessThan(200);
  });

  it('refuses a CSV wider than the columns it reads with 422, while the server keeps answering', async () => {
    const columns = 100_000;
    const wide = `${Array.from({ length: columns }, (_, index) => `c${index}`).join(',')}\n`;
    const { response, slowestHealthMs, healthChecks } = await importWhileWatchingHealth(
      'wide.csv',
      wide,
      SPREADSHEET_CONTENT_TYPES.csv,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'SPREADSHEET_TOO_LARGE',
      error: IMPORT_MESSAGES.tooManyColumns(columns),
    });
    expect(healthChecks).toBeGreaterThan(0);
    expect(slowestHealthMs).toBeLessThan(200);
  });

  it('refuses more rows than it reads with 422 and says to split the file', async () => {
    const row = 'x,1,,,,';
    const rows = Array.from({ length: SPREADSHEET_LIMITS.maxRows + 5 }, () => row).join('\n');
    const { response, slowestHealthMs } = await importWhileWatchingHealth(
      'tall.csv',
      `${stationsHeader()}\n${rows}\n`,
      SPREADSHEET_CONTENT_TYPES.csv,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'SPREADSHEET_TOO_LARGE', error: IMPORT_MESSAGES.tooManyRows });
    expect(slowestHealthMs).toBeLessThan(200);
  });

  it('still says which columns are missing from an ordinary file', async () => {
    const response = await importStations('stations.csv', 'Name\nStation 1\n', SPREADSHEET_CONTENT_TYPES.csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('The file is missing required columns');
  });
});
