/**
 * The department's time zone as an administrators' setting (issue 16): who may read and change it,
 * a zone that is not IANA refused with a message that says so, and every place a time is written
 * using the saved zone at once: the turn e-mail and SMS (through the real SMTP capture and an SMS
 * provider stand-in), the signed record's reasons, the PDF bid sheet and the rotation's zone.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEPARTMENT_SETTINGS_MESSAGES,
  type DepartmentSettingsResponse,
  type SessionRecordDocument,
} from '@stationbid/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';
import { DepartmentZone } from './department-zone.ts';

/** DEPARTMENT_TIMEZONE of this server: the default until an administrator saves another zone. */
const DEFAULT_ZONE = 'America/Chicago';

let smtp: SmtpCapture;
let context: TestContext;
let admin: SignedIn;
let member: SignedIn;
const texts: { to: string; body: string }[] = [];
const smsProvider = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sid: 'SM1', status: 'queued' }));
  });
});

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await new Promise<void>((resolve) => smsProvider.listen(0, '127.0.0.1', resolve));
  context = await createTestContext(
    {},
    {
      delivery: {
        publicWebUrl: 'https://bids.example-fd.org',
        departmentTimeZone: DEFAULT_ZONE,
        email: { smtpUrl: smtp.url, from: 'StationBid <no-reply@example-fd.org>' },
        sms: {
          providerUrl: `http://127.0.0.1:${(smsProvider.address() as AddressInfo).port}`,
          accountSid: 'AC1',
          authToken: 'secret',
          from: '+15550001111',
        },
      },
    },
  );
  // 20:00 UTC on Monday 23 November 2026: 14:00 CST in Chicago, 15:00 EST in New York.
  context.clock.set('2026-11-23T20:00:00.000Z');
  admin = await signIn(context, (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email);
  member = await signIn(context, (await createMember(context, { firstName: 'Mo' })).email);
});
afterAll(async () => {
  await context?.close();
  await smtp?.close();
  await new Promise<void>((resolve) => smsProvider.close(() => resolve()));
});

const readSettings = (who: SignedIn) => injectAs(context, who, { method: 'GET', url: '/api/department-settings' });
const saveZone = (who: SignedIn, timeZone: unknown) =>
  injectAs(context, who, { method: 'PUT', url: '/api/admin/department-settings', payload: { timeZone } });

describe('the department time zone setting', () => {
  it('starts from DEPARTMENT_TIMEZONE, readable by every signed-in member', async () => {
    const response = await readSettings(member);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DepartmentSettingsResponse>()).toEqual({
      timeZone: DEFAULT_ZONE,
      timeZoneAbbreviation: 'CST',
      source: 'default',
      defaultTimeZone: DEFAULT_ZONE,
      updatedAt: null,
    });
    expect((await context.app.inject({ method: 'GET', url: '/api/department-settings' })).statusCode).toBe(401);
  });

  it('is changed by administrators only, and only to an IANA time zone', async () => {
    const refused = await saveZone(member, 'America/New_York');
    expect(refused.statusCode).toBe(403);

    for (const bad of ['Mars/Olympus_Mons', 'EST5EDT-ish', '', 'US/Central']) {
      const answer = await saveZone(admin, bad);
      expect(answer.statusCode, `${bad}: ${answer.body}`).toBe(400);
      expect(answer.json<{ error: string }>().error).toContain(
        bad.trim() === ''
          ? DEPARTMENT_SETTINGS_MESSAGES.timeZoneRequired
          : `"${bad}" is not a time zone this server knows`,
      );
    }
    expect((await saveZone(admin, 42)).statusCode).toBe(400);
    // Nothing was saved by the refusals.
    expect((await readSettings(admin)).json<DepartmentSettingsResponse>().source).toBe('default');

    const saved = await saveZone(admin, 'America/New_York');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<DepartmentSettingsResponse>()).toMatchObject({
      timeZone: 'America/New_York',
      timeZoneAbbreviation: 'EST',
      source: 'setting',
      defaultTimeZone: DEFAULT_ZONE,
      updatedAt: '2026-11-23T20:00:00.000Z',
    });
    expect((await readSettings(member)).json<DepartmentSettingsResponse>().timeZone).toBe('America/New_York');
    // The rotation's times are read in the same zone.
    const rotation = await injectAs(context, admin, { method: 'GET', url: '/api/admin/rotation' });
    expect(rotation.json<{ timeZone: string }>().timeZone).toBe('America/New_York');
  });

  it('names the saved zone in the turn e-mail and SMS, the record and the PDF bid sheet', async () => {
    const bidder = await createMember(context, {
      firstName: 'Ana',
      lastName: 'Lopez',
      yearsOfService: 30,
      smsNotifications: true,
      phone: '+15550002001',
    });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } }, { name: 'Harbor' });
    const sessionId = await startSession(context, admin, {
      participantIds: [bidder.id],
      stationIds: [station.id],
      name: 'Zone Bid 2027',
      bidWindowDuration: 5,
    });
    await context.app.outboxWorker.tick();
    // The turn ends at 20:05 UTC: 15:05 in New York (EST), no longer Chicago's 14:05 CST.
    const turnEmail = smtp.messages.find((message) => message.to.includes(bidder.email));
    expect(turnEmail?.text).toContain('Place your bid before Mon 23 Nov 2026, 15:05 EST.');
    expect(texts.find((text) => text.to === '+15550002001')?.body).toContain('Mon 23 Nov 2026, 15:05 EST');
    const inApp = await injectAs(context, await signIn(context, bidder.email), {
      method: 'GET',
      url: '/api/users/notifications',
    });
    expect(inApp.json<{ notifications: { message: string }[] }>().notifications[0]?.message).toContain(
      'to place your bid, until 15:05 EST.',
    );

    context.clock.advance(60_000);
    const bid = await injectAs(context, await signIn(context, bidder.email), {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } },
    });
    expect(bid.statusCode, bid.body).toBe(200);

    const record = (
      await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` })
    ).json<SessionRecordDocument>();
    expect(record.timeZone).toBe('America/New_York');
    expect(record.assignments[0]?.reason).toContain('15:01 EST');

    const sheet = await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/results.pdf` });
    expect(sheet.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(sheet.rawPayload)), { mergePages: true });
    expect(text).toContain("All times are in the department's time zone, America/New_York");
    expect(text).toContain('1. Ana Lopez: Ana Lopez bid Station');
    expect(text).toMatch(/Own bid\s+Station \d+, A, Firefighter\s+Nov 23, 2026, 3:01 PM EST/);
  });

  it('reaches another server process within 30 seconds of a save', async () => {
    // Another process's view of the same database, on a clock of its own.
    let nowMs = 0;
    const elsewhere = new DepartmentZone(context.db, DEFAULT_ZONE, () => nowMs);
    expect(await elsewhere.read()).toBe('America/New_York');

    expect((await saveZone(admin, 'Europe/London')).statusCode).toBe(200);
    nowMs += 29_000;
    // Still the zone it read: an engine step never waits on a query for it.
    expect(elsewhere.current()).toBe('America/New_York');
    nowMs += 1_000;
    expect(await elsewhere.read()).toBe('Europe/London');
    expect((await readSettings(member)).json<DepartmentSettingsResponse>()).toMatchObject({
      timeZone: 'Europe/London',
      timeZoneAbbreviation: 'GMT',
    });
  });

  it('goes back to DEPARTMENT_TIMEZONE when an administrator clears it, and only an administrator', async () => {
    const clear = (who: SignedIn) =>
      injectAs(context, who, { method: 'DELETE', url: '/api/admin/department-settings' });
    expect((await clear(member)).statusCode).toBe(403);
    expect((await readSettings(member)).json<DepartmentSettingsResponse>().source).toBe('setting');

    const cleared = await clear(admin);
    expect(cleared.statusCode, cleared.body).toBe(200);
    const expected = {
      timeZone: DEFAULT_ZONE,
      timeZoneAbbreviation: 'CST',
      source: 'default',
      defaultTimeZone: DEFAULT_ZONE,
      updatedAt: null,
    };
    expect(cleared.json<DepartmentSettingsResponse>()).toEqual(expected);
    expect((await readSettings(member)).json<DepartmentSettingsResponse>()).toEqual(expected);
    // Another process reading the database sees no saved zone either.
    expect(await new DepartmentZone(context.db, 'UTC').readState()).toMatchObject({
      timeZone: 'UTC',
      source: 'default',
    });
    // Clearing again changes nothing and is not refused.
    expect((await clear(admin)).json<DepartmentSettingsResponse>()).toEqual(expected);
    // The rotation, kept in the same row, is untouched and follows the default zone.
    const rotation = await injectAs(context, admin, { method: 'GET', url: '/api/admin/rotation' });
    expect(rotation.json<{ timeZone: string }>().timeZone).toBe(DEFAULT_ZONE);
  });
});
