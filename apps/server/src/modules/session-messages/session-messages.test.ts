/**
 * The e-mail and SMS of bid sessions, end to end: engine events and the reminder scheduler queue
 * them in the outbox, the outbox worker delivers them to a real SMTP server and to a local
 * Twilio-compatible SMS endpoint, and the tests read what a member's inbox and phone receive.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESSION_MESSAGE_TEXTS } from '@stationbid/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryConfig } from '../../config/env.ts';
import { members, outbox } from '../../db/schema/index.ts';
import { OUTBOX_RETRY_DELAYS_MS } from '../../jobs/outbox-worker.ts';
import {
  findFreePort,
  SMTP_TEST_PASSWORD,
  SMTP_TEST_USER,
  type SmtpCapture,
  startSmtpCapture,
} from '../../test/smtp-capture.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { SessionEngineService } from '../session-engine/session-engine.service.ts';
import {
  completeRunningSessions,
  createSession,
  createStationWithSeats,
  type MemberRow,
  setSessionState,
  startSession,
} from '../session-engine/test-sessions.ts';
import { formatDepartmentTime } from './message-templates.ts';

const WEB_URL = 'https://bids.example-fd.org';
const TIME_ZONE = 'America/Chicago';

function delivery(smtpUrl: string, smsPort: number): DeliveryConfig {
  return {
    publicWebUrl: WEB_URL,
    departmentTimeZone: TIME_ZONE,
    email: { smtpUrl, from: 'StationBid <no-reply@example-fd.org>' },
    sms: { providerUrl: `http://127.0.0.1:${smsPort}`, accountSid: 'AC1', authToken: 'secret', from: '+15550001111' },
  };
}

interface ReceivedSms {
  to: string;
  body: string;
}

let smtp: SmtpCapture;
let context: TestContext;
const texts: ReceivedSms[] = [];
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
  context = await createTestContext({}, { delivery: delivery(smtp.url, (smsProvider.address() as AddressInfo).port) });
});
afterAll(async () => {
  await context.close();
  await smtp.close();
  await new Promise<void>((resolve) => smsProvider.close(() => resolve()));
});

let adminEmail = '';
beforeEach(async () => {
  // Sessions of earlier tests must not get turns, reminders or messages in this one.
  await completeRunningSessions(context.db);
  await context.app.outboxWorker.tick();
  context.clock.set('2026-11-23T20:00:00.000Z');
  if (!adminEmail) adminEmail = (await createAdmin(context)).email;
});

const asAdmin = async () => signIn(context, adminEmail);
const emailsTo = (member: MemberRow) => smtp.messages.filter((message) => message.to.includes(member.email));
const textsTo = (phone: string) => texts.filter((text) => text.to === phone);
const deliver = () => context.app.outboxWorker.tick();

async function bid(
  who: MemberRow,
  sessionId: string,
  seat: { stationId: string; shift: 'A' | 'B' | 'C' },
  options: { asAdmin?: boolean } = {},
) {
  const auth = options.asAdmin ? await asAdmin() : await signIn(context, who.email);
  return injectAs(context, auth, {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: {
      sessionId,
      bidData: { station: seat.stationId, shift: seat.shift, position: 'Firefighter' },
      ...(options.asAdmin ? { userId: who.id } : {}),
    },
  });
}

describe('messages of a running session', () => {
  it('sends turn begun (e-mail and SMS), own, phone-in and automatic confirmations, and the results', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 3 } }, { name: 'Harbor' });
    // Queue order is by seniority: first, then second, then third.
    const first = await createMember(context, {
      firstName: 'Ana',
      yearsOfService: 30,
      smsNotifications: true,
      phone: '+15550002001',
    });
    const second = await createMember(context, { firstName: 'Ben', yearsOfService: 20 });
    const third = await createMember(context, { firstName: 'Cy', yearsOfService: 10 });
    const admin = await asAdmin();
    const sessionId = await startSession(context, admin, {
      participantIds: [first.id, second.id, third.id],
      name: 'Winter Bid 2027',
      bidWindowDuration: 5,
    });

    expect(await deliver()).toMatchObject({ sent: 2, failed: 0 });
    const [turnEmail] = emailsTo(first);
    expect(turnEmail?.subject).toBe('Your bid time has begun: Winter Bid 2027');
    expect(turnEmail?.text).toMatch(/^Hello Ana,/);
    // 20:05 UTC is 14:05 in Chicago in November (CST).
    expect(turnEmail?.text).toContain('Place your bid before Mon 23 Nov 2026, 14:05 CST.');
    expect(turnEmail?.text).toContain(`${WEB_URL}/live-bid/${sessionId}`);
    expect(turnEmail?.html).toContain(`href="${WEB_URL}/live-bid/${sessionId}"`);
    const [turnText] = textsTo('+15550002001');
    expect(turnText?.body).toContain('your bid time has begun in Winter Bid 2027');
    expect(turnText?.body).toContain('Mon 23 Nov 2026, 14:05 CST');
    expect(turnText?.body).toContain(`${WEB_URL}/live-bid/${sessionId}`);

    // Own bid: confirmation naming the seat; the next turn begins for the second member.
    context.clock.advance(60_000);
    expect((await bid(first, sessionId, { stationId: station.id, shift: 'A' })).statusCode).toBe(200);
    await deliver();
    const ownConfirmation = emailsTo(first).find((message) => message.subject.startsWith('Bid confirmed'));
    expect(ownConfirmation?.subject).toBe('Bid confirmed: Winter Bid 2027');
    expect(ownConfirmation?.text).toContain('Your bid was accepted. You now hold Station');
    expect(ownConfirmation?.text).toContain('(Harbor), shift A, Firefighter.');
    expect(emailsTo(second).map((message) => message.subject)).toEqual(['Your bid time has begun: Winter Bid 2027']);

    // Phone-in bid by an administrator.
    expect((await bid(second, sessionId, { stationId: station.id, shift: 'A' }, { asAdmin: true })).statusCode).toBe(
      200,
    );
    await deliver();
    const phoneIn = emailsTo(second).find((message) => message.subject.startsWith('Bid confirmed'));
    expect(phoneIn?.text).toContain('An administrator placed a phone-in bid for you');
    expect(phoneIn?.text).toContain('(Harbor), shift A, Firefighter.');

    // The third lets the window pass twice: moved to the back, then auto-assigned; the session completes.
    context.clock.advance(5 * 60_000 + 1000);
    await context.app.turnClock.tick();
    context.clock.advance(2 * 60_000 + 1000);
    await context.app.turnClock.tick();
    await deliver();
    // Messages queued in one step may arrive in any order.
    const thirdSubjects = emailsTo(third).map((message) => message.subject);
    expect(thirdSubjects.sort()).toEqual([
      'Bid session completed: Winter Bid 2027',
      'Seat assigned by auto-assignment: Winter Bid 2027',
      'You missed your turn: Winter Bid 2027',
      'Your bid time has begun: Winter Bid 2027',
      'Your bid time has begun: Winter Bid 2027',
    ]);
    // The last in the queue gets the shorter second chance at once, and is told so.
    expect(emailsTo(third).find((message) => message.subject.startsWith('You missed'))?.text).toContain(
      "You're at the back now; you get one more 2-minute chance now.",
    );
    const bySubject = (subject: string) => emailsTo(third).find((message) => message.subject === subject);
    const auto = bySubject('Seat assigned by auto-assignment: Winter Bid 2027');
    expect(auto?.text).toContain('you were given a seat by auto-assignment. You now hold Station');
    expect(auto?.text).toContain('(Harbor), shift A, Firefighter.');
    const completed = bySubject('Bid session completed: Winter Bid 2027');
    expect(completed?.text).toContain('Winter Bid 2027 has completed.');
    expect(completed?.text).toContain('Your result: Assigned, Station');
    for (const member of [first, second]) {
      expect(
        emailsTo(member).filter((message) => message.subject === 'Bid session completed: Winter Bid 2027'),
      ).toHaveLength(1);
    }
    // The second turn's deadline is the shorter auto-assign timeout, stated in Chicago time.
    expect(emailsTo(third)[1]?.text).toContain(
      `before ${formatDepartmentTime(new Date(context.clock.now().getTime() - 1000), TIME_ZONE)}.`,
    );
  });

  it('tells a member who skipped that they were Not Assigned', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const only = await createMember(context, { firstName: 'Dee' });
    const sessionId = await startSession(context, await asAdmin(), { participantIds: [only.id], name: 'Skip Bid' });
    const skip = await injectAs(context, await signIn(context, only.email), {
      method: 'POST',
      url: '/api/bid-sessions/skip-turn',
      payload: { sessionId },
    });
    expect(skip.statusCode).toBe(200);
    await deliver();
    const completed = emailsTo(only).find((message) => message.subject === 'Bid session completed: Skip Bid');
    expect(completed?.text).toContain('Your result: Not Assigned.');
  });

  it('texts "2 turns away" to a member who turned SMS and reminders on, once, and to no one else', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 4 } });
    // Queue order by seniority: the turn holder, the next one, then the two 2 turns away in turn.
    const holder = await createMember(context, { yearsOfService: 30 });
    const next = await createMember(context, { yearsOfService: 25, smsNotifications: true, phone: '+15550006002' });
    const texter = await createMember(context, { yearsOfService: 20, smsNotifications: true, phone: '+15550006003' });
    const noReminders = await createMember(context, {
      yearsOfService: 10,
      smsNotifications: true,
      bidReminders: false,
      phone: '+15550006004',
    });
    const sessionId = await startSession(context, await asAdmin(), {
      participantIds: [holder.id, next.id, texter.id, noReminders.id],
      name: 'Summer Bid 2027',
    });
    await deliver();
    expect(textsTo('+15550006003').map((text) => text.body)).toEqual([
      `StationBid: you are 2 turns away in Summer Bid 2027. Be ready to bid:\n${WEB_URL}/live-bid/${sessionId}`,
    ]);
    expect(textsTo('+15550006002').map((text) => text.body)).toEqual([
      `StationBid: you're next in Summer Bid 2027. Be ready to bid:\n${WEB_URL}/live-bid/${sessionId}`,
    ]);

    // The turn moves on: the texter is next now, but is not texted twice; the one without reminders never is.
    context.clock.advance(5 * 60_000 + 1000);
    await context.app.turnClock.tick();
    await deliver();
    expect(
      textsTo('+15550006003').filter((text) => text.body.includes('turns away') || text.body.includes("you're next")),
    ).toHaveLength(1);
    expect(textsTo('+15550006004').filter((text) => text.body.includes('Be ready to bid'))).toEqual([]);
  });

  it("honours each member's settings", async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 5 } });
    // Phones as the profile form keeps them, typed by hand: one a provider can text, one it cannot.
    const typedPhone = await createMember(context, {
      yearsOfService: 35,
      smsNotifications: true,
      phone: '(312) 555-0188',
    });
    const unusablePhone = await createMember(context, {
      yearsOfService: 25,
      smsNotifications: true,
      phone: '555-0221',
    });
    const noEmail = await createMember(context, {
      yearsOfService: 30,
      emailNotifications: false,
      smsNotifications: true,
      phone: '+15550003001',
    });
    const smsWithoutPhone = await createMember(context, { yearsOfService: 20, smsNotifications: true, phone: null });
    const allOff = await createMember(context, {
      yearsOfService: 10,
      notificationsEnabled: false,
      smsNotifications: true,
      phone: '+15550003003',
    });
    const sessionId = await startSession(context, await asAdmin(), {
      participantIds: [typedPhone.id, noEmail.id, unusablePhone.id, smsWithoutPhone.id, allOff.id],
    });
    // Every turn passes without a bid until the session completes.
    for (let step = 0; step < 14; step += 1) {
      context.clock.advance(5 * 60_000 + 1000);
      await context.app.turnClock.tick();
    }
    const rows = await context.db.select().from(outbox).where(eq(outbox.kind, 'turn_started'));
    const ofMember = (member: MemberRow, channel: 'email' | 'sms') =>
      rows.filter((row) => row.memberId === member.id && row.channel === channel && row.textBody.includes(sessionId));
    expect(ofMember(noEmail, 'email')).toHaveLength(0);
    expect(ofMember(noEmail, 'sms').length).toBeGreaterThan(0);
    expect(ofMember(smsWithoutPhone, 'email').length).toBeGreaterThan(0);
    expect(ofMember(smsWithoutPhone, 'sms')).toHaveLength(0);
    expect(ofMember(typedPhone, 'sms').map((row) => row.recipient)).toContain('+13125550188');
    expect(ofMember(unusablePhone, 'sms')).toHaveLength(0);
    expect(ofMember(unusablePhone, 'email').length).toBeGreaterThan(0);
    const anythingForAllOff = await context.db.select().from(outbox).where(eq(outbox.memberId, allOff.id));
    expect(anythingForAllOff).toEqual([]);
  });
});

describe('the reminder scheduler', () => {
  it('texts a member about 5 minutes before their estimated turn, once', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 6 } });
    // Turns of 30 seconds make the fifth in the queue due before any "turns away" text reaches them.
    const people = [
      await createMember(context, { yearsOfService: 40 }),
      await createMember(context, { yearsOfService: 38 }),
      await createMember(context, { yearsOfService: 36 }),
      await createMember(context, { yearsOfService: 34 }),
      await createMember(context, { yearsOfService: 20, smsNotifications: true, phone: '+15550004003' }),
      await createMember(context, {
        yearsOfService: 10,
        smsNotifications: true,
        phone: '+15550004004',
        bidReminders: false,
      }),
    ];
    const remindersTo = (phone: string) => textsTo(phone).filter((text) => text.body.includes('is expected in about'));
    const sessionId = await startSession(context, await asAdmin(), {
      participantIds: people.map((person) => person.id),
      name: 'Reminder Bid',
      bidWindowDuration: 5,
    });
    // No turn finished yet: three people ahead x the 5-minute window is not due.
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 0 });
    // The first turn took 30 seconds: the fifth is three turns of (on average) 30 seconds away, and is due.
    context.clock.advance(30_000);
    const skip = await injectAs(context, await signIn(context, people[0]?.email ?? ''), {
      method: 'POST',
      url: '/api/bid-sessions/skip-turn',
      payload: { sessionId },
    });
    expect(skip.statusCode).toBe(200);
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 1, dayBeforeReminders: 0 });
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 0 });
    await deliver();
    expect(remindersTo('+15550004003').map((text) => text.body)).toEqual([
      `StationBid: your turn in Reminder Bid is expected in about 5 minutes (around Mon 23 Nov 2026, 14:02 CST). Be ready:\n${WEB_URL}/live-bid/${sessionId}`,
    ]);
    // The sixth turned bid reminders off: due, but never texted.
    expect(textsTo('+15550004004')).toEqual([]);
    const reminders = await context.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'turn_reminder'), eq(outbox.memberId, people[4]?.id ?? '')));
    expect(reminders).toHaveLength(1);
  });

  it('sends one text about a coming turn: the reminder, or "turns away", not both within 10 minutes', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 6 } });
    const texter = (years: number, phone: string) =>
      createMember(context, { yearsOfService: years, smsNotifications: true, phone });
    const people = [
      await createMember(context, { yearsOfService: 40 }),
      await texter(35, '+15550007001'),
      await texter(30, '+15550007002'),
      await texter(25, '+15550007003'),
      await texter(20, '+15550007004'),
    ];
    const sessionId = await startSession(context, await asAdmin(), {
      participantIds: people.map((person) => person.id),
      name: 'Night Bid',
      bidWindowDuration: 5,
    });
    const skipTurn = async (who: MemberRow | undefined) => {
      const skip = await injectAs(context, await signIn(context, who?.email ?? ''), {
        method: 'POST',
        url: '/api/bid-sessions/skip-turn',
        payload: { sessionId },
      });
      expect(skip.statusCode).toBe(200);
    };
    // At the start the second is texted "you're next" and the third "2 turns away": the second is
    // due a reminder at once (one 5-minute turn ahead), and is not texted twice.
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 0 });
    // A 30-second turn: the fifth, three turns away, is now due and gets the reminder (no text yet).
    context.clock.advance(30_000);
    await skipTurn(people[0]);
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 1, dayBeforeReminders: 0 });
    // The next turn leaves the fifth 2 turns away: no "2 turns away" text 30 seconds after the reminder.
    context.clock.advance(30_000);
    await skipTurn(people[1]);
    await deliver();
    const comingTurnTexts = (phone: string) => textsTo(phone).filter((text) => text.body.includes('Be ready'));
    expect(comingTurnTexts('+15550007001')).toHaveLength(1);
    expect(comingTurnTexts('+15550007002')).toHaveLength(1);
    expect(comingTurnTexts('+15550007003')).toHaveLength(1);
    expect(comingTurnTexts('+15550007004').map((text) => text.body)).toEqual([
      expect.stringContaining('your turn in Night Bid is expected in about'),
    ]);
    const approaching = await context.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'turn_approaching'), eq(outbox.channel, 'sms'), eq(outbox.memberId, people[4]?.id ?? '')),
      );
    expect(approaching).toEqual([]);
  });

  it('e-mails the participants of a scheduled session the day before, once', async () => {
    const wanting = await createMember(context, { firstName: 'Eve' });
    const optedOut = await createMember(context, { bidReminders: false });
    const emailOff = await createMember(context, { emailNotifications: false });
    const session = await createSession(context, await asAdmin(), {
      participantIds: [wanting.id, optedOut.id, emailOff.id],
      name: 'Spring Bid 2027',
    });
    const start = new Date('2026-11-25T15:30:00.000Z');
    await setSessionState(context.db, session.id, { status: 'scheduled', scheduledStart: start });

    // Two days ahead: not yet.
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 0 });
    context.clock.set('2026-11-24T16:00:00.000Z');
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 1 });
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 0 });
    await deliver();
    const [reminder] = emailsTo(wanting);
    expect(reminder?.subject).toBe('Reminder: Spring Bid 2027 starts Wed 25 Nov 2026, 09:30 CST');
    expect(reminder?.text).toMatch(/^Hello Eve,/);
    expect(reminder?.text).toContain('The bid session Spring Bid 2027 starts on Wed 25 Nov 2026, 09:30 CST.');
    expect(reminder?.text).toContain(`${WEB_URL}/live-bid/${session.id}`);
    expect(emailsTo(optedOut)).toEqual([]);
    expect(emailsTo(emailOff)).toEqual([]);

    // Moved to another day: the new date gets its own reminder, once.
    const moved = await injectAs(context, await asAdmin(), {
      method: 'PUT',
      url: `/api/bid-sessions/${session.id}`,
      payload: { scheduledStart: '2026-11-25T14:00:00.000Z' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 1 });
    expect(await context.app.reminderScheduler.tick()).toEqual({ turnReminders: 0, dayBeforeReminders: 0 });
    await deliver();
    expect(emailsTo(wanting).map((message) => message.subject)).toEqual([
      'Reminder: Spring Bid 2027 starts Wed 25 Nov 2026, 09:30 CST',
      'Reminder: Spring Bid 2027 starts Wed 25 Nov 2026, 08:00 CST',
    ]);
  });
});

describe('POST /bid-sessions/:id/send-reminders', () => {
  it('queues a reminder e-mail to every participant with an address who has not turned notifications off', async () => {
    const reader = await createMember(context, { firstName: 'Fay', lastName: 'Reader', emailNotifications: false });
    const silent = await createMember(context, { firstName: 'Gus', lastName: 'Silent', notificationsEnabled: false });
    const leaving = await createMember(context, { firstName: 'Hal', lastName: 'Leaving' });
    const session = await createSession(context, await asAdmin(), {
      participantIds: [reader.id, silent.id, leaving.id],
      name: 'Fall Bid <2027>',
    });
    await context.db.delete(members).where(eq(members.id, leaving.id));
    const url = `/api/bid-sessions/${session.id}/send-reminders`;

    // A draft is not visible to members: refused, and the export status says so.
    const status = await injectAs(context, await asAdmin(), {
      method: 'GET',
      url: `/api/bid-sessions/${session.id}/export-status`,
    });
    expect(status.json()).toMatchObject({ canSendReminders: false, participantsWithoutEmail: 1 });
    const draft = await injectAs(context, await asAdmin(), { method: 'POST', url, payload: { customMessage: null } });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().error).toBe(SESSION_MESSAGE_TEXTS.cannotSendReminders);

    await setSessionState(context.db, session.id, {
      status: 'scheduled',
      scheduledStart: new Date('2026-12-01T14:00:00.000Z'),
      dayBeforeReminderSentAt: new Date(),
    });
    expect(
      (
        await injectAs(context, await asAdmin(), {
          method: 'GET',
          url: `/api/bid-sessions/${session.id}/export-status`,
        })
      ).json(),
    ).toMatchObject({ canSendReminders: true });
    const response = await injectAs(context, await asAdmin(), {
      method: 'POST',
      url,
      payload: { customMessage: 'Bring your <b>list</b> of choices.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: {
        totalParticipants: 3,
        emailsSent: 1,
        emailsFailed: 2,
        results: expect.arrayContaining([
          { name: 'Fay Reader', status: 'sent' },
          { name: 'Gus Silent', status: 'notifications_off' },
          { name: 'Hal Leaving', status: 'no_email' },
        ]),
      },
    });
    await deliver();
    const [reminder] = emailsTo(reader);
    expect(reminder?.subject).toBe('Reminder: Fall Bid <2027>');
    expect(reminder?.text).toContain('Fall Bid <2027> starts on Tue 1 Dec 2026, 08:00 CST.');
    expect(reminder?.text).toContain('Message from your administrator:\nBring your <b>list</b> of choices.');
    expect(reminder?.html).toContain('Bring your &#60;b&#62;list&#60;/b&#62; of choices.');
    expect(reminder?.html).toContain('Fall Bid &#60;2027&#62;');
    expect(emailsTo(silent)).toEqual([]);
  });

  it('is for administrators only, and refuses an unknown session or a bad body', async () => {
    const member = await createMember(context);
    const session = await createSession(context, await asAdmin(), { participantIds: [member.id] });
    await setSessionState(context.db, session.id, { status: 'active' });
    const url = `/api/bid-sessions/${session.id}/send-reminders`;
    const asMember = await signIn(context, member.email);
    expect(
      (await injectAs(context, asMember, { method: 'POST', url, payload: { customMessage: null } })).statusCode,
    ).toBe(403);
    const admin = await asAdmin();
    const unknown = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/bid-sessions/00000000-0000-4000-8000-000000000000/send-reminders',
      payload: { customMessage: null },
    });
    expect(unknown.statusCode).toBe(404);
    const tooLong = await injectAs(context, admin, {
      method: 'POST',
      url,
      payload: { customMessage: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    const notText = await injectAs(context, admin, { method: 'POST', url, payload: { customMessage: 42 } });
    expect(notText.statusCode).toBe(400);
    const badId = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/bid-sessions/nope/send-reminders',
      payload: {},
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('app.sessionMessages (the notification page)', () => {
  it('sends a session reminder by SMS to those who turned SMS on with a phone', async () => {
    const texter = await createMember(context, { smsNotifications: true, phone: '+15550005001' });
    const noPhone = await createMember(context, { smsNotifications: true });
    const smsOff = await createMember(context, { phone: '+15550005003' });
    const session = await createSession(context, await asAdmin(), {
      participantIds: [texter.id, noPhone.id, smsOff.id],
      name: 'SMS Bid',
    });
    await setSessionState(context.db, session.id, { status: 'active' });
    expect(
      await context.app.sessionMessages.sendSessionReminder(session.id, {
        channel: 'sms',
        customMessage: 'Check in now.',
      }),
    ).toEqual({ queued: 1, withoutAddress: 2 });
    expect(
      await context.app.sessionMessages.sendSessionReminder(session.id, { channel: 'email', customMessage: null }),
    ).toEqual({ queued: 3, withoutAddress: 0 });
    await deliver();
    expect(textsTo('+15550005001').map((text) => text.body)).toEqual([
      `StationBid reminder: SMS Bid is under way. Check in now.\n${WEB_URL}/live-bid/${session.id}`,
    ]);
    expect(textsTo('+15550005003')).toEqual([]);
  });

  it('sends a test message to one member, and refuses a missing phone or an unknown member or session', async () => {
    const member = await createMember(context, { firstName: 'Ivy', phone: null });
    const session = await createSession(context, await asAdmin(), { participantIds: [member.id], name: 'Test Bid' });
    const messages = context.app.sessionMessages;
    expect(await messages.sendTestMessage(member.id, session.id, { channel: 'email', customMessage: 'Hello' })).toEqual(
      {
        recipient: member.email,
      },
    );
    await expect(
      messages.sendTestMessage(member.id, session.id, { channel: 'sms', customMessage: null }),
    ).rejects.toMatchObject({ statusCode: 400, message: SESSION_MESSAGE_TEXTS.memberHasNoPhone });
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(
      messages.sendTestMessage(unknown, session.id, { channel: 'email', customMessage: null }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      messages.sendTestMessage(member.id, unknown, { channel: 'email', customMessage: null }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await context.db.update(members).set({ phone: '+15550006001' }).where(eq(members.id, member.id));
    expect(await messages.sendTestMessage(member.id, session.id, { channel: 'sms', customMessage: null })).toEqual({
      recipient: '+15550006001',
    });
    await deliver();
    expect(emailsTo(member)[0]?.subject).toBe('Reminder: Test Bid');
    expect(textsTo('+15550006001')).toHaveLength(1);
  });
});

describe('a bid while the SMTP server is down', () => {
  it('succeeds at once; its confirmation waits in the outbox and is delivered once SMTP is back', async () => {
    const port = await findFreePort();
    const down = await createTestContext(
      {},
      { delivery: delivery(`smtp://${SMTP_TEST_USER}:${SMTP_TEST_PASSWORD}@127.0.0.1:${port}`, 9) },
    );
    try {
      down.clock.set('2026-11-23T20:00:00.000Z');
      const { station } = await createStationWithSeats(down.db, { A: { Firefighter: 1 } });
      const admin = await createAdmin(down);
      const member = await createMember(down, { firstName: 'Jo' });
      const adminAuth = await signIn(down, admin.email);
      const sessionId = await startSession(down, adminAuth, { participantIds: [member.id], name: 'Outage Bid' });
      const response = await injectAs(down, await signIn(down, member.email), {
        method: 'POST',
        url: '/api/bid-sessions/submit-bid',
        payload: { sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } },
      });
      expect(response.statusCode).toBe(200);
      const queued = await down.db.select().from(outbox).where(eq(outbox.memberId, member.id));
      expect(queued.map((row) => row.kind).sort()).toEqual(['bid_confirmation', 'session_completed', 'turn_started']);
      const failedTick = await down.app.outboxWorker.tick();
      expect(failedTick.sent).toBe(0);
      expect(failedTick.retrying).toBe(3);

      const revived = await startSmtpCapture(port);
      try {
        down.clock.advance(OUTBOX_RETRY_DELAYS_MS[0] ?? 30_000);
        expect(await down.app.outboxWorker.tick()).toMatchObject({ sent: 3 });
        const confirmation = revived.messages.find((message) => message.subject === 'Bid confirmed: Outage Bid');
        expect(confirmation?.to).toContain(member.email);
        expect(confirmation?.text).toContain('shift A, Firefighter.');
      } finally {
        await revived.close();
      }
    } finally {
      await down.close();
    }
  });
});

describe('a failure to queue messages', () => {
  it('never fails or undoes the engine step: the session starts and its in-app notification stays', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const member = await createMember(context);
    const session = await createSession(context, await asAdmin(), { participantIds: [member.id] });
    const [admin] = await context.db.select().from(members).where(eq(members.email, adminEmail));
    if (!admin) throw new Error('no admin');
    const engine = new SessionEngineService(
      context.db,
      context.clock,
      context.app.log,
      () => {},
      async (executor) => executor.execute(sql`select 1 / 0`),
    );
    await engine.start(admin, session.id);
    const status = await injectAs(context, await asAdmin(), { method: 'GET', url: `/api/bid-sessions/${session.id}` });
    expect(status.json().session.status).toBe('active');
    expect(await context.db.select().from(outbox).where(eq(outbox.memberId, member.id))).toEqual([]);
    const notifications = await injectAs(context, await signIn(context, member.email), {
      method: 'GET',
      url: '/api/users/notifications',
    });
    expect(notifications.json().notifications).toEqual([expect.objectContaining({ title: 'Your bid time has begun' })]);
  });
});
