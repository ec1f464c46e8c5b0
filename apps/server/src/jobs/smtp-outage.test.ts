/**
 * The SMTP outage drill of issue 17: with the SMTP server down for 2 minutes during a session,
 * every queued message is delivered exactly once after it returns.
 *
 * End to end on the app's real paths: a session started and played through the API (own bid,
 * phone-in bid, a turn that runs out and is auto-assigned), the turn clock and the outbox worker
 * ticking every 2 s of the app's clock as they do in production, a real SMTP server that is closed
 * (connection refused) for 2 minutes of that clock and then started again on the same port. No
 * real waiting: the clock is moved by hand, only the connection attempts are real.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryConfig } from '../config/env.ts';
import { bidSessions, outbox } from '../db/schema/index.ts';
import { createStationWithSeats, type MemberRow, startSession } from '../modules/session-engine/test-sessions.ts';
import { type CapturedEmail, type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createAdmin, createMember, createTestContext, injectAs, signIn, type TestContext } from '../test/test-app.ts';

const SESSION_NAME = 'Outage Drill 2026';
/** Steps of the simulated clock: the turn clock's interval in production (the outbox's lanes poll more often). */
const TICK_MS = 2_000;
const OUTAGE_STARTS_AT_MS = 2_000;
const OUTAGE_MS = 2 * 60_000;

function emailDelivery(port: number): DeliveryConfig {
  return {
    publicWebUrl: 'https://bids.example-fd.org',
    departmentTimeZone: 'UTC',
    email: {
      smtpUrl: `smtp://stationbid:smtp-test-password@127.0.0.1:${port}`,
      from: 'StationBid <no-reply@example-fd.org>',
    },
    sms: undefined,
  };
}

describe('an SMTP outage of 2 minutes during a running session', () => {
  let context: TestContext;
  let smtpBefore: SmtpCapture;
  let smtpAfter: SmtpCapture | undefined;

  beforeAll(async () => {
    smtpBefore = await startSmtpCapture();
    context = await createTestContext({}, { delivery: emailDelivery(smtpBefore.port) });
  });
  afterAll(async () => {
    await context.close();
    await smtpBefore.close();
    await smtpAfter?.close();
  });

  it('queues what the session sends meanwhile and delivers every message exactly once after the server returns', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 3 } }, { name: 'Harbor' });
    // Queue order is by seniority: Ana, then Ben, then Cy.
    const ana = await createMember(context, { firstName: 'Ana', yearsOfService: 30 });
    const ben = await createMember(context, { firstName: 'Ben', yearsOfService: 20 });
    const cy = await createMember(context, { firstName: 'Cy', yearsOfService: 10 });
    const admin = await signIn(context, (await createAdmin(context)).email);
    const startedAt = context.clock.now().getTime();
    const elapsed = () => context.clock.now().getTime() - startedAt;
    const bid = async (who: MemberRow, options: { asAdmin?: boolean } = {}) => {
      const auth = options.asAdmin ? admin : await signIn(context, who.email);
      const response = await injectAs(context, auth, {
        method: 'POST',
        url: '/api/bid-sessions/submit-bid',
        payload: {
          sessionId,
          bidData: { station: station.id, shift: 'A', position: 'Firefighter' },
          ...(options.asAdmin ? { userId: who.id } : {}),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    // One-minute turns, so that Cy's turn runs out (and then his auto-assign minute) in the drill.
    const sessionId = await startSession(context, admin, {
      participantIds: [ana.id, ben.id, cy.id],
      name: SESSION_NAME,
      bidWindowDuration: 1,
      autoAssignTimeout: 1,
    });
    const worker = context.app.outboxWorker;
    expect(await worker.tick()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtpBefore.messages.map((message) => [message.to[0], message.subject])).toEqual([
      [ana.email, `Your bid time has begun: ${SESSION_NAME}`],
    ]);

    // What members and an administrator do during the drill, at these times since the start.
    const actions = new Map<number, () => Promise<void>>([
      [20_000, () => bid(ana)],
      [40_000, () => bid(ben, { asAdmin: true })],
      // Cy does nothing: at 1:40 his turn runs out (moved to the back, a new turn of one minute),
      // at 2:40 he is auto-assigned and the session completes.
    ]);
    const readSession = async () =>
      (await context.db.select().from(bidSessions).where(eq(bidSessions.id, sessionId)))[0];
    const pendingEmails = async () =>
      (await context.db.select().from(outbox).where(eq(outbox.channel, 'email'))).filter(
        (row) => row.status !== 'sent',
      );

    let isDown = false;
    let deliveredDuringOutage = 0;
    let failedAttemptsDuringOutage = 0;
    let errorsAtOutageEnd: string[] = [];
    // Production's loop, one step per 2 s of the app's clock: what people do, then the turn clock, then the worker.
    for (let step = 0; step < (30 * 60_000) / TICK_MS; step += 1) {
      context.clock.advance(TICK_MS);
      if (!isDown && smtpAfter === undefined && elapsed() >= OUTAGE_STARTS_AT_MS) {
        // The SMTP server goes away: its port refuses connections.
        await smtpBefore.close();
        isDown = true;
      }
      if (isDown && elapsed() >= OUTAGE_STARTS_AT_MS + OUTAGE_MS) {
        errorsAtOutageEnd = (await pendingEmails()).map((row) => row.lastError ?? '');
        smtpAfter = await startSmtpCapture(smtpBefore.port);
        isDown = false;
      }
      await actions.get(elapsed())?.();
      await context.app.turnClock.tick();
      const report = await worker.tick();
      expect(report.failed, 'no message is given up on').toBe(0);
      if (isDown) {
        deliveredDuringOutage += report.sent;
        failedAttemptsDuringOutage += report.retrying;
      }
      if (smtpAfter && (await readSession())?.status === 'completed' && (await pendingEmails()).length === 0) break;
    }

    // The drill ran as planned: the session completed, and messages waited while the server was away.
    expect(smtpAfter, 'the SMTP server came back').toBeDefined();
    expect((await readSession())?.status).toBe('completed');
    expect(deliveredDuringOutage).toBe(0);
    expect(failedAttemptsDuringOutage).toBeGreaterThanOrEqual(5);
    // Each waiting message says why: the port refused the connection.
    expect(errorsAtOutageEnd.length).toBeGreaterThan(0);
    for (const error of errorsAtOutageEnd) expect(error).toMatch(/ECONNREFUSED/);

    const rows = await context.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    const received: CapturedEmail[] = [...smtpBefore.messages, ...(smtpAfter?.messages ?? [])];
    const outageEnd = startedAt + OUTAGE_STARTS_AT_MS + OUTAGE_MS;
    const queuedDuringOutage = rows.filter(
      (row) => row.createdAt.getTime() >= startedAt + OUTAGE_STARTS_AT_MS && row.createdAt.getTime() < outageEnd,
    );
    // Ana's confirmation, Ben's turn and phone-in confirmation, Cy's turn, the notice that his turn
    // ran out and he is at the back, and his second turn.
    expect(queuedDuringOutage).toHaveLength(6);
    expect(queuedDuringOutage.filter((row) => row.kind === 'moved_to_back')).toHaveLength(1);
    for (const row of queuedDuringOutage) {
      expect(row.attempts, row.subject ?? '').toBeGreaterThanOrEqual(2);
      expect(row.sentAt?.getTime(), row.subject ?? '').toBeGreaterThanOrEqual(outageEnd);
    }

    // Exactly once: each outbox row arrived once, nothing arrived that is not in the outbox.
    expect(received.map((message) => message.outboxId).sort()).toEqual(rows.map((row) => row.id).sort());
    for (const row of rows) {
      expect(row, `${row.recipient}: ${row.subject}`).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
    }
    // And by what a member sees in their inbox: no message twice, none missing.
    const inbox = (member: MemberRow) =>
      received
        .filter((message) => message.to.includes(member.email))
        .map((message) => message.subject)
        .sort();
    expect(inbox(ana)).toEqual([
      `Bid confirmed: ${SESSION_NAME}`,
      `Bid session completed: ${SESSION_NAME}`,
      `Your bid time has begun: ${SESSION_NAME}`,
    ]);
    expect(inbox(ben)).toEqual([
      `Bid confirmed: ${SESSION_NAME}`,
      `Bid session completed: ${SESSION_NAME}`,
      `Your bid time has begun: ${SESSION_NAME}`,
    ]);
    expect(inbox(cy)).toEqual([
      `Bid session completed: ${SESSION_NAME}`,
      `Seat assigned by auto-assignment: ${SESSION_NAME}`,
      `You missed your turn: ${SESSION_NAME}`,
      `Your bid time has begun: ${SESSION_NAME}`,
      `Your bid time has begun: ${SESSION_NAME}`,
    ]);
    expect(received).toHaveLength(11);
    // Cy's two turn notices are two messages (two turns), not one delivered twice.
    const cyTurns = received.filter(
      (message) => message.to.includes(cy.email) && message.subject.startsWith('Your bid'),
    );
    expect(new Set(cyTurns.map((message) => message.text)).size).toBe(2);

    // Nothing more goes out later, and the administrators' delivery status is clear again.
    context.clock.advance(24 * 60 * 60_000);
    expect(await context.app.turnClock.tick()).toBeDefined();
    expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtpBefore.messages.length + (smtpAfter?.messages.length ?? 0)).toBe(received.length);
    const status = await context.app.deliveryStatus.getStatus();
    expect(status.email).toMatchObject({ isConfigured: true, queued: 0, failed: 0 });
    expect(status.recentFailures).toEqual([]);
  });
});
