/**
 * A member's seniority keys (hire date, date in rank, list number) and certifications: set and
 * changed by administrators, sent with the member, and read from the members import's columns of
 * the same names, with a row error a person can act on for a bad date or an unknown code.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import type { User } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications, memberCertifications, members } from '../../db/schema/index.ts';
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

let context: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  await context.db.insert(certifications).values([
    { code: 'PM', name: 'Paramedic' },
    { code: 'DO', name: 'Driver/Operator' },
  ]);
});
afterAll(async () => {
  await context?.close();
});

const heldBy = async (memberId: string) =>
  (
    await context.db
      .select({ code: certifications.code, expiresOn: memberCertifications.expiresOn })
      .from(memberCertifications)
      .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
      .where(eq(memberCertifications.memberId, memberId))
  ).sort((a, b) => a.code.localeCompare(b.code));

describe('the member form', () => {
  it('creates, sends and edits the keys and certifications', async () => {
    const created = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        firstName: 'Dana',
        lastName: 'Hale',
        email: 'dana.hale@test.example',
        employeeId: 'SEN-1',
        password: 'a long enough passphrase 1',
        hireDate: '2008-09-15',
        rankDate: '2014-03-02',
        listNumber: 12,
        certifications: [{ code: 'pm', expiresOn: '2027-06-30' }, { code: 'DO' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<{ user: User }>().user;
    expect(user).toMatchObject({
      hireDate: '2008-09-15',
      rankDate: '2014-03-02',
      listNumber: 12,
      certifications: [
        { code: 'DO', expiresOn: null },
        { code: 'PM', expiresOn: '2027-06-30' },
      ],
    });

    const edited = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { rankDate: '', listNumber: 3, certifications: [{ code: 'PM', expiresOn: '2028-01-31' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ user: User }>().user).toMatchObject({
      hireDate: '2008-09-15',
      rankDate: null,
      listNumber: 3,
      certifications: [{ code: 'PM', expiresOn: '2028-01-31' }],
    });
    // An edit without certifications leaves them.
    await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${user.id}`,
      payload: { firstName: 'Dee' },
    });
    expect(await heldBy(user.id)).toEqual([{ code: 'PM', expiresOn: '2028-01-31' }]);

    const listed = await injectAs(context, admin, { method: 'GET', url: '/api/admin/users?search=SEN-1' });
    expect(listed.json<{ users: User[] }>().users[0]).toMatchObject({
      listNumber: 3,
      certifications: [{ code: 'PM', expiresOn: '2028-01-31' }],
    });
  });

  it('refuses a bad date, a list number below 1 and an unknown code, changing nothing', async () => {
    const member = await createMember(context, { hireDate: '2010-01-01' });
    const put = (payload: object) =>
      injectAs(context, admin, { method: 'PUT', url: `/api/admin/users/${member.id}`, payload });
    const cases: [object, string][] = [
      [{ hireDate: '2010-02-30' }, 'Hire date must be a date written YYYY-MM-DD, such as 2014-03-02'],
      [{ listNumber: 0 }, 'List number must be a whole number of 1 or more'],
      [
        { hireDate: '2011-01-01', certifications: [{ code: 'HAZ' }, { code: 'PM' }] },
        'Unknown certification HAZ. Add it on the Certifications page first, or correct the code.',
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await put(payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ error: string }>().error).toContain(message);
    }
    const [stored] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(stored?.hireDate).toBe('2010-01-01');
    expect(await heldBy(member.id)).toEqual([]);
  });
});

describe('the members import', () => {
  const upload = (csv: string) => {
    const { payload, headers } = multipartFile('file', 'members.csv', csv, SPREADSHEET_CONTENT_TYPES.csv);
    return injectAs(context, admin, { method: 'POST', url: '/api/admin/import-users', payload, headers });
  };

  it('reads hireDate, rankDate, listNumber and certifications, and names what is wrong in a row', async () => {
    const csv = [
      'firstName,lastName,email,employeeId,hireDate,rankDate,listNumber,certifications',
      'Ana,Lopez,ana.import@test.example,IMP-1,2008-09-15,2014-03-02,12,PM:2027-06-30;DO',
      'Ben,Okafor,ben.import@test.example,IMP-2,,,,',
      'Cy,Bad,cy.import@test.example,IMP-3,15/09/2008,,,',
      'Di,Code,di.import@test.example,IMP-4,2008-09-15,,,HAZ;PM',
      'Ed,List,ed.import@test.example,IMP-5,,,0,',
      'Fe,Expiry,fe.import@test.example,IMP-6,,,,PM:2027-13-01',
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json();
    expect(results.created).toBe(2);
    expect(results.errors).toEqual([
      { row: 4, error: 'Hire date must be a date written YYYY-MM-DD, such as 2014-03-02' },
      { row: 5, error: 'Unknown certification HAZ. Add it on the Certifications page first, or correct the code.' },
      { row: 6, error: 'List number must be a whole number of 1 or more (found "0")' },
      { row: 7, error: 'Certification expiry: Expiry date must be a date written YYYY-MM-DD, such as 2014-03-02' },
    ]);
    const [ana] = await context.db.select().from(members).where(eq(members.employeeId, 'IMP-1'));
    expect(ana).toMatchObject({ hireDate: '2008-09-15', rankDate: '2014-03-02', listNumber: 12 });
    expect(await heldBy(ana!.id)).toEqual([
      { code: 'DO', expiresOn: null },
      { code: 'PM', expiresOn: '2027-06-30' },
    ]);
    const [ben] = await context.db.select().from(members).where(eq(members.employeeId, 'IMP-2'));
    expect(ben).toMatchObject({ hireDate: null, rankDate: null, listNumber: null });
  });
});
