/**
 * /api/notifications: a member's settings round trip, phone normalisation and every refusal, and
 * the administrators' management call (403 for members, status figures from the outbox, members
 * and sessions listed, the sending actions' validation). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { DEFAULT_NOTIFICATION_FLAGS, MESSAGES, NOTIFICATION_SETTINGS_MESSAGES } from '@stationbid/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, bidSessions, members, outbox, participants } from '../../db/schema/index.ts';
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
});
afterAll(async () => context?.close());

async function signedInMember(values: Parameters<typeof createMember>[1] = {}) {
  const row = await createMember(context, values);
  return { row, auth: await signIn(context, row.email) };
}

const getSettings = (who: SignedIn) => injectAs(context, who, { method: 'GET', url: '/api/notifications/preferences' });
const putFlags = (who: SignedIn, payload: unknown) =>
  injectAs(context, who, { method: 'PUT', url: '/api/notifications/preferences', payload: payload as object });
const putPhone = (who: SignedIn, payload: unknown) =>
  injectAs(context, who, { method: 'PUT', url: '/api/notifications/phone', payload: payload as object });
const manage = (who: SignedIn, payload: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url: '/api/notifications/management', payload });

describe('a member’s notification settings', () => {
  it('starts from the spec’s defaults and the phone on file', async () => {
    const { auth } = await signedInMember({ phone: '555-0201' });
    const response = await getSettings(auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      preferences: DEFAULT_NOTIFICATION_FLAGS,
      phoneNumber: '555-0201',
      isOfferPending: true,
    });
  });

  it('saves a phone in E.164, then SMS on, and reads both back; recorded as profile activity', async () => {
    const { row, auth } = await signedInMember();
    const phone = await putPhone(auth, { phoneNumber: ' (415) 555-0123 ' });
    expect(phone.statusCode).toBe(200);
    expect(phone.json()).toEqual({
      preferences: DEFAULT_NOTIFICATION_FLAGS,
      phoneNumber: '+14155550123',
      isOfferPending: true,
      message: NOTIFICATION_SETTINGS_MESSAGES.phoneUpdated,
    });
    const flags = {
      notifications: true,
      emailNotifications: false,
      smsNotifications: true,
      bidReminders: false,
      pushNotifications: true,
    };
    const saved = await putFlags(auth, flags);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      preferences: flags,
      phoneNumber: '+14155550123',
      isOfferPending: true,
      message: NOTIFICATION_SETTINGS_MESSAGES.updated,
    });
    expect((await getSettings(auth)).json()).toEqual({
      preferences: flags,
      phoneNumber: '+14155550123',
      isOfferPending: true,
    });
    const [stored] = await context.db.select().from(members).where(eq(members.id, row.id));
    expect(stored).toMatchObject({
      phone: '+14155550123',
      emailNotifications: false,
      smsNotifications: true,
      pushNotifications: true,
    });
    const logged = await context.db
      .select()
      .from(activities)
      .where(and(eq(activities.memberId, row.id), eq(activities.type, 'profile')));
    expect(logged.map((entry) => entry.title).sort()).toEqual([
      'Notification settings updated',
      'Phone number updated',
    ]);
    expect(logged.find((entry) => entry.title === 'Notification settings updated')?.description).toBe(
      'Turned e-mail off, SMS on, bid reminders off, push on',
    );
  });

  it('keeps the flags a save leaves out, and shares them with the bid preferences', async () => {
    const { auth } = await signedInMember();
    await putFlags(auth, { bidReminders: false });
    const saved = await putFlags(auth, { notifications: false });
    expect(saved.json().preferences).toEqual({
      ...DEFAULT_NOTIFICATION_FLAGS,
      notifications: false,
      bidReminders: false,
    });
    const bidPreferences = await injectAs(context, auth, { method: 'GET', url: '/api/users/preferences' });
    expect(bidPreferences.json().preferences).toMatchObject({ notifications: false, bidReminders: false });
  });

  it('normalises phone numbers and refuses what cannot be one', async () => {
    const { auth } = await signedInMember();
    const accepted: [string, string][] = [
      ['4155550123', '+14155550123'],
      ['1-415-555-0123', '+14155550123'],
      ['415.555.0123', '+14155550123'],
      ['+44 20 7946 0958', '+442079460958'],
      ['+1 (415) 555-0123', '+14155550123'],
    ];
    for (const [input, stored] of accepted) {
      const response = await putPhone(auth, { phoneNumber: input });
      expect(response.statusCode, input).toBe(200);
      expect(response.json().phoneNumber, input).toBe(stored);
    }
    for (const input of ['555-0201', '0155550123', '+0123456789', '12345', 'call me', '+1234567890123456', 42]) {
      const response = await putPhone(auth, { phoneNumber: input });
      expect(response.statusCode, String(input)).toBe(400);
      expect(response.json().error, String(input)).toBe(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid);
    }
    expect((await getSettings(auth)).json().phoneNumber).toBe('+14155550123');
  });

  it('removes the phone with an empty value, which turns SMS off', async () => {
    const { auth } = await signedInMember({ phone: '+14155550123', smsNotifications: true });
    for (const phoneNumber of ['  ', null]) {
      const response = await putPhone(auth, { phoneNumber });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        preferences: DEFAULT_NOTIFICATION_FLAGS,
        phoneNumber: null,
        isOfferPending: true,
        message: NOTIFICATION_SETTINGS_MESSAGES.phoneCleared,
      });
    }
  });

  it('refuses SMS on without a phone that can receive text messages', async () => {
    for (const phone of [null, '555-0201']) {
      const { auth } = await signedInMember({ phone });
      const response = await putFlags(auth, { smsNotifications: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: NOTIFICATION_SETTINGS_MESSAGES.smsNeedsPhone,
        code: 'BAD_REQUEST',
      });
      expect((await getSettings(auth)).json().preferences.smsNotifications).toBe(false);
    }
  });

  it('refuses flags that are not booleans and fields it does not know', async () => {
    const { auth } = await signedInMember();
    expect((await putFlags(auth, { notifications: 'yes' })).statusCode).toBe(400);
    expect((await putFlags(auth, { phoneNumber: '+14155550123' })).statusCode).toBe(400);
    expect((await getSettings(auth)).json().preferences).toEqual(DEFAULT_NOTIFICATION_FLAGS);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/phone'],
      ['DELETE', '/api/notifications/offer'],
      ['POST', '/api/notifications/management'],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

const answerOffer = (who: SignedIn) => injectAs(context, who, { method: 'DELETE', url: '/api/notifications/offer' });

describe('the one-time offer of texts and phone notifications', () => {
  it('is pending for a new member until answered, then stays answered on every device', async () => {
    const { row, auth } = await signedInMember();
    expect((await getSettings(auth)).json().isOfferPending).toBe(true);

    const answered = await answerOffer(auth);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      isOfferPending: false,
      preferences: DEFAULT_NOTIFICATION_FLAGS,
      message: NOTIFICATION_SETTINGS_MESSAGES.offerAnswered,
    });
    // A second sign-in stands for another device: the answer is the server's, not the browser's.
    const otherDevice = await signIn(context, row.email);
    expect((await getSettings(otherDevice)).json().isOfferPending).toBe(false);
    const [stored] = await context.db.select().from(members).where(eq(members.id, row.id));
    const firstAnswer = stored?.notificationOfferAnsweredAt;
    expect(firstAnswer).toBeInstanceOf(Date);

    // Answering again (two tabs) keeps the first answer.
    context.clock.advance(60_000);
    expect((await answerOffer(otherDevice)).statusCode).toBe(200);
    const [again] = await context.db.select().from(members).where(eq(members.id, row.id));
    expect(again?.notificationOfferAnsweredAt).toEqual(firstAnswer);
  });

  it('accepting texts from the offer: a North American number saved in E.164, SMS and reminders on', async () => {
    const { auth } = await signedInMember({ phone: '555-0199' });
    const phone = await putPhone(auth, { phoneNumber: '(555) 201-4477' });
    expect(phone.json().phoneNumber).toBe('+15552014477');
    const flags = await putFlags(auth, { notifications: true, smsNotifications: true, bidReminders: true });
    expect(flags.statusCode).toBe(200);
    expect((await answerOffer(auth)).statusCode).toBe(200);
    expect((await getSettings(auth)).json()).toEqual({
      preferences: { ...DEFAULT_NOTIFICATION_FLAGS, smsNotifications: true },
      phoneNumber: '+15552014477',
      isOfferPending: false,
    });
  });
});

async function createSession(status: string, participantMemberIds: string[] = [], name = `Session ${status}`) {
  const [session] = await context.db
    .insert(bidSessions)
    .values({ name, year: 2026, status, startDate: new Date('2026-03-01T08:00:00Z') })
    .returning();
  if (!session) throw new Error('session was not created');
  for (const [index, memberId] of participantMemberIds.entries()) {
    await context.db.insert(participants).values({
      sessionId: session.id,
      memberId,
      firstName: 'P',
      lastName: `${index}`,
      employeeId: `P-${session.id}-${index}`,
      rank: 'Firefighter',
      position: 'Firefighter',
      yearsOfService: 1,
      seniorityScore: 10,
      bidPriority: index + 1,
      queuePosition: index,
    });
  }
  return session;
}

describe('notification management', () => {
  it('is for administrators only, whatever the body', async () => {
    const { auth } = await signedInMember();
    for (const payload of [{ action: 'get-status' }, { action: 'nonsense' }, {}]) {
      const response = await manage(auth, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: MESSAGES.adminRequired, code: 'FORBIDDEN' });
    }
  });

  it('get-status counts the outbox per channel, with the latest failures and their reasons', async () => {
    const lastSentAt = new Date('2026-02-01T10:00:00Z');
    const failedAt = new Date('2026-02-02T11:00:00Z');
    await context.db.insert(outbox).values([
      { channel: 'email', kind: 'test', recipient: 'a@test.example', textBody: 'x', status: 'pending' },
      { channel: 'email', kind: 'test', recipient: 'b@test.example', textBody: 'x', status: 'sending' },
      {
        channel: 'email',
        kind: 'test',
        recipient: 'c@test.example',
        textBody: 'x',
        status: 'sent',
        sentAt: lastSentAt,
      },
      {
        channel: 'email',
        kind: 'session_reminder',
        recipient: 'd@test.example',
        textBody: 'x',
        status: 'failed',
        attempts: 8,
        lastError: '550 mailbox unavailable',
        lastAttemptAt: failedAt,
      },
      { channel: 'sms', kind: 'test', recipient: '+14155550123', textBody: 'x', status: 'pending' },
    ]);
    const response = await manage(admin, { action: 'get-status' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.emailServiceAvailable).toBe(false);
    expect(body.smsServiceAvailable).toBe(false);
    expect(body.status.email).toEqual({
      isConfigured: false,
      lastSentAt: lastSentAt.toISOString(),
      queued: 2,
      failed: 1,
    });
    expect(body.status.sms).toEqual({ isConfigured: false, lastSentAt: null, queued: 1, failed: 0 });
    expect(body.status.recentFailures).toEqual([
      expect.objectContaining({
        channel: 'email',
        kind: 'session_reminder',
        recipient: 'd@test.example',
        attempts: 8,
        lastError: '550 mailbox unavailable',
        lastAttemptAt: failedAt.toISOString(),
        willRetry: false,
      }),
    ]);
  });

  it('get-users lists active members with their settings and whether a text can reach them', async () => {
    const reachable = await createMember(context, {
      firstName: 'Zed',
      lastName: 'Aardvark',
      phone: '+14155550123',
      smsNotifications: true,
    });
    const unreachable = await createMember(context, { firstName: 'Amy', lastName: 'Aardvark', phone: '555-0201' });
    const inactive = await createMember(context, { isActive: false });
    const { users } = (await manage(admin, { action: 'get-users' })).json();
    const ids = users.map((user: { id: string }) => user.id);
    expect(ids).not.toContain(inactive.id);
    // By last name, then first name.
    expect(ids.indexOf(unreachable.id)).toBeLessThan(ids.indexOf(reachable.id));
    expect(users.find((user: { id: string }) => user.id === reachable.id)).toEqual({
      id: reachable.id,
      firstName: 'Zed',
      lastName: 'Aardvark',
      email: reachable.email,
      phoneNumber: '+14155550123',
      hasSmsPhone: true,
      preferences: { ...DEFAULT_NOTIFICATION_FLAGS, smsNotifications: true },
    });
    expect(users.find((user: { id: string }) => user.id === unreachable.id)).toMatchObject({ hasSmsPhone: false });
  });

  it('get-sessions lists scheduled, active and paused sessions with their participant counts', async () => {
    const one = await createMember(context);
    const two = await createMember(context);
    const scheduled = await createSession('scheduled', [one.id, two.id]);
    const paused = await createSession('paused');
    await createSession('draft');
    await createSession('completed');
    const { sessions } = (await manage(admin, { action: 'get-sessions' })).json();
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        {
          id: scheduled.id,
          name: 'Session scheduled',
          status: 'scheduled',
          startDate: '2026-03-01T08:00:00.000Z',
          participantCount: 2,
        },
        expect.objectContaining({ id: paused.id, status: 'paused', participantCount: 0 }),
      ]),
    );
  });

  it('send-test and send-session-notification refuse incomplete requests with the spec’s words', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ action: 'send-test', type: 'email' }, NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired],
      [
        { action: 'send-test', userId: '', sessionId: crypto.randomUUID(), type: 'email' },
        NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired,
      ],
      [
        { action: 'send-test', userId: crypto.randomUUID(), type: 'email' },
        NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired,
      ],
      [{ action: 'send-session-notification', type: 'email' }, NOTIFICATION_SETTINGS_MESSAGES.sessionRequired],
      [
        { action: 'send-session-notification', sessionId: crypto.randomUUID(), type: 'fax' },
        'type must be email or sms',
      ],
      [
        {
          action: 'send-session-notification',
          sessionId: crypto.randomUUID(),
          type: 'email',
          customMessage: 'x'.repeat(1001),
        },
        NOTIFICATION_SETTINGS_MESSAGES.customMessageTooLong,
      ],
    ];
    for (const [payload, message] of refusals) {
      const response = await manage(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toBe(message);
    }
    const unknownAction = await manage(admin, { action: 'send-fax' });
    expect(unknownAction.statusCode).toBe(400);
  });

  it('send-test queues one message to the member about the session, and says it stays queued here', async () => {
    const member = await createMember(context, { notificationsEnabled: false });
    const session = await createSession('active', [member.id], 'Test send session');
    const response = await manage(admin, {
      action: 'send-test',
      userId: member.id,
      sessionId: session.id,
      type: 'email',
      customMessage: '  Bring your badge.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      recipient: member.email,
      message: `Test e-mail queued for ${member.email}. E-mail is not configured on the server, so messages stay queued until it is.`,
    });
    const queued = await context.db.select().from(outbox).where(eq(outbox.memberId, member.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      channel: 'email',
      kind: 'test_message',
      recipient: member.email,
      status: 'pending',
    });
    expect(queued[0]?.textBody).toContain('Bring your badge.');

    const sms = await manage(admin, { action: 'send-test', userId: member.id, sessionId: session.id, type: 'sms' });
    expect(sms.statusCode).toBe(400);
    expect(await context.db.select().from(outbox).where(eq(outbox.memberId, member.id))).toHaveLength(1);
  });

  it('send-test refuses unknown members and sessions, and sessions that cannot be notified', async () => {
    const member = await createMember(context);
    const active = await createSession('active');
    const draft = await createSession('draft');
    const inactive = await createMember(context, { isActive: false });
    const cases: [Record<string, unknown>, number][] = [
      [{ userId: crypto.randomUUID(), sessionId: active.id }, 404],
      [{ userId: inactive.id, sessionId: active.id }, 404],
      [{ userId: member.id, sessionId: crypto.randomUUID() }, 404],
    ];
    for (const [ids, statusCode] of cases) {
      const response = await manage(admin, { action: 'send-test', type: 'email', ...ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(statusCode);
    }
    const refused = await manage(admin, { action: 'send-test', type: 'email', userId: member.id, sessionId: draft.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(NOTIFICATION_SETTINGS_MESSAGES.sessionNotNotifiable);
    expect(await context.db.select().from(outbox).where(eq(outbox.memberId, member.id))).toHaveLength(0);
  });

  it('send-session-notification queues one message per reachable participant and counts the others', async () => {
    const reachable = await createMember(context);
    const alsoReachable = await createMember(context);
    const notificationsOff = await createMember(context, { notificationsEnabled: false });
    const session = await createSession('scheduled', [reachable.id, alsoReachable.id, notificationsOff.id]);
    const response = await manage(admin, {
      action: 'send-session-notification',
      sessionId: session.id,
      type: 'email',
      customMessage: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      queued: 2,
      withoutAddress: 1,
      message:
        '2 e-mails queued. 1 participant not reached (no e-mail address, or notifications turned off). E-mail is not configured on the server, so messages stay queued until it is.',
    });
    const queued = await context.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'session_reminder'), eq(outbox.channel, 'email'), isNotNull(outbox.memberId)));
    expect(queued.map((row) => row.recipient).sort()).toEqual([reachable.email, alsoReachable.email].sort());
    // The status screen counts them at once.
    const { status } = (await manage(admin, { action: 'get-status' })).json();
    expect(status.email.queued).toBeGreaterThanOrEqual(2);
  });
});
