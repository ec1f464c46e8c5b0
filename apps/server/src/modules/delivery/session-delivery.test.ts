/**
 * "Was Grace told?" through the API: a session's delivery log (GET /bid-sessions/:id/delivery-log)
 * lists each notice the session queued for its participants, per member and channel, with its time
 * and result from the outbox; the control panel's queue head (GET /bid-sessions/:id/next-in-queue)
 * says who is online and how each one's latest turn notice went. Administrators only.
 */
import type { DeliveryLog, NextInQueue } from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, participants } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, type MemberRow, startSession } from '../session-engine/test-sessions.ts';
import { DeliveryError, type MessageSender } from './message-senders.ts';
import { backfillOutboxSessions } from './session-delivery.repository.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const acceptingSender: MessageSender = { send: async () => undefined, close: async () => undefined };
const refusingSender: MessageSender = {
  send: async () => {
    throw new DeliveryError('Number is not reachable by text', true);
  },
  close: async () => undefined,
};

let context: TestContext;
let adminSignIn: SignedIn;
let memberSignIn: SignedIn;
let grace: MemberRow;
let alan: MemberRow;
let sessionId: string;
let otherSessionId: string;

beforeAll(async () => {
  context = await createTestContext({}, { outboxSenders: { email: acceptingSender, sms: refusingSender } });
  context.clock.set('2026-11-24T09:00:00.000Z');
  adminSignIn = await signIn(context, (await createAdmin(context)).email);
  // Grace is the most senior, so her turn comes first: e-mail and a text.
  grace = await createMember(context, {
    firstName: 'Grace',
    lastName: 'Hopper',
    yearsOfService: 30,
    smsNotifications: true,
    phone: '+13125550123',
  });
  alan = await createMember(context, { firstName: 'Alan', lastName: 'Turing', yearsOfService: 20 });
  const edsger = await createMember(context, { firstName: 'Edsger', lastName: 'Dijkstra', yearsOfService: 10 });
  memberSignIn = await signIn(context, alan.email);
  sessionId = await startSession(context, adminSignIn, { participantIds: [grace.id, alan.id, edsger.id] });
  await context.app.outboxWorker.tick();
  // Another session of Grace's, not started: its messages are not this session's.
  otherSessionId = (await createSession(context, adminSignIn, { participantIds: [grace.id, alan.id] })).id;
  const [otherParticipant] = await context.db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.sessionId, otherSessionId), eq(participants.memberId, grace.id)));
  await context.db.insert(outbox).values({
    channel: 'email',
    kind: 'turn_started',
    memberId: grace.id,
    recipient: grace.email,
    subject: 'Your turn',
    textBody: 'Your turn',
    dedupeKey: `turn_started:${otherParticipant?.id}:elsewhere:email`,
  });
  // Queued before the outbox named its session: the start-up backfill links it by its dedupe key.
  await backfillOutboxSessions(context.db);
});
afterAll(async () => {
  await context?.close();
});

const readLog = (who: SignedIn, id: string, query = '') =>
  injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${id}/delivery-log${query}` });

describe('the delivery log of a session', () => {
  it("answers whether Grace was told of her turn: each channel's notice with its time and result", async () => {
    const response = await readLog(adminSignIn, sessionId, `?memberId=${grace.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const log = response.json<DeliveryLog>();
    const turnNotices = log.entries.filter((entry) => entry.kind === 'turn_started');
    expect(turnNotices.map((entry) => [entry.memberName, entry.channel, entry.kindLabel, entry.result])).toEqual(
      expect.arrayContaining([
        ['Grace Hopper', 'email', 'Your turn', 'delivered'],
        ['Grace Hopper', 'sms', 'Your turn', 'failed'],
      ]),
    );
    expect(turnNotices).toHaveLength(2);
    const email = turnNotices.find((entry) => entry.channel === 'email');
    expect(email).toMatchObject({ recipient: grace.email, sentAt: '2026-11-24T09:00:00.000Z', attempts: 1 });
    const text = turnNotices.find((entry) => entry.channel === 'sms');
    expect(text).toMatchObject({
      recipient: '+13125550123',
      sentAt: null,
      lastError: expect.stringContaining('not reachable'),
    });
    // Only Grace's, and only this session's (the other session's notice is left out).
    expect(log.entries.every((entry) => entry.memberId === grace.id)).toBe(true);
    expect(log.total).toBe(log.entries.length);
  });

  it('filters by channel and pages, counting every match', async () => {
    const texts = (await readLog(adminSignIn, sessionId, '?channel=sms')).json<DeliveryLog>();
    expect(texts.entries.map((entry) => entry.channel)).toEqual(['sms']);
    const all = (await readLog(adminSignIn, sessionId)).json<DeliveryLog>();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const firstPage = (await readLog(adminSignIn, sessionId, '?limit=1')).json<DeliveryLog>();
    expect(firstPage).toMatchObject({ total: all.total, limit: 1, offset: 0 });
    expect(firstPage.entries).toHaveLength(1);
    const secondPage = (await readLog(adminSignIn, sessionId, '?limit=1&offset=1')).json<DeliveryLog>();
    expect(secondPage.entries[0]?.id).not.toBe(firstPage.entries[0]?.id);
  });

  it('finds nothing for a member the session did not notify', async () => {
    const log = (await readLog(adminSignIn, otherSessionId)).json<DeliveryLog>();
    expect(log.entries.map((entry) => [entry.memberName, entry.kind])).toEqual([['Grace Hopper', 'turn_started']]);
    const alans = (await readLog(adminSignIn, sessionId, `?memberId=${alan.id}&channel=sms`)).json<DeliveryLog>();
    expect(alans).toMatchObject({ entries: [], total: 0 });
  });

  it("lists an administrator's reminder (no dedupe key) under its session, and no other session's", async () => {
    const reminder = await injectAs(context, adminSignIn, {
      method: 'POST',
      url: `/api/bid-sessions/${sessionId}/send-reminders`,
      payload: {},
    });
    expect(reminder.statusCode, reminder.body).toBe(200);
    const log = (await readLog(adminSignIn, sessionId, `?memberId=${alan.id}&channel=email`)).json<DeliveryLog>();
    expect(log.entries.map((entry) => [entry.memberName, entry.kind])).toContainEqual([
      'Alan Turing',
      'session_reminder',
    ]);
    const otherSession = (await readLog(adminSignIn, otherSessionId)).json<DeliveryLog>();
    expect(otherSession.entries.map((entry) => entry.kind)).not.toContain('session_reminder');
  });

  it('links old rows by their dedupe key once, and leaves rows that name no session alone', async () => {
    const [legacy] = await context.db
      .insert(outbox)
      .values([
        {
          channel: 'email',
          kind: 'password_setup',
          memberId: alan.id,
          recipient: alan.email,
          textBody: 'Set your password',
          dedupeKey: `password_setup:${alan.id}`,
        },
      ])
      .returning({ id: outbox.id });
    expect(await backfillOutboxSessions(context.db)).toBe(0);
    const [row] = await context.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, legacy?.id ?? ''));
    expect(row?.sessionId).toBeNull();
  });

  it('is for administrators only, and refuses an unknown session or a page too large', async () => {
    expect((await readLog(memberSignIn, sessionId)).statusCode).toBe(403);
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/bid-sessions/${sessionId}/delivery-log` })).statusCode,
    ).toBe(401);
    expect((await readLog(adminSignIn, UNKNOWN_ID)).statusCode).toBe(404);
    const tooMany = await readLog(adminSignIn, sessionId, '?limit=5000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('limit must be a whole number from 1 to 200');
  });
});

describe("the control panel's queue head", () => {
  const readHead = (who: SignedIn, id: string) =>
    injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${id}/next-in-queue` });

  it('lists the turn holder then the next, with their turn notices per channel and who is online', async () => {
    await context.db
      .update(participants)
      .set({ joinedAt: context.clock.now(), lastSeenAt: context.clock.now() })
      .where(and(eq(participants.sessionId, sessionId), eq(participants.memberId, alan.id)));
    const response = await readHead(adminSignIn, sessionId);
    expect(response.statusCode, response.body).toBe(200);
    const head = response.json<NextInQueue>();
    expect(head.waiting).toBe(3);
    expect(head.entries.map((entry) => [entry.name, entry.turnsAway, entry.isOnline])).toEqual([
      ['Grace Hopper', 0, false],
      ['Alan Turing', 1, true],
      ['Edsger Dijkstra', 2, false],
    ]);
    expect(head.entries[0]?.notices).toEqual({
      email: { kind: 'turn_started', kindLabel: 'Your turn', result: 'delivered', at: '2026-11-24T09:00:00.000Z' },
      sms: { kind: 'turn_started', kindLabel: 'Your turn', result: 'failed', at: expect.any(String) },
      push: null,
    });
  });

  it('numbers a scheduled session from 1, nobody holding the turn', async () => {
    const head = (await readHead(adminSignIn, otherSessionId)).json<NextInQueue>();
    expect(head.entries.map((entry) => [entry.name, entry.turnsAway])).toEqual([
      ['Grace Hopper', 1],
      ['Alan Turing', 2],
    ]);
  });

  it('is for administrators only and 404 for an unknown session', async () => {
    expect((await readHead(memberSignIn, sessionId)).statusCode).toBe(403);
    expect((await readHead(adminSignIn, UNKNOWN_ID)).statusCode).toBe(404);
  });
});
