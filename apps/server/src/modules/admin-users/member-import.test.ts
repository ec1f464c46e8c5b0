import * as XLSX from '@e965/xlsx';
import { IMPORT_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications, memberCertifications, members, outbox, passwordTokens, seats } from '../../db/schema/index.ts';
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
import type { ImportedMemberNow } from './member-import.repository.ts';
import { describeImportResult, diffMemberRow } from './member-import.service.ts';

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
      'B,Two,dup2@test.example,EX-1,,,', // row 3: the member of EX-1, whose name and e-mail it updates
      'C,Three,dup3@test.example,DUP-3,,,', // row 4: created
      'D,Four,Dup3@Test.Example,DUP-4,,,', // row 5: e-mail of row 4
      'E,Five,dup5@test.example,DUP-3,,,', // row 6: employee ID of row 4
    ].join('\n');
    const { results } = (await upload('dups.csv', csv)).json();
    expect(results).toMatchObject({ created: 1, updated: 1, skipped: 3, total: 5 });
    expect(results.errors).toEqual([
      { row: 2, error: 'Skipped: email existing@test.example already belongs to an existing user' },
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
      firstName: 'Known',
      lastName: 'Member',
      email: 'known@preview.example',
      employeeId: 'PRE-0',
      rank: 'Engineer',
    });
    const same = await createMember(context, {
      firstName: 'Same',
      lastName: 'Member',
      email: 'same@preview.example',
      employeeId: 'PRE-9',
    });
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
        fields: ['phone: none -> (555) 201-9999', `seat: none -> Station ${station.number}, shift A, Engineer`],
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

describe('POST /api/admin/import-users: a member already here (matched by employee ID)', () => {
  const FULL_HEADER =
    'firstName,lastName,email,employeeId,rank,position,yearsOfService,hireDate,rankDate,listNumber,certifications,phone,station,shift,seat';
  const preview = (content: string) => {
    const { payload, headers } = multipartFile('file', 'roster.csv', content, CSV_TYPE);
    return injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/import-users?dryRun=1',
      payload,
      headers,
    });
  };
  const heldBy = async (memberId: string) =>
    (
      await context.db
        .select({ code: certifications.code, expiresOn: memberCertifications.expiresOn })
        .from(memberCertifications)
        .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
        .where(eq(memberCertifications.memberId, memberId))
    ).sort((a, b) => a.code.localeCompare(b.code));

  beforeAll(async () => {
    await context.db
      .insert(certifications)
      .values([
        { code: 'UPM', name: 'Paramedic (update tests)' },
        { code: 'UDO', name: 'Driver (update tests)' },
      ])
      .onConflictDoNothing();
  });

  it('updates every column it reads, lists each change as old -> new, and the commit matches the preview', async () => {
    const stationResponse = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/stations',
      payload: {
        name: 'Update Ridge',
        number: 880,
        address: '2 Main St, Springfield',
        seats: { B: { Captain: 1, Engineer: 1, Firefighter: 1 } },
      },
    });
    expect(stationResponse.statusCode, stationResponse.body).toBe(201);
    const member = await createMember(context, {
      firstName: 'Old',
      lastName: 'Name',
      email: 'old.name@update.example',
      employeeId: 'UPD-1',
      rank: 'Firefighter',
      position: 'Firefighter',
      yearsOfService: 3,
      hireDate: '2015-03-01',
      rankDate: null,
      listNumber: 40,
      phone: '+15552010001',
    });
    await context.db.insert(memberCertifications).values({
      memberId: member.id,
      certificationId: (await context.db.select().from(certifications).where(eq(certifications.code, 'UPM')))[0]!.id,
      expiresOn: null,
    });
    const file = [
      FULL_HEADER,
      'New,Surname,New.Name@Update.example,UPD-1,Captain,Paramedic,12,2014-03-01,2022-07-01,7,UPM:2028-01-31;UDO,(555) 201-0002,880,B,',
    ].join('\n');
    const before = await context.db.select().from(members).where(eq(members.id, member.id));

    const dry = await preview(file);
    expect(dry.statusCode, dry.body).toBe(200);
    const { results } = dry.json();
    expect(results).toMatchObject({ created: 0, updated: 1, unchanged: 0, skipped: 0, dryRun: true });
    expect(results.changes).toEqual([
      {
        row: 2,
        kind: 'updated',
        name: 'New Surname',
        employeeId: 'UPD-1',
        fields: [
          'first name: Old -> New',
          'last name: Name -> Surname',
          'e-mail: old.name@update.example -> new.name@update.example',
          'phone: (555) 201-0001 -> (555) 201-0002',
          'rank: Firefighter -> Captain',
          'position: Firefighter -> Paramedic',
          'years of service: 3 -> 12',
          'hire date: 2015-03-01 -> 2014-03-01',
          'date in rank: none -> 2022-07-01',
          'list number: 40 -> 7',
          'certifications: UPM -> UDO; UPM:2028-01-31',
          // The seat by the rank the row gives the member.
          'seat: none -> Station 880, shift B, Captain',
        ],
      },
    ]);
    expect(await context.db.select().from(members).where(eq(members.id, member.id))).toEqual(before);

    const commit = await upload('roster.csv', file);
    expect(commit.statusCode, commit.body).toBe(200);
    expect({ ...commit.json().results, dryRun: true }).toEqual(results);
    const [after] = await context.db.select().from(members).where(eq(members.id, member.id));
    const [seat] = await context.db.select().from(seats).where(eq(seats.id, after!.currentSeatId!));
    expect(after).toMatchObject({
      firstName: 'New',
      lastName: 'Surname',
      email: 'new.name@update.example',
      phone: '+15552010002',
      rank: 'Captain',
      position: 'Paramedic',
      yearsOfService: 12,
      hireDate: '2014-03-01',
      rankDate: '2022-07-01',
      listNumber: 7,
    });
    expect(seat).toMatchObject({ shift: 'B', seatPosition: 'Captain' });
    expect(await heldBy(member.id)).toEqual([
      { code: 'UDO', expiresOn: null },
      { code: 'UPM', expiresOn: '2028-01-31' },
    ]);
    // The same file again changes nothing.
    expect((await preview(file)).json().results).toMatchObject({ updated: 0, unchanged: 1, skipped: 0 });
  });

  it('leaves a field as it is when its cell is empty', async () => {
    const member = await createMember(context, {
      firstName: 'Keep',
      lastName: 'Me',
      email: 'keep.me@update.example',
      employeeId: 'UPD-2',
      rank: 'Engineer',
      hireDate: '2010-01-01',
      listNumber: 9,
      phone: '+15552010003',
    });
    const file = [FULL_HEADER, ',,,UPD-2,,,,,,,,,,,', ',,,UPD-2,,,,,,11,,,,,'].join('\n');
    const { results } = (await upload('roster.csv', file)).json();
    // The second row names the same member again: refused, as a repeat of a new member's ID is.
    expect(results).toMatchObject({ created: 0, updated: 0, unchanged: 1, skipped: 1 });
    expect(results.errors).toEqual([
      { row: 3, error: 'Skipped: employee ID UPD-2 already belongs to row 2 of this file' },
    ]);
    const [after] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(after).toMatchObject({
      firstName: 'Keep',
      lastName: 'Me',
      email: 'keep.me@update.example',
      rank: 'Engineer',
      hireDate: '2010-01-01',
      listNumber: 9,
      phone: '+15552010003',
    });
  });

  it("refuses a bad cell of a member already here like a new member's, and saves nothing of that row", async () => {
    await createMember(context, { email: 'taken@update.example', employeeId: 'UPD-TAKEN' });
    const member = await createMember(context, {
      firstName: 'Row',
      lastName: 'Errors',
      email: 'row.errors@update.example',
      employeeId: 'UPD-3',
    });
    const file = [
      FULL_HEADER,
      'Changed,,not-an-email,UPD-3,,,,,,,,,,,', // row 2
      ',,TAKEN@update.example,UPD-3,,,,,,,,,,,', // row 3
      ',,,UPD-3,Admiral,,,,,,,,,,', // row 4
      ',,,UPD-3,,,,2020-02-30,,,,,,,', // row 5
      ',,,UPD-3,,,,,,,,12345,,,', // row 6
      ',,,UPD-3,,,,,,,NOPE,,,,', // row 7
    ];
    // Each row alone, so none is refused as a repeat of the employee ID.
    const errors = [];
    for (const line of file.slice(1)) {
      const { results } = (await upload('roster.csv', [FULL_HEADER, line].join('\n'))).json();
      expect(results).toMatchObject({ updated: 0, skipped: 1 });
      errors.push(results.errors[0].error);
    }
    expect(errors[0]).toMatch(/mail/i);
    expect(errors[1]).toBe('Skipped: email taken@update.example already belongs to an existing user');
    expect(errors[2]).toContain('Unknown rank "Admiral"');
    expect(errors[3]).toMatch(/Hire date/);
    expect(errors[4]).toMatch(/^Phone "12345" is not a phone number/);
    expect(errors[5]).toBe('Unknown certification NOPE. Add it on the Certifications page first, or correct the code.');
    const [after] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(after).toMatchObject({ firstName: 'Row', email: 'row.errors@update.example', rank: 'Firefighter' });
  });
});

describe('diffMemberRow', () => {
  const existing: ImportedMemberNow = {
    id: 'm-1',
    firstName: 'Ada',
    lastName: 'Byron',
    email: 'Ada@Example.test',
    employeeId: 'E-1',
    phone: '555-0199',
    rank: 'Engineer',
    position: 'EMT',
    yearsOfService: 4,
    hireDate: '2019-05-01',
    rankDate: null,
    listNumber: null,
    isActive: true,
    certifications: [{ code: 'PM', expiresOn: '2027-06-30' }],
    currentSeatId: null,
    stationNumber: null,
    shift: null,
    seatPosition: null,
  };

  it('changes nothing for empty cells, the same values, or the same e-mail in another case', () => {
    const diff = diffMemberRow(
      {
        employeeId: 'E-1',
        firstName: '',
        email: 'ada@example.test',
        phone: '555-0199',
        certifications: 'pm:2027-06-30',
      },
      existing,
    );
    expect(diff).toMatchObject({ changes: {}, fields: [], certifications: null, name: 'Ada Byron' });
  });

  it('keeps a phone stored before numbers were checked when the row writes it again, and refuses another bad one', () => {
    expect(diffMemberRow({ employeeId: 'E-1', phone: '555-0199' }, existing)).toMatchObject({ fields: [] });
    expect(diffMemberRow({ employeeId: 'E-1', phone: '555-0198' }, existing)).toEqual({
      problems: [expect.stringMatching(/^Phone "555-0198" is not a phone number/)],
    });
  });

  it('names every problem of the row', () => {
    const diff = diffMemberRow({ employeeId: 'E-1', email: 'nope', listNumber: '0', rankDate: 'soon' }, existing);
    expect('problems' in diff && diff.problems).toHaveLength(3);
  });
});

describe('POST /api/admin/import-users: the webhooks hear of each member added or changed', () => {
  it('queues member.changed for a new row and an updated one, naming fields, never values; a preview queues none', async () => {
    const registered = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: 'https://hooks.example.org/roster', description: 'HR', events: ['member.changed'] },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const existing = await createMember(context, {
      firstName: 'Hook',
      lastName: 'Known',
      email: 'hook.known@import.example',
      employeeId: 'HOOK-1',
      rank: 'Firefighter',
    });
    const webhookBodies = async () =>
      (await context.db.select({ body: outbox.textBody }).from(outbox).where(eq(outbox.channel, 'webhook')))
        .map((row) => JSON.parse(row.body) as { type: string; data: Record<string, unknown> })
        .filter((body) => ['HOOK-1', 'HOOK-2'].includes(String(body.data.employeeId)));
    const csv = [
      'firstName,lastName,email,employeeId,rank,position,yearsOfService',
      'Hook,Known,hook.known@import.example,HOOK-1,Engineer,Driver,4',
      'Hook,New,hook.new@import.example,HOOK-2,Firefighter,EMT,1',
    ].join('\n');

    const { payload, headers } = multipartFile('file', 'roster.csv', csv, CSV_TYPE);
    const preview = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/import-users?dryRun=1',
      payload,
      headers,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(await webhookBodies()).toEqual([]);

    const imported = await upload('roster.csv', csv);
    expect(imported.statusCode, imported.body).toBe(200);
    const bodies = await webhookBodies();
    expect(bodies).toHaveLength(2);
    const created = bodies.find((body) => body.data.employeeId === 'HOOK-2');
    expect(created).toMatchObject({ type: 'member.changed', data: { change: 'created', fields: [] } });
    const updated = bodies.find((body) => body.data.employeeId === 'HOOK-1');
    expect(updated).toMatchObject({ type: 'member.changed', data: { memberId: existing.id, change: 'updated' } });
    expect(updated?.data.fields).toEqual(expect.arrayContaining(['rank']));
    expect(JSON.stringify(updated)).not.toContain('Engineer');
  });
});
