/**
 * Spreadsheet bombs (docs/security.md, finding 6): a tiny .xlsx that declares a huge sheet, a CSV
 * a hundred thousand columns wide, and one with more rows than any department has. Each is read
 * in a worker thread within limits, refused with 422 and a reason a person can act on, or read as
 * the few cells it really has; meanwhile the server keeps answering everyone else.
 *
 * Zip bombs and memory: an .xlsx that unpacks to 200 MB is refused from its zip
 * directory; one whose headers understate its sheet is read within bounded memory; one file is
 * parsed at a time (a second waits, past the waiting room 503); a NUL in a cell is a row error.
 */
import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES, SPREADSHEET_LIMITS, STATION_IMPORT_REQUIRED_COLUMNS } from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, SPREADSHEET_CONTENT_TYPES } from '../test/multipart.ts';
import { createAdmin, createTestContext, injectAs, type SignedIn, signIn, type TestContext } from '../test/test-app.ts';
import { xlsxUnderstatingItsSheet, xlsxUnpackingTo } from '../test/zip-bombs.ts';
import { spreadsheetParses } from './spreadsheet.ts';

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

/** A one-station .xlsx (a real workbook, as a spreadsheet program writes it). */
function stationsXlsx(rows: (string | number)[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Stations');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The import's answer, and the most the process's resident memory grew while it ran. */
async function importWatchingMemory(fileName: string, content: Buffer) {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const response = await importStations(fileName, content, SPREADSHEET_CONTENT_TYPES.xlsx);
    return { response, grewMegabytes: (peak - baseline) / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}

describe('zip bombs, memory and one parse at a time', () => {
  const header = [...STATION_IMPORT_REQUIRED_COLUMNS];

  it('refuses an .xlsx of a few hundred kB that unpacks to 200 MB with 422 and a clear message, before inflating it', async () => {
    const bomb = xlsxUnpackingTo(200, [header, ['Bomb Flats', 902, '2 Bomb Rd', 3, 1, 1, 1]]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { response, grewMegabytes } = await importWatchingMemory('bomb.xlsx', bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'SPREADSHEET_TOO_LARGE', error: IMPORT_MESSAGES.unpacksTooLarge(201) });
    expect(IMPORT_MESSAGES.unpacksTooLarge(201)).toContain(`at most ${SPREADSHEET_LIMITS.maxUnpackedMegabytes} MB`);
    expect(grewMegabytes).toBeLessThan(100);
  });

  it('reads an .xlsx whose headers understate its sheet (256 MB said to be 1 kB) within bounded memory, and refuses it with 400', async () => {
    const liar = await xlsxUnderstatingItsSheet(256, [header, ['Liar Lane', 903, '3 Liar Rd', 3, 1, 1, 1]]);
    expect(liar.length).toBeLessThan(2 * 1024 * 1024);
    const { response, grewMegabytes } = await importWatchingMemory('liar.xlsx', liar);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error).toEqual(expect.any(String));
    // The reader that trusted the local header inflated all 256 MB, and more while it grew.
    expect(grewMegabytes).toBeLessThan(200);
  });

  it('imports two files sent at once: one parse runs, the other waits its turn, both finish', async () => {
    spreadsheetParses.resetPeaks();
    const [first, second] = await Promise.all([
      importStations(
        'first.xlsx',
        stationsXlsx([header, ['Queue One', 911, '11 Queue St', 3, 1, 1, 1]]),
        SPREADSHEET_CONTENT_TYPES.xlsx,
      ),
      importStations(
        'second.csv',
        `${stationsHeader()}\nQueue Two,912,12 Queue St,3,1,1,1\n`,
        SPREADSHEET_CONTENT_TYPES.csv,
      ),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    expect(first?.json().results).toMatchObject({ created: 1, errors: [] });
    expect(second?.json().results).toMatchObject({ created: 1, errors: [] });
    expect(spreadsheetParses.peaks).toEqual({ running: 1, waiting: 1 });
  });

  it(`answers 503 with Retry-After and a clear message while ${SPREADSHEET_LIMITS.maxWaitingParses} files wait, and imports once they are done`, async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // One parse running and the waiting room full.
    const held = Array.from({ length: SPREADSHEET_LIMITS.maxWaitingParses + 1 }, () =>
      spreadsheetParses.run(() => gate),
    );
    try {
      const refused = await importStations(
        'busy.csv',
        `${stationsHeader()}\nBusy Corner,921,21 Busy St,3,1,1,1\n`,
        SPREADSHEET_CONTENT_TYPES.csv,
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: IMPORT_MESSAGES.parserBusy });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      release();
      await Promise.all(held);
    }
    const accepted = await importStations(
      'busy.csv',
      `${stationsHeader()}\nBusy Corner,921,21 Busy St,3,1,1,1\n`,
      SPREADSHEET_CONTENT_TYPES.csv,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().results).toMatchObject({ created: 1, errors: [] });
  });

  it('answers a NUL inside an .xlsx cell with a row error, and imports the other rows', async () => {
    const file = stationsXlsx([
      header,
      ['Null\u0000Point', 931, '31 Null Rd', 3, 1, 1, 1],
      ['Clean Point', 932, '32 Clean Rd', 3, 1, 1, 1],
    ]);
    const response = await importStations('nul.xlsx', file, SPREADSHEET_CONTENT_TYPES.xlsx);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toMatchObject({
      created: 1,
      total: 2,
      errors: [{ row: 2, error: IMPORT_MESSAGES.unstorableCell('name') }],
    });
  });
});
