/**
 * Fair notice for every member: no recipient, channel or provider holds up anyone else's message.
 * Real sockets throughout: an SMTP server in the process, push endpoints that accept a connection
 * and never answer (tarpits), and the app's own worker.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, pushSubscriptions } from '../db/schema/index.ts';
import type { MessageSender, OutgoingMessage } from '../modules/delivery/message-senders.ts';
import { createStationWithSeats, startSession } from '../modules/session-engine/test-sessions.ts';
import { insertOutboxMessages, type OutboxMessage } from '../modules/session-messages/session-messages.repository.ts';
import { deliveryTo, type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createAdmin, createMember, createTestContext, injectAs, signIn, type TestContext } from '../test/test-app.ts';
import { OutboxWorker } from './outbox-worker.ts';

const PUSH_TIMEOUT_MS = 1_000;

/** Push endpoints that accept a connection and never answer, each its own push-service origin. */
async function startTarpits(count: number) {
  const sockets: Socket[] = [];
  const servers: Server[] = [];
  let closed = 0;
  for (let index = 0; index < count; index += 1) {
    const server = createServer((socket) => {
      sockets.push(socket);
      // Reads what is sent (so it sees the hang-up) and never answers.
      socket.resume();
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed += 1;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return {
    origins: servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    /** Connections opened so far, and those the server gave up on. */
    connections: () => sockets.length,
    closed: () => closed,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

const fakeKeys = {
  // A valid P-256 point and auth secret, as a browser sends them.
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

function silentLog() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
}

async function until(condition: () => boolean, what: string) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 15_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a member whose push devices never answer', () => {
  let smtp: SmtpCapture;
  let context: TestContext;
  let tarpits: Awaited<ReturnType<typeof startTarpits>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    tarpits = await startTarpits(5);
    context = await createTestContext(
      {},
      {
        delivery: deliveryTo(smtp.url),
        pushTimeoutMs: PUSH_TIMEOUT_MS,
      },
    );
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
    await tarpits.close();
  });

  it("holds up no one's turn e-mail, backs off by itself, and its later pushes take no connection", async () => {
    const admin = await signIn(context, (await createAdmin(context)).email);
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 3 } });
    const hostile = await createMember(context, { firstName: 'Hal', yearsOfService: 30, pushNotifications: true });
    const alice = await createMember(context, { firstName: 'Alice', yearsOfService: 20 });
    const bob = await createMember(context, { firstName: 'Bob', yearsOfService: 10 });
    const hostileAuth = await signIn(context, hostile.email);
    for (const origin of tarpits.origins) {
      const subscribed = await injectAs(context, hostileAuth, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { endpoint: `${origin}/device`, keys: fakeKeys },
      });
      expect(subscribed.statusCode).toBe(200);
    }
    const sessionId = await startSession(context, admin, {
      participantIds: [hostile.id, alice.id, bob.id],
      name: 'Fair Notice Bid',
    });
    const bid = await injectAs(context, hostileAuth, {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } },
    });
    expect(bid.statusCode).toBe(200);

    // Hal's turn push, his award push and Alice's turn e-mail are all due at once.
    const tick = context.app.outboxWorker.tick();
    const aliceTurn = () =>
      smtp.messages.find((message) => message.to.includes(alice.email) && /bid time has begun/.test(message.subject));
    await until(() => aliceTurn() !== undefined, "Alice's turn e-mail");
    // It reached the SMTP server before the server gave up on any of Hal's devices.
    expect(tarpits.closed()).toBe(0);
    const report = await tick;
    expect(report.retrying).toBe(tarpits.origins.length * 2);
    // The server hung up on each at its deadline.
    await until(() => tarpits.closed() === tarpits.origins.length * 2, 'the server to hang up on every device');
    expect(tarpits.connections()).toBe(tarpits.origins.length * 2);

    // Each device backs off by itself, as long as the message's own retry.
    const devices = await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, hostile.id));
    expect(devices.map((device) => device.consecutiveFailures)).toEqual(devices.map(() => 1));
    for (const device of devices) expect(device.retryAfter).toEqual(new Date(context.clock.now().getTime() + 30_000));
    const halsPushes = await context.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.recipient,
          devices.map((device) => device.id),
        ),
      );
    expect(halsPushes.map((row) => row.lastError)).toEqual(
      halsPushes.map(() => `push service did not answer within ${PUSH_TIMEOUT_MS / 1000} s`),
    );

    // A new push for Hal 10 s later waits for his devices' back-off, without a connection or an attempt.
    context.clock.advance(10_000);
    const connectionsBefore = tarpits.connections();
    await insertOutboxMessages(
      context.db,
      [
        {
          channel: 'push',
          kind: 'turn_approaching',
          memberId: hostile.id,
          recipient: devices[0]?.id ?? '',
          subject: null,
          textBody: JSON.stringify({
            message: { title: 'Later', body: 'x', url: '/dashboard', tag: 't' },
            urgency: 'normal',
            expiresAt: null,
          }),
          htmlBody: null,
          dedupeKey: null,
        },
      ],
      context.clock.now(),
    );
    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(tarpits.connections()).toBe(connectionsBefore);
    const [later] = await context.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'turn_approaching'))
      .then((rows) => rows.filter((row) => row.recipient === devices[0]?.id));
    expect(later).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: devices[0]?.retryAfter });
    expect(later?.lastError).toMatch(/^waiting: the device's push service failed 1 time/);
  });
});

describe('the order and independence of the lanes', () => {
  let smtp: SmtpCapture;
  let context: TestContext;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
  });

  it('sends "your turn" and "you\'re next" before reminders queued earlier', async () => {
    const member = await createMember(context);
    const email = (kind: string, subject: string): OutboxMessage => ({
      channel: 'email',
      kind,
      memberId: member.id,
      recipient: member.email,
      subject,
      textBody: subject,
      htmlBody: null,
      dedupeKey: null,
    });
    await insertOutboxMessages(
      context.db,
      [email('session_reminder', 'Reminder 1'), email('day_before_reminder', 'Reminder 2')],
      context.clock.now(),
    );
    context.clock.advance(1_000);
    await insertOutboxMessages(
      context.db,
      [
        email('bid_confirmation', 'Your seat'),
        email('turn_approaching', "You're next"),
        email('turn_started', 'Your turn'),
      ],
      context.clock.now(),
    );
    const { createEmailSender } = await import('../modules/delivery/message-senders.ts');
    const worker = new OutboxWorker(
      context.db,
      context.clock,
      { email: createEmailSender({ smtpUrl: smtp.url, from: 'no-reply@example-fd.org' }, 'https://x.example') },
      silentLog(),
      { concurrency: { email: 1 } },
    );
    try {
      expect(await worker.tick()).toEqual({ sent: 5, retrying: 0, failed: 0 });
    } finally {
      await worker.stop();
    }
    const subjects = smtp.messages.map((message) => message.subject);
    expect(subjects.slice(0, 2).sort()).toEqual(["You're next", 'Your turn']);
    expect(subjects.slice(2)).toEqual(['Your seat', 'Reminder 1', 'Reminder 2']);
  });

  it('delivers SMS while the e-mail provider hangs, and e-mail several at a time', async () => {
    const member = await createMember(context, { phone: '+15550100' });
    const queue = (channel: 'email' | 'sms', index: number): OutboxMessage => ({
      channel,
      kind: 'turn_started',
      memberId: member.id,
      recipient: channel === 'email' ? member.email : '+15550100',
      subject: 'Your turn',
      textBody: `message ${index}`,
      htmlBody: null,
      dedupeKey: null,
    });
    await insertOutboxMessages(
      context.db,
      [queue('email', 1), queue('email', 2), queue('sms', 3)],
      context.clock.now(),
    );
    const emailsInHand: OutgoingMessage[] = [];
    let releaseEmail: () => void = () => undefined;
    const emailReleased = new Promise<void>((resolve) => {
      releaseEmail = resolve;
    });
    const hangingEmail: MessageSender = {
      async send(message) {
        emailsInHand.push(message);
        await emailReleased;
      },
      async close() {},
    };
    const texts: OutgoingMessage[] = [];
    const sms: MessageSender = {
      async send(message) {
        texts.push(message);
      },
      async close() {},
    };
    const worker = new OutboxWorker(context.db, context.clock, { email: hangingEmail, sms }, silentLog());
    const tick = worker.tick();
    await until(() => texts.length === 1 && emailsInHand.length === 2, 'the SMS, and both e-mails in hand');
    releaseEmail();
    expect(await tick).toEqual({ sent: 3, retrying: 0, failed: 0 });
    await worker.stop();
  });

  it('sends at once when woken (a step just queued a notice), not at its next tick', async () => {
    const member = await createMember(context, { phone: '+15550101' });
    const texts: OutgoingMessage[] = [];
    const sms: MessageSender = {
      async send(message) {
        texts.push(message);
      },
      async close() {},
    };
    const worker = new OutboxWorker(context.db, context.clock, { sms }, silentLog(), { intervalMs: 10 * 60_000 });
    worker.start();
    try {
      // The first tick runs at start and finds nothing; the next is ten minutes away.
      await until(() => worker.status.lastTickAt !== undefined, 'the first tick');
      await insertOutboxMessages(
        context.db,
        [
          {
            channel: 'sms',
            kind: 'turn_started',
            memberId: member.id,
            recipient: '+15550101',
            subject: null,
            textBody: 'Your turn',
            htmlBody: null,
            dedupeKey: null,
          },
        ],
        context.clock.now(),
      );
      worker.wake();
      await until(() => texts.length === 1, 'the woken lane to send');
    } finally {
      await worker.stop();
    }
  });
});
