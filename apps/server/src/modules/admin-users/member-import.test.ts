import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, outbox, passwordTokens, seats } from '../../db/schema/index.ts';
import { multipartFile, SPREADSHEET_CONTENT_TYPES } from '../../test/multipart.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { describeImportResult } from './member-import.service.ts';

let context: TestContext;
let adminSession: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  const admin = await createAdmin(context);
  adminSession = await signIn(context, admin.email);
});
afterAll(async () => {
  await context.close();
});

const CSV_TYPE = SPREADSHEET_CONTENT_TYPES.csv;
const XLSX_TYPE = SPREADSHEET_CONTENT_TYPES.xlsx;
const XLS_TYPE = SPREADSHEET_CONTENT_TYPES.xls;

function upload(fileName: string, content: Buffer | string, contentType: string = CSV_TYPE, fieldName = 'file') {
  const { payload, headers } = multipartFile(fieldName, fileName, content, contentType);
  return injectAs(context, adminSession, { method: 'POST', url: '/api/admin/import-users', payload, headers });
}

const HEADER = 'firstName,lastName,email,employeeId,rank,position,yearsOfService';

function workbook(rows: (string | number)[][], bookType: 'xlsx' | 'biff8'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Members');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const memberCount = async () => (await context.db.select({ id: members.id }).from(members)).length;

describe('POST /api/admin/import-users', () => {
  it('imports a CSV of 20 members with two bad rows: 18 created, 2 errors with their row numbers', async () => {
    const lines = [HEADER];
    for (let index = 1; index <= 20; index++) {
      lines.push(`First${index},Last${index},csv${index}@test.example,CSV-${index},Captain,Paramedic,${index}`);
    }
    lines[5] = 'First5,Last5,csv5@test.example,CSV-5,Admiral,Paramedic,5'; // row 6: unknown rank
    lines[12] = 'First12,Last12,csv12@test.example,CSV-12,Engineer,EMT,51'; // row 13: years out of range
    const response = await upload('members.csv', lines.join('\n'));
    expect(response.statusCode).toBe(200);
    const { results, message } = response.json();
    expect(results).toEqual({
      created: 18,
      skipped: 2,
      emailsSent: 0,
      emailsFailed: 0,
      emailsQueued: 18,
      total: 20,
      errors: [
        { row: 6, error: expect.stringContaining('Unknown rank "Admiral"') },
        { row: 13, error: 'Years of service must be a whole number from 0 to 50 (found "51")' },
      ],
      updated: 0,
      unchanged: 0,
      changes: expect.any(Array),
      unknownColumns: [],
      dryRun: false,
    });
    expect(message).toMatch(/^Import completed! 18 users created, 2 skipped\./);
    expect(message).toMatch(
      /18 password-setup e-mails are queued in the outbox; e-mail delivery is not configured yet\./,
    );

    const [imported] = await context.db.select().from(members).where(eq(members.employeeId, 'CSV-12'));
    expect(imported).toBeUndefined();
    const [first] = await context.db.select().from(members).where(eq(members.employeeId, 'CSV-1'));
    expect(first).toMatchObject({
      email: 'csv1@test.example',
      rank: 'Captain',
      position: 'Paramedic',
      yearsOfService: 1,
      passwordHash: null,
    });
    expect(await context.db.select().from(passwordTokens).where(eq(passwordTokens.memberId, first!.id))).toHaveLength(
      1,
    );
    expect(await context.db.select().from(outbox).where(eq(outbox.memberId, first!.id))).toHaveLength(1);
  });

  it('skips duplicates in the database and earlier in the file, whatever the case of the e-mail', async () => {
    await createMember(context, { email: 'existing@test.example', employeeId: 'EX-1' });
    const csv = [
      HEADER,
      'A,One,EXISTING@test.example,DUP-1,,,', // row 2: e-mail taken in the database
      'B,Two,dup2@test.example,EX-1,,,', // row 3: employee ID taken in the database
      'C,Three,dup3@test.example,DUP-3,,,', // row 4: created
      'D,Four,Dup3@Test.Example,DUP-4,,,', // row 5: e-mail of row 4
      'E,Five,dup5@test.example,DUP-3,,,', // row 6: employee ID of row 4
    ].join('\n');
    const { results } = (await upload('dups.csv', csv)).json();
    expect(results).toMatchObject({ created: 1, skipped: 4, total: 5 });
    expect(results.errors).toEqual([
      { row: 2, error: 'Skipped: email existing@test.example already belongs to an existing user' },
      { row: 3, error: 'Skipped: employee ID EX-1 already belongs to an existing user' },
      { row: 5, error: 'Skipped: email dup3@test.example already belongs to row 4 of this file' },
      { row: 6, error: 'Skipped: employee ID DUP-3 already belongs to row 4 of this file' },
    ]);
    const [created] = await context.db.select().from(members).where(eq(members.employeeId, 'DUP-3'));
    // Blank optional cells take the defaults.
    expect(created).toMatchObject({ rank: 'Firefighter', position: 'Firefighter', yearsOfService: 0 });
  });

  it('reports every problem of a bad row and never stops the good ones', async () => {
    const csv = [
      HEADER,
      ',,not-an-email,,Chief,Pilot,2.5', // row 2
      'Good,Row,good.row@test.example,GOOD-1,captain,paramedic,7', // row 3: names match whatever the case
      'Bad,Years,bad.years@test.example,BAD-1,Engineer,EMT,ten', // row 4
    ].join('\n');
    const { results } = (await upload('mixed.csv', csv)).json();
    expect(results).toMatchObject({ created: 1, skipped: 2, total: 3 });
    expect(results.errors[0].row).toBe(2);
    for (const part of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Employee ID is required',
      'Unknown position "Pilot"',
      'found "2.5"',
    ]) {
      expect(results.errors[0].error).toContain(part);
    }
    expect(results.errors[1]).toEqual({
      row: 4,
      error: 'Years of service must be a whole number from 0 to 50 (found "ten")',
    });
    const [good] = await context.db.select().from(members).where(eq(members.employeeId, 'GOOD-1'));
    expect(good).toMatchObject({ rank: 'Captain', position: 'Paramedic', yearsOfService: 7 });
  });

  it('imports an .xlsx workbook', async () => {
    const file = workbook(
      [
        ['firstName', 'lastName', 'email', 'employeeId', 'rank', 'position', 'yearsOfService'],
        ['Xl', 'One', 'xl1@test.example', 'XL-1', 'Lieutenant', 'Driver', 9],
        ['Xl', 'Two', 'xl2@test.example', 'XL-2', 'Sergeant', 'Driver', 3],
      ],
      'xlsx',
    );
    const { results } = (await upload('members.xlsx', file, XLSX_TYPE)).json();
    expect(results).toMatchObject({ created: 1, skipped: 1, total: 2, errors: [{ row: 3 }] });
    const [one] = await context.db.select().from(members).where(eq(members.employeeId, 'XL-1'));
    expect(one).toMatchObject({ rank: 'Lieutenant', position: 'Driver', yearsOfService: 9 });
  });

  it('answers a NUL in an .xlsx cell with a row error, not a 500, synchronously and as a job', async () => {
    const file = workbook(
      [
        ['firstName', 'lastName', 'email', 'employeeId', 'rank', 'position', 'yearsOfService'],
        ['Nul\u0000l', 'Row', 'nul1@test.example', 'NUL-1', 'Captain', 'Driver', 4],
        ['Clean', 'Row', 'nul2@test.example', 'NUL-2', 'Captain', 'Driver\u0007', 4],
        ['Clean', 'Row', 'nul3@test.example', 'NUL-3', 'Captain', 'Driver', 4],
      ],
      'xlsx',
    );
    const response = await upload('members.xlsx', file, XLSX_TYPE);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toMatchObject({
      created: 1,
      total: 3,
      errors: [
        { row: 2, error: IMPORT_MESSAGES.unstorableCell('firstName') },
        { row: 3, error: IMPORT_MESSAGES.unstorableCell('position') },
      ],
    });

    const { payload, headers } = multipartFile('file', 'members.xlsx', file, XLSX_TYPE);
    const accepted = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/import-users?mode=job',
      payload,
      headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    let job = accepted.json().job;
    for (let attempt = 0; attempt < 500 && job.state === 'running'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await injectAs(context, adminSession, { method: 'GET', url: `/api/admin/import-jobs/${job.id}` })).json()
        .job;
    }
    // The job's results are stored: a NUL quoted in a message could not be.
    expect(job).toMatchObject({ state: 'succeeded', error: null });
    expect(job.results.errors).toContainEqual({ row: 2, error: IMPORT_MESSAGES.unstorableCell('firstName') });
  });

  it('imports an .xls workbook, with only the required columns', async () => {
    const file = workbook(
      [
        ['firstName', 'lastName', 'email', 'employeeId'],
        ['Old', 'Format', 'xls1@test.example', 'XLS-1'],
      ],
      'biff8',
    );
    const response = await upload('members.xls', file, XLS_TYPE);
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toMatchObject({ created: 1, skipped: 0, total: 1, errors: [] });
  });

  it('refuses files it cannot use, and changes nothing', async () => {
    const before = await memberCount();

    const tooLarge = await upload('big.csv', `${HEADER}\n${'x'.repeat(5 * 1024 * 1024 + 10)}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'File size must be less than 5MB', code: 'PAYLOAD_TOO_LARGE' });

    const renamed = await upload('members.xlsx', `${HEADER}\nA,B,renamed@test.example,REN-1,,,`, XLSX_TYPE);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toMatch(/not a valid \.xlsx spreadsheet/);

    const missingColumns = await upload('members.csv', 'firstName,lastName,email\nA,B,missing@test.example');
    expect(missingColumns.statusCode).toBe(400);
    expect(missingColumns.json()).toMatchObject({
      error: 'The file is missing required columns: employeeId',
      missingColumns: ['employeeId'],
    });

    const wrongType = await upload('members.txt', HEADER, 'text/plain');
    expect(wrongType.statusCode).toBe(400);

    const wrongField = await upload('members.csv', `${HEADER}\nA,B,field@test.example,FLD-1,,,`, CSV_TYPE, 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe('Please select a file to upload');

    const notMultipart = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/import-users',
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error).toBe('Please select a file to upload');

    expect(await memberCount()).toBe(before);
  });
});

describe('describeImportResult', () => {
  const result = { created: 2, skipped: 0, emailsSent: 0, emailsFailed: 0, emailsQueued: 2, total: 2, errors: [] };

  it('says whether the queued setup e-mails will go out or wait for e-mail delivery to be configured', () => {
    expect(describeImportResult(result, true)).toBe(
      'Import completed! 2 users created, 0 skipped. Emails sent: 0, failed: 0. 2 password-setup e-mails are queued and go out within a few minutes.',
    );
    expect(describeImportResult(result, false)).toMatch(/e-mail delivery is not configured yet\.$/);
  });

  it('counts one user and one e-mail in the singular', () => {
    expect(describeImportResult({ ...result, created: 1, emailsQueued: 1, total: 1 }, true)).toBe(
      'Import completed! 1 user created, 0 skipped. Emails sent: 0, failed: 0. 1 password-setup e-mail is queued and goes out within a few minutes.',
    );
  });
});

describe('POST /api/admin/import-users: readable headers, phone and seat, and the dry run', () => {
  let stationNumber = 0;
  async function createStation(name: string) {
    stationNumber = 900 + Math.floor(Math.random() * 90);
    const response = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/stations',
      payload: {
        name,
        number: stationNumber,
        address: '1 Main St, Springfield',
        seats: { A: { Captain: 1, Engineer: 1, Firefighter: 1 } },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().station as { id: string; number: number };
  }
  const dryRun = (fileName: string, content: string) => {
    const { payload, headers } = multipartFile('file', fileName, content, CSV_TYPE);
    return injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/import-users?dryRun=1',
      payload,
      headers,
    });
  };
  const snapshot = async () =>
    (await context.db.select().from(members))
      .map((member) => `${member.employeeId}|${member.phone}|${member.currentSeatId}`)
      .sort();

  it('previews what the file changes, saves nothing, and the commit then does exactly that', async () => {
    const station = await createStation('Preview Hill');
    const known = await createMember(context, {
      email: 'known@preview.example',
      employeeId: 'PRE-0',
      rank: 'Engineer',
    });
    const same = await createMember(context, { email: 'same@preview.example', employeeId: 'PRE-9' });
    const file = [
      'First Name,Last Name,E-mail,Employee ID,Phone Number,Station,SHIFT,seat_position,Badge colour',
      `New,One,new1@preview.example,PRE-1,555 201 4477,${station.number},A,Captain,red`,
      'New,Two,new2@preview.example,PRE-2,,,,,blue',
      `Known,Member,known@preview.example,PRE-0,(555) 201-9999,Preview Hill,a,,`,
      `Same,Member,same@preview.example,PRE-9,,,,,`,
      'Bad,Phone,bad@preview.example,PRE-3,12345,,,,',
      'Bad,Station,badstation@preview.example,PRE-4,,Nowhere,A,,',
    ].join('\n');
    const before = await snapshot();
    const preview = await dryRun('people.csv', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const { results, message } = preview.json();
    expect(results).toMatchObject({ created: 2, updated: 1, unchanged: 1, skipped: 2, total: 6, dryRun: true });
    expect(results.unknownColumns).toEqual(['Badge colour']);
    expect(results.changes).toEqual([
      {
        row: 2,
        kind: 'new',
        name: 'New One',
        employeeId: 'PRE-1',
        fields: ['phone: (555) 201-4477', `seat: Station ${station.number}, shift A, Captain`],
      },
      { row: 3, kind: 'new', name: 'New Two', employeeId: 'PRE-2', fields: [] },
      {
        row: 4,
        kind: 'updated',
        name: 'Known Member',
        employeeId: 'PRE-0',
        fields: ['phone: (555) 201-9999', `seat: Station ${station.number}, shift A, Engineer`],
      },
    ]);
    expect(results.errors).toEqual([
      { row: 6, error: expect.stringMatching(/^Phone "12345" is not a phone number\..*\(555\) 201-4477/) },
      { row: 7, error: expect.stringContaining('Unknown station "Nowhere"') },
    ]);
    expect(message).toBe('Preview: 2 new members, 1 updated, 1 unchanged, 2 rows with errors. Nothing is saved yet.');
    expect(await snapshot()).toEqual(before);

    const commit = await upload('people.csv', file);
    expect(commit.statusCode, commit.body).toBe(200);
    const committed = commit.json().results;
    expect({ ...committed, dryRun: true, emailsQueued: 0 }).toEqual(results);
    expect(commit.json().message).toMatch(/^Import completed! 2 users created, 1 updated, 2 skipped\./);
    const [first] = await context.db.select().from(members).where(eq(members.employeeId, 'PRE-1'));
    const [seat] = await context.db.select().from(seats).where(eq(seats.id, first!.currentSeatId!));
    expect(first).toMatchObject({ phone: '+15552014477' });
    expect(seat).toMatchObject({ stationId: station.id, shift: 'A', seatPosition: 'Captain' });
    const [updated] = await context.db.select().from(members).where(eq(members.id, known.id));
    expect(updated).toMatchObject({ phone: '+15552019999', firstName: known.firstName });
    const [unchanged] = await context.db.select().from(members).where(eq(members.id, same.id));
    expect(unchanged).toMatchObject({ phone: same.phone, currentSeatId: same.currentSeatId });

    // Uploaded again, the file changes nothing more.
    const again = await dryRun('people.csv', file);
    expect(again.json().results).toMatchObject({ created: 0, updated: 0, unchanged: 4, skipped: 2 });
  });

  it('names the missing required columns whatever the headers are written like', async () => {
    const response = await upload('members.csv', 'First Name,Last Name,E-mail\nA,B,x@preview.example');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ missingColumns: ['employeeId'] });
  });
});
