/**
 * A session's queue under the department's seniority rule: ordered by the rule when the queue is
 * written, the rule and every participant's keys frozen when the session starts (corrections before
 * the start count, after it they do not), a start refused while a participant lacks a key the rule
 * needs (listed beforehand for the administrator), a drawn lot seeded and written to the record,
 * and a department without a rule ordered exactly as before. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import {
  checkRecordContent,
  DEFAULT_SENIORITY_RULE,
  orderQueue,
  type SessionRecordDocument,
  type SessionSeniorityCheck,
} from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidSessions, certifications, memberCertifications, members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats, readParticipants } from '../session-engine/test-sessions.ts';

let context: TestContext;
let admin: SignedIn;
let adminEmail: string;
let stationId: string;

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context)).email;
  admin = await signIn(context, adminEmail);
  stationId = (await createStationWithSeats(context.db, { A: { Firefighter: 6 } })).station.id;
});
afterAll(async () => {
  await context?.close();
});
afterEach(async () => {
  await setRule(DEFAULT_SENIORITY_RULE.keys);
});

const TIME_IN_RANK = [
  { key: 'rankDate', direction: 'asc' },
  { key: 'listNumber', direction: 'asc' },
  { key: 'hireDate', direction: 'asc' },
  { key: 'lottery', direction: 'asc' },
] as const;

async function setRule(keys: readonly { key: string; direction: string }[]) {
  const response = await injectAs(context, admin, {
    method: 'PUT',
    url: '/api/admin/seniority-rule',
    payload: { keys },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const lastNamesOf = async (sessionId: string) =>
  (await readParticipants(context.db, sessionId)).map((row) => row.lastName);
const start = (sessionId: string) =>
  injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/start` });
const seniorityCheck = async (sessionId: string) => {
  const response = await injectAs(context, admin, {
    method: 'GET',
    url: `/api/bid-sessions/${sessionId}/seniority-check`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionSeniorityCheck>();
};

describe('the queue under a seniority rule', () => {
  it('orders by date in rank, then list number, copies the keys and freezes them at start', async () => {
    await setRule(TIME_IN_RANK);
    const [certification] = await context.db
      .insert(certifications)
      .values({ code: 'PM', name: 'Paramedic' })
      .returning();
    // Highest scores last, so today's order would be the reverse.
    const late = await createMember(context, {
      lastName: 'Late',
      yearsOfService: 30,
      rankDate: '2019-06-01',
      listNumber: 1,
      hireDate: '2001-01-01',
    });
    const twelve = await createMember(context, {
      lastName: 'Twelve',
      yearsOfService: 20,
      rankDate: '2014-03-02',
      listNumber: 12,
      hireDate: '2005-01-01',
    });
    const three = await createMember(context, {
      lastName: 'Three',
      yearsOfService: 10,
      rankDate: '2014-03-02',
      listNumber: 3,
      hireDate: '2006-01-01',
    });
    await context.db
      .insert(memberCertifications)
      .values({ memberId: three.id, certificationId: certification!.id, expiresOn: '2027-06-30' });
    const session = await createSession(context, admin, {
      participantIds: [late.id, twelve.id, three.id],
      stationIds: [stationId],
    });
    expect(await lastNamesOf(session.id)).toEqual(['Three', 'Twelve', 'Late']);
    const [row] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, session.id));
    expect(row?.seniorityRule).toEqual(TIME_IN_RANK);
    // The drawn lot needs a seed, though the session's tie-break chain has no random link.
    expect(row?.randomSeed).toMatch(/^[0-9a-f]{32}$/);
    const [first] = await readParticipants(context.db, session.id);
    expect(first).toMatchObject({
      rankDate: '2014-03-02',
      listNumber: 3,
      certifications: [{ code: 'PM', expiresOn: '2027-06-30' }],
    });
    expect(await seniorityCheck(session.id)).toMatchObject({
      keys: TIME_IN_RANK,
      isDefault: false,
      missingSeniorityKeys: [],
      message: null,
    });

    // A correction before the start counts: Late was promoted earlier than recorded.
    await context.db.update(members).set({ rankDate: '2010-01-01' }).where(eq(members.id, late.id));
    const started = await start(session.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(await lastNamesOf(session.id)).toEqual(['Late', 'Three', 'Twelve']);
    expect((await readParticipants(context.db, session.id)).map((participant) => participant.bidPriority)).toEqual([
      1, 2, 3,
    ]);

    // After the start nothing moves.
    await context.db.update(members).set({ rankDate: '2020-01-01' }).where(eq(members.id, late.id));
    expect(await lastNamesOf(session.id)).toEqual(['Late', 'Three', 'Twelve']);
    expect((await readParticipants(context.db, session.id))[0]?.rankDate).toBe('2010-01-01');

    // The record carries the frozen rule and keys, and checks.
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${session.id}/end` });
    const record = (
      await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${session.id}/record` })
    ).json<SessionRecordDocument>();
    expect(record.settings?.seniorityRule).toEqual({ keys: TIME_IN_RANK });
    expect(record.settings?.randomSeed).toBe(row?.randomSeed);
    expect(record.settings?.state.participants[0]).toMatchObject({ rankDate: '2010-01-01', listNumber: 1 });
    expect(checkRecordContent(record)).toMatchObject({ ok: true, participants: 3 });
  });

  it('lists who lacks a key the rule needs, and refuses to start until they have it', async () => {
    await setRule(TIME_IN_RANK);
    const hale = await createMember(context, { firstName: 'Dana', lastName: 'Hale' });
    const ortiz = await createMember(context, { firstName: 'Luis', lastName: 'Ortiz', rankDate: '2015-05-05' });
    const nguyen = await createMember(context, { firstName: 'Kim', lastName: 'Nguyen', rankDate: '2015-05-05' });
    const dated = await createMember(context, { firstName: 'Pat', lastName: 'Dated', rankDate: '2012-01-01' });
    const session = await createSession(context, admin, {
      participantIds: [hale.id, ortiz.id, nguyen.id, dated.id],
      stationIds: [stationId],
    });
    const check = await seniorityCheck(session.id);
    // Ortiz and Nguyen tie on every key before the list number, so the session's lot orders them.
    expect(check.message).toMatch(
      /^1 member lacks a date in rank, which the seniority rule needs: Dana Hale\. 2 members lack a list number, which the seniority rule needs: (Luis Ortiz, Kim Nguyen|Kim Nguyen, Luis Ortiz)\. Add them on the Members page\.$/,
    );
    expect(check.missingSeniorityKeys.map(({ name, key }) => `${name}: ${key}`).sort()).toEqual([
      'Dana Hale: rankDate',
      'Kim Nguyen: listNumber',
      'Luis Ortiz: listNumber',
    ]);

    const refused = await start(session.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(check.message);
    const [row] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, session.id));
    expect(row?.status).toBe('draft');

    await context.db.update(members).set({ rankDate: '2016-01-01' }).where(eq(members.id, hale.id));
    await context.db.update(members).set({ listNumber: 2 }).where(eq(members.id, ortiz.id));
    await context.db.update(members).set({ listNumber: 1 }).where(eq(members.id, nguyen.id));
    expect((await seniorityCheck(session.id)).message).toBeNull();
    expect((await start(session.id)).statusCode).toBe(200);
    expect(await lastNamesOf(session.id)).toEqual(['Dated', 'Nguyen', 'Ortiz', 'Hale']);
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${session.id}/end` });
  });

  it('a scheduled start by the turn clock freezes the keys too, and waits while one is missing', async () => {
    await setRule(TIME_IN_RANK);
    const early = await createMember(context, { lastName: 'ClockEarly', rankDate: '2011-01-01' });
    const undated = await createMember(context, { lastName: 'ClockUndated' });
    const scheduledStart = new Date(context.clock.now().getTime() + 30 * 60_000);
    const session = await createSession(context, admin, {
      participantIds: [early.id, undated.id],
      stationIds: [stationId],
      scheduledStart: scheduledStart.toISOString(),
    });
    context.clock.advance(30 * 60_000);
    // Half an hour on, the access token has expired.
    admin = await signIn(context, adminEmail);
    await context.app.turnClock.tick();
    const statusOf = async () =>
      (await context.db.select().from(bidSessions).where(eq(bidSessions.id, session.id)))[0]?.status;
    expect(await statusOf()).toBe('scheduled');

    // Dated before the start: the turn clock's start copies it and places them first.
    await context.db.update(members).set({ rankDate: '2009-01-01' }).where(eq(members.id, undated.id));
    await context.app.turnClock.tick();
    expect(await statusOf()).toBe('active');
    expect(await lastNamesOf(session.id)).toEqual(['ClockUndated', 'ClockEarly']);
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${session.id}/end` });
  });

  it('without a rule, orders and starts as before, with no rule in the record', async () => {
    const group = await Promise.all(
      [5, 5, 9].map((yearsOfService, index) => createMember(context, { lastName: `Plain${index}`, yearsOfService })),
    );
    const session = await createSession(context, admin, {
      participantIds: group.map((member) => member.id),
      stationIds: [stationId],
      tieBreakChain: ['random'],
    });
    const rows = await readParticipants(context.db, session.id);
    const [row] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, session.id));
    expect(row?.seniorityRule).toBeNull();
    const expected = orderQueue(
      rows.map((participant) => ({ ...participant, memberId: participant.memberId ?? participant.id })),
      ['random'],
      row?.randomSeed ?? null,
    );
    expect(rows.map((participant) => participant.id)).toEqual(expected.map((participant) => participant.id));
    expect(await seniorityCheck(session.id)).toMatchObject({
      isDefault: true,
      missingSeniorityKeys: [],
      message: null,
    });
    expect((await start(session.id)).statusCode).toBe(200);
    expect((await readParticipants(context.db, session.id)).map((participant) => participant.id)).toEqual(
      rows.map((participant) => participant.id),
    );
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${session.id}/end` });
    const record = (
      await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${session.id}/record` })
    ).json<SessionRecordDocument>();
    expect(record.settings).not.toHaveProperty('seniorityRule');
    expect(checkRecordContent(record)).toMatchObject({ ok: true });
  });
});
