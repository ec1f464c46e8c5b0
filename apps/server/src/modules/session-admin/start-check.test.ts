/**
 * GET /bid-sessions/:id/start-check through the API: what the start confirmation tells an
 * administrator, worked out from the server's delivery settings, each participant's notification
 * settings and devices, and the department's time zone; administrators only.
 */
import type { StartCheck } from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import type { MessageSender } from '../delivery/message-senders.ts';
import { createSession, type MemberRow } from '../session-engine/test-sessions.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const acceptingSender: MessageSender = { send: async () => undefined, close: async () => undefined };

let deviceCounter = 0;
async function addPushDevice(context: TestContext, member: MemberRow) {
  deviceCounter += 1;
  await context.db.insert(pushSubscriptions).values({
    memberId: member.id,
    endpoint: `https://push.example.test/device-${deviceCounter}`,
    p256dh: 'key',
    auth: 'secret',
  });
}

async function startCheck(context: TestContext, who: SignedIn, sessionId: string) {
  return injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/start-check` });
}

const messagesOf = (check: StartCheck) => check.findings.map((finding) => finding.message);

describe('start check with no e-mail or SMS settings and no time zone chosen', () => {
  let context: TestContext;
  let adminSignIn: SignedIn;
  let memberSignIn: SignedIn;
  let sessionId: string;

  beforeAll(async () => {
    context = await createTestContext();
    adminSignIn = await signIn(context, (await createAdmin(context)).email);
    // Six participants: four with e-mail on (two of them with push on a device), one with push on but
    // no device and texts on, one who turned every notice off.
    const withPush = [
      await createMember(context, { pushNotifications: true }),
      await createMember(context, { pushNotifications: true }),
    ];
    for (const member of withPush) await addPushDevice(context, member);
    const plainEmail = [await createMember(context), await createMember(context)];
    const pushNoDevice = await createMember(context, {
      emailNotifications: false,
      pushNotifications: true,
      smsNotifications: true,
      phone: '+13125550101',
    });
    const silent = await createMember(context, { notificationsEnabled: false });
    memberSignIn = await signIn(context, plainEmail[0]?.email ?? '');
    const session = await createSession(context, adminSignIn, {
      participantIds: [...withPush, ...plainEmail, pushNoDevice, silent].map((member) => member.id),
    });
    sessionId = session.id;
  });
  afterAll(async () => {
    await context?.close();
  });

  it('names each channel that will leave participants untold, with counts, warnings first', async () => {
    const response = await startCheck(context, adminSignIn, sessionId);
    expect(response.statusCode, response.body).toBe(200);
    const check = response.json<StartCheck>();
    expect(check.participantCount).toBe(6);
    expect(check.email).toEqual({ isConfigured: false, reached: 0 });
    expect(check.sms).toEqual({ isConfigured: false, reached: 0 });
    expect(check.push).toEqual({ isConfigured: true, reached: 2 });
    expect(check.timeZone.isSet).toBe(false);
    expect(messagesOf(check)).toEqual([
      "E-mail is not configured: 4 participants will get no 'your turn' e-mail.",
      'SMS is not configured: 1 participant who turned texts on will get none.',
      "4 of 6 will get no 'your turn' e-mail, text or push: only the StationBid page tells them.",
      `The department's time zone is not set (${check.timeZone.zone}).`,
      '2 of 6 have push on.',
      '1 participant turned push on but has no device that takes it.',
      '1 participant turned every notice off.',
    ]);
    expect(check.findings.map((finding) => [finding.code, finding.severity, finding.participants])).toEqual([
      ['email_not_configured', 'warning', 4],
      ['sms_not_configured', 'warning', 1],
      ['unreachable', 'warning', 4],
      ['time_zone_not_set', 'warning', null],
      ['push_partial', 'info', 2],
      ['push_without_device', 'info', 1],
      ['notifications_off', 'info', 1],
    ]);
    expect(check.summary).toBe('4 problems to know before starting.');
  });

  it('drops the time zone finding once an administrator sets the zone', async () => {
    const saved = await injectAs(context, adminSignIn, {
      method: 'PUT',
      url: '/api/admin/department-settings',
      payload: { timeZone: 'America/Chicago' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const check = (await startCheck(context, adminSignIn, sessionId)).json<StartCheck>();
    expect(check.timeZone).toEqual({ zone: 'America/Chicago', isSet: true });
    expect(check.findings.map((finding) => finding.code)).not.toContain('time_zone_not_set');
  });

  it('is for administrators only', async () => {
    expect((await startCheck(context, memberSignIn, sessionId)).statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'GET', url: `/api/bid-sessions/${sessionId}/start-check` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown session and 400 for an id that is not one', async () => {
    const unknown = await startCheck(context, adminSignIn, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: expect.stringMatching(/not found/i) });
    expect((await startCheck(context, adminSignIn, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('start check with e-mail and SMS configured', () => {
  let context: TestContext;
  let adminSignIn: SignedIn;

  beforeAll(async () => {
    context = await createTestContext({}, { outboxSenders: { email: acceptingSender, sms: acceptingSender } });
    adminSignIn = await signIn(context, (await createAdmin(context)).email);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('counts texts that cannot go out for want of a phone number a provider can text', async () => {
    const texted = await createMember(context, { smsNotifications: true, phone: '+13125550102' });
    const noPhone = await createMember(context, { smsNotifications: true, phone: null });
    const badPhone = await createMember(context, { smsNotifications: true, phone: '555-0221' });
    const session = await createSession(context, adminSignIn, {
      participantIds: [texted.id, noPhone.id, badPhone.id],
    });
    const check = (await startCheck(context, adminSignIn, session.id)).json<StartCheck>();
    expect(check.email).toEqual({ isConfigured: true, reached: 3 });
    expect(check.sms).toEqual({ isConfigured: true, reached: 1 });
    expect(messagesOf(check)).toContain('2 participants turned texts on but have no phone number that can be texted.');
    expect(check.findings.map((finding) => finding.code)).not.toContain('email_not_configured');
    expect(check.findings.map((finding) => finding.code)).not.toContain('unreachable');
  });

  it('says the session is ready when every participant will be told and the zone is set', async () => {
    await injectAs(context, adminSignIn, {
      method: 'PUT',
      url: '/api/admin/department-settings',
      payload: { timeZone: 'America/Denver' },
    });
    const members = [
      await createMember(context, { pushNotifications: true }),
      await createMember(context, { pushNotifications: true }),
    ];
    for (const member of members) await addPushDevice(context, member);
    const session = await createSession(context, adminSignIn, { participantIds: members.map((member) => member.id) });
    const check = (await startCheck(context, adminSignIn, session.id)).json<StartCheck>();
    expect(check.findings).toEqual([]);
    expect(check.summary).toBe(
      'Ready: every participant will be told of their turn, and times read in America/Denver.',
    );
  });
});
