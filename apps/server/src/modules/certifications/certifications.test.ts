/**
 * The certification catalogue through the API: administrators list, add, rename and delete; codes
 * are upper-cased and unique; a rename reaches the seats that require the code; a certification
 * seats still require is kept, one members hold goes from them too. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { CERTIFICATION_MESSAGES, type Certification } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCertifications, seats } from '../../db/schema/index.ts';
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
let member: SignedIn;
let memberId: string;
let nextStationNumber = 700;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  const memberRow = await createMember(context);
  memberId = memberRow.id;
  member = await signIn(context, memberRow.email);
});
afterAll(async () => {
  await context?.close();
});

const URL = '/api/admin/certifications';
const list = async () => {
  const response = await injectAs(context, admin, { method: 'GET', url: URL });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ certifications: Certification[] }>().certifications;
};
const create = (payload: Record<string, unknown>, who: SignedIn = admin) =>
  injectAs(context, who, { method: 'POST', url: URL, payload });
const update = (id: string, payload: Record<string, unknown>) =>
  injectAs(context, admin, { method: 'PUT', url: `${URL}/${id}`, payload });
const remove = (id: string) => injectAs(context, admin, { method: 'DELETE', url: `${URL}/${id}` });

async function createCertification(code: string, name: string): Promise<Certification> {
  const response = await create({ code, name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ certification: Certification }>().certification;
}

async function createStation(availablePositions: Record<string, unknown>) {
  nextStationNumber += 1;
  const response = await injectAs(context, admin, {
    method: 'POST',
    url: '/api/stations',
    payload: {
      name: `Station ${nextStationNumber}`,
      number: nextStationNumber,
      address: '7 Hill Rd',
      availablePositions,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().station as { id: string; number: number };
}

describe('who may use the catalogue', () => {
  it('answers 401 without a token and 403 to members, on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['PUT', `${URL}/${id}`],
      ['DELETE', `${URL}/${id}`],
    ] as const) {
      const anonymous = await context.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : { code: 'X' },
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asMember = await injectAs(context, member, {
        method,
        url,
        payload: method === 'GET' ? undefined : { code: 'X', name: 'X' },
      });
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the catalogue', () => {
  it('adds certifications with trimmed, upper-cased codes and lists them in code order with their holders', async () => {
    const created = await create({ code: ' pm ', name: ' Paramedic ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      certification: { id: expect.any(String), code: 'PM', name: 'Paramedic', holders: 0 },
      message: CERTIFICATION_MESSAGES.created,
    });
    const hazmat = await createCertification('HM', 'Hazardous Materials Technician');
    await context.db
      .insert(memberCertifications)
      .values({ memberId, certificationId: hazmat.id, expiresOn: '2027-01-31' });

    const certifications = await list();
    expect(certifications.map((certification) => [certification.code, certification.holders])).toEqual([
      ['HM', 1],
      ['PM', 0],
    ]);
  });

  it('refuses a code that exists with 409, and bad codes and names with 400 and a message', async () => {
    await createCertification('DO', 'Driver/Operator');
    const taken = await create({ code: 'do', name: 'Another driver' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Certification code DO already exists', code: 'CONFLICT' });

    for (const [payload, error] of [
      [{ name: 'No code' }, CERTIFICATION_MESSAGES.codeRequired],
      [{ code: '  ', name: 'Blank code' }, CERTIFICATION_MESSAGES.codeRequired],
      [{ code: 'P M', name: 'Space' }, CERTIFICATION_MESSAGES.codeInvalid],
      [{ code: '-PM', name: 'Dash first' }, CERTIFICATION_MESSAGES.codeInvalid],
      [{ code: 'A'.repeat(17), name: 'Too long' }, CERTIFICATION_MESSAGES.codeInvalid],
      [{ code: 'OK1' }, CERTIFICATION_MESSAGES.nameRequired],
      [{ code: 'OK1', name: '   ' }, CERTIFICATION_MESSAGES.nameRequired],
      [{ code: 'OK1', name: 'x'.repeat(101) }, CERTIFICATION_MESSAGES.nameTooLong],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toContain(error);
    }
    expect((await create({ code: 'A_1-B', name: 'Punctuated' })).statusCode).toBe(201);
    expect((await list()).map((certification) => certification.code)).not.toContain('OK1');
  });

  it('renames a code on every seat that requires it, in the same change, and keeps the name when only the code changes', async () => {
    const certification = await createCertification('EMT', 'Emergency Medical Technician');
    const other = await createCertification('TR', 'Technical Rescue');
    const station = await createStation({
      B: [
        { position: 'Firefighter', count: 2, requires: ['EMT', 'TR'], mustFill: true },
        { position: 'Firefighter', count: 1 },
      ],
    });

    const renamed = await update(certification.id, { code: 'zemt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      certification: { id: certification.id, code: 'ZEMT', name: 'Emergency Medical Technician', holders: 0 },
      message: CERTIFICATION_MESSAGES.updated,
    });
    const seatRows = await context.db.select().from(seats).where(eq(seats.stationId, station.id));
    expect(seatRows.map((seat) => seat.requires).sort()).toEqual([[], ['TR', 'ZEMT'], ['TR', 'ZEMT']]);

    // A code another certification has is refused, and nothing changes.
    const clash = await update(certification.id, { code: other.code });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe('Certification code TR already exists');
    const unchanged = await context.db.select().from(seats).where(eq(seats.stationId, station.id));
    expect(unchanged.map((seat) => seat.requires).sort()).toEqual([[], ['TR', 'ZEMT'], ['TR', 'ZEMT']]);

    const nameOnly = await update(certification.id, { name: 'EMT-Basic' });
    expect(nameOnly.json().certification).toMatchObject({ code: 'ZEMT', name: 'EMT-Basic' });
    expect((await update('00000000-0000-4000-8000-000000000000', { name: 'x' })).statusCode).toBe(404);
    expect((await update(certification.id, { code: '!' })).statusCode).toBe(400);
  });

  it('keeps a certification that seats require, naming where, and deletes it once they no longer do', async () => {
    const certification = await createCertification('ALS', 'Advanced Life Support');
    const station = await createStation({
      B: [
        { position: 'Firefighter', count: 2, requires: ['ALS'], mustFill: true },
        { position: 'Firefighter', count: 1 },
      ],
    });
    const refused = await remove(certification.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Station ${station.number}'s B-shift Firefighter seats require ALS: remove the requirement first`,
    );
    expect((await list()).map((row) => row.code)).toContain('ALS');

    const cleared = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/stations/${station.id}`,
      payload: { availablePositions: { B: [{ position: 'Firefighter', count: 3, requires: [] }] } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const deleted = await remove(certification.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Certification ALS deleted' });
    expect((await list()).map((row) => row.code)).not.toContain('ALS');
    expect((await remove(certification.id)).statusCode).toBe(404);
  });

  it('deletes a certification members hold, takes it from them, and says so', async () => {
    const certification = await createCertification('SCUBA', 'Dive Rescue');
    const second = await createMember(context);
    await context.db.insert(memberCertifications).values([
      { memberId, certificationId: certification.id, expiresOn: null },
      { memberId: second.id, certificationId: certification.id, expiresOn: '2026-01-01' },
    ]);
    const deleted = await remove(certification.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Certification SCUBA deleted; it was removed from 2 members who held it',
    });
    const left = await context.db
      .select()
      .from(memberCertifications)
      .where(eq(memberCertifications.certificationId, certification.id));
    expect(left).toEqual([]);
  });
});
