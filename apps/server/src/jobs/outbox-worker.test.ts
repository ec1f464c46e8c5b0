import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEMBER_ADMIN_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryConfig } from '../config/env.ts';
import { outbox } from '../db/schema/index.ts';
import { DeliveryError, type MessageSender } from '../modules/delivery/message-senders.ts';
import { claimDueMessages } from '../modules/delivery/outbox.repository.ts';
import { findFreePort, type SmtpCapture, startSmtpCapture } from '../test/smtp-capture.ts';
import { createAdmin, createTestContext, injectAs, signIn, type TestContext } from '../test/test-app.ts';
import { OUTBOX_RETRY_DELAYS_MS, OutboxWorker } from './outbox-worker.ts';

const WEB_URL = 'https://bids.example-fd.org';
const MAIL_FROM = 'StationBid <no-reply@example-fd.org>';

const emailDelivery = (smtpUrl: string): DeliveryConfig => ({
  publicWebUrl: WEB_URL,
  departmentTimeZone: 'America/Chicago',
  email: { smtpUrl, from: MAIL_FROM },
  sms: undefined,
});

async function queueEmail(context: TestContext, recipient: string, subject = 'Hello') {
  const [row] = await context.db
    .insert(outbox)
    .values({
      channel: 'email',
      kind: 'test',
      recipient,
      subject,
      textBody: `Text for ${recipient}\n/dashboard`,
      htmlBody: `<p>HTML for ${recipient} <a href="/dashboard">open</a></p>`,
      nextAttemptAt: context.clock.now(),
      createdAt: context.clock.now(),
    })
    .returning();
  if (!row) throw new Error('not queued');
  return row;
}

const findRow = async (context: TestContext, id: string) =>
  (await context.db.select().from(outbox).where(eq(outbox.id, id)))[0];

function silentLog() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
}

describe('outbox worker over a real SMTP server', () => {
  let smtp: SmtpCapture;
  let context: TestContext;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    context = await createTestContext({}, { delivery: emailDelivery(smtp.url) });
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
  });

  it('delivers the password-setup e-mail of a member an administrator created, with an absolute link', async () => {
    const admin = await createAdmin(context);
    const session = await signIn(context, admin.email);
    const response = await injectAs(context, session, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { firstName: 'Rosa', lastName: 'Diaz', email: 'rosa.diaz@example-fd.org', employeeId: 'E-77' },
    });
    expect(response.statusCode).toBe(201);
    // E-mail is configured, so the answer says the message is on its way, not "not configured".
    expect(response.json()).toMatchObject({
      message: MEMBER_ADMIN_MESSAGES.userCreatedSetupEmailQueued,
      emailSent: false,
      emailError: null,
      emailQueued: true,
    });

    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const delivered = smtp.messages.find((message) => message.to.includes('rosa.diaz@example-fd.org'));
    expect(delivered).toBeDefined();
    expect(delivered?.from).toBe('no-reply@example-fd.org');
    expect(delivered?.subject).toBe('Set up your StationBid password');
    expect(delivered?.text).toMatch(/^Hello Rosa,/);
    expect(delivered?.text).toMatch(new RegExp(`^${WEB_URL}/reset-password/[A-Za-z0-9_-]{43}$`, 'm'));
    expect(delivered?.html).toContain(`href="${WEB_URL}/reset-password/`);

    const [row] = await context.db.select().from(outbox).where(eq(outbox.recipient, 'rosa.diaz@example-fd.org'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentAt: context.clock.now(), lastError: null });
    expect(delivered?.outboxId).toBe(row?.id);

    // Nothing is sent twice.
    context.clock.advance(60 * 60_000);
    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.messages.filter((message) => message.to.includes('rosa.diaz@example-fd.org'))).toHaveLength(1);
  });

  it('gives up at once on a message the SMTP server refuses (5xx), and reports the reason', async () => {
    const refusing = await startSmtpCaptureRefusing();
    const other = await createTestContext({}, { delivery: emailDelivery(refusing.url) });
    try {
      const row = await queueEmail(other, 'nobody@example-fd.org');
      expect(await other.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 0, failed: 1 });
      const stored = await findRow(other, row.id);
      expect(stored).toMatchObject({ status: 'failed', attempts: 1 });
      expect(stored?.lastError).toMatch(/550/);
      const status = await other.app.deliveryStatus.getStatus();
      expect(status.email).toMatchObject({ isConfigured: true, failed: 1, queued: 0, lastSentAt: null });
      expect(status.recentFailures).toEqual([
        expect.objectContaining({
          id: row.id,
          recipient: 'nobody@example-fd.org',
          willRetry: false,
          nextAttemptAt: null,
          lastError: expect.stringMatching(/No such mailbox/),
        }),
      ]);
    } finally {
      await other.close();
      await refusing.close();
    }
  });
});

/** An SMTP server that refuses every recipient with 550. */
async function startSmtpCaptureRefusing() {
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('an SMTP server that is down, then comes back', () => {
  it('retries with growing pauses and delivers every message exactly once', async () => {
    const port = await findFreePort();
    const context = await createTestContext(
      {},
      { delivery: emailDelivery(`smtp://stationbid:smtp-test-password@127.0.0.1:${port}`) },
    );
    let smtp: SmtpCapture | undefined;
    try {
      const queued = await Promise.all(
        ['a@example-fd.org', 'b@example-fd.org', 'c@example-fd.org'].map((to) => queueEmail(context, to)),
      );
      const worker = context.app.outboxWorker;
      const startedAt = context.clock.now().getTime();

      expect(await worker.tick()).toEqual({ sent: 0, retrying: 3, failed: 0 });
      for (const row of queued) {
        const stored = await findRow(context, row.id);
        expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
        expect(stored?.lastError).toMatch(/ECONNREFUSED/);
        expect(stored?.nextAttemptAt.getTime()).toBe(startedAt + OUTBOX_RETRY_DELAYS_MS[0]!);
      }
      const waiting = await context.app.deliveryStatus.getStatus();
      expect(waiting.email).toMatchObject({ isConfigured: true, queued: 3, failed: 0 });
      expect(waiting.recentFailures).toHaveLength(3);
      expect(waiting.recentFailures[0]).toMatchObject({ willRetry: true, attempts: 1 });

      // Not due yet: nothing is tried.
      context.clock.advance(OUTBOX_RETRY_DELAYS_MS[0]! - 1);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      context.clock.advance(1);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 3, failed: 0 });
      const second = await findRow(context, queued[0]!.id);
      expect(second?.nextAttemptAt.getTime()).toBe(context.clock.now().getTime() + OUTBOX_RETRY_DELAYS_MS[1]!);

      smtp = await startSmtpCapture(port);
      context.clock.advance(OUTBOX_RETRY_DELAYS_MS[1]!);
      expect(await worker.tick()).toEqual({ sent: 3, retrying: 0, failed: 0 });
      context.clock.advance(24 * 60 * 60_000);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });

      expect(smtp.messages.map((message) => message.outboxId).sort()).toEqual(queued.map((row) => row.id).sort());
      expect(smtp.messages.map((message) => message.to[0]).sort()).toEqual([
        'a@example-fd.org',
        'b@example-fd.org',
        'c@example-fd.org',
      ]);
      // Links carried as paths become absolute, in both parts.
      expect(smtp.messages[0]?.text).toContain(`\n${WEB_URL}/dashboard`);
      expect(smtp.messages[0]?.html).toContain(`href="${WEB_URL}/dashboard"`);
      for (const row of queued) expect(await findRow(context, row.id)).toMatchObject({ status: 'sent', attempts: 3 });
      const status = await context.app.deliveryStatus.getStatus();
      expect(status.email).toMatchObject({ queued: 0, failed: 0, lastSentAt: expect.any(String) });
      expect(status.recentFailures).toEqual([]);
    } finally {
      await context.close();
      await smtp?.close();
    }
  });

  it('claims a message again only after the lease of a worker that died mid-send has run out', async () => {
    const smtp = await startSmtpCapture();
    const context = await createTestContext({}, { delivery: emailDelivery(smtp.url) });
    try {
      const row = await queueEmail(context, 'lease@example-fd.org');
      // A worker claimed it and then the process died before recording anything.
      const now = context.clock.now();
      const [claimed] = await claimDueMessages(context.db, {
        channel: 'email',
        now,
        leaseEndsAt: new Date(now.getTime() + 10 * 60_000),
        limit: 10,
      });
      expect(claimed).toMatchObject({ id: row.id, status: 'sending', attempts: 1 });

      // The restarted worker leaves it alone while the lease lasts...
      context.clock.advance(9 * 60_000);
      expect(await context.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      // ...and delivers it once the lease is over.
      context.clock.advance(60_000);
      expect(await context.app.outboxWorker.tick()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(1);
      expect(await findRow(context, row.id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await context.close();
      await smtp.close();
    }
  });
});

describe('outbox worker retry policy', () => {
  it('marks a message failed with the last error once its attempts are used up', async () => {
    const context = await createTestContext();
    try {
      const row = await queueEmail(context, 'flaky@example-fd.org');
      let calls = 0;
      const failingSender: MessageSender = {
        send: async () => {
          calls += 1;
          throw new DeliveryError(`timeout number ${calls}`, false);
        },
        close: async () => {},
      };
      const worker = new OutboxWorker(context.db, context.clock, { email: failingSender }, silentLog(), {
        maxAttempts: 3,
      });
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      context.clock.advance(OUTBOX_RETRY_DELAYS_MS[0]!);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      context.clock.advance(OUTBOX_RETRY_DELAYS_MS[1]!);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 1 });
      context.clock.advance(24 * 60 * 60_000);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(calls).toBe(3);
      expect(await findRow(context, row.id)).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: 'timeout number 3',
      });
      await worker.stop();
    } finally {
      await context.close();
    }
  });

  it('waits 30 s, 2 min, 10 min, 30 min, 1 h, then 2 h between attempts', () => {
    const worker = new OutboxWorker({} as never, { now: () => new Date() }, {}, silentLog());
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((attempts) => worker.retryDelayMs(attempts) / 1000)).toEqual([
      30, 120, 600, 1800, 3600, 7200, 7200, 7200,
    ]);
  });
});

describe('with nothing configured', () => {
  it('keeps messages queued, logs that once, and the status says the channels are not configured', async () => {
    const context = await createTestContext();
    try {
      const email = await queueEmail(context, 'queued@example-fd.org');
      const log = silentLog();
      const worker = new OutboxWorker(context.db, context.clock, {}, log);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      context.clock.advance(60 * 60_000);
      expect(await worker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(await context.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(await findRow(context, email.id)).toMatchObject({ status: 'pending', attempts: 0, lastAttemptAt: null });
      const notConfiguredWarnings = log.warn.mock.calls.filter(([, text]) => /not configured/.test(String(text)));
      expect(notConfiguredWarnings).toHaveLength(1);
      expect(notConfiguredWarnings[0]?.[1]).toMatch(/^e-mail not configured: 1 message stays queued until SMTP_URL/);

      const status = await context.app.deliveryStatus.getStatus();
      expect(status).toEqual({
        email: { isConfigured: false, lastSentAt: null, queued: 1, failed: 0 },
        sms: { isConfigured: false, lastSentAt: null, queued: 0, failed: 0 },
        push: { isConfigured: true, lastSentAt: null, queued: 0, failed: 0, devices: 0, removedDevices: 0 },
        recentFailures: [],
      });
    } finally {
      await context.close();
    }
  });
});

describe('SMS through a Twilio-compatible HTTP API', () => {
  interface ReceivedRequest {
    method: string | undefined;
    url: string | undefined;
    headers: IncomingMessage['headers'];
    form: URLSearchParams;
  }
  const received: ReceivedRequest[] = [];
  let answer: { status: number; body: unknown } = { status: 201, body: { sid: 'SM1', status: 'queued' } };
  const provider = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  let context: TestContext;

  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    context = await createTestContext(
      {},
      {
        delivery: {
          publicWebUrl: WEB_URL,
          departmentTimeZone: 'UTC',
          email: undefined,
          sms: {
            providerUrl: `http://127.0.0.1:${port}`,
            accountSid: 'AC0123456789',
            authToken: 'sms-secret',
            from: '+15550001111',
          },
        },
      },
    );
  });
  afterAll(async () => {
    await context.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  const queueSms = async (to: string, body: string) => {
    const [row] = await context.db
      .insert(outbox)
      .values({ channel: 'sms', kind: 'test', recipient: to, textBody: body, nextAttemptAt: context.clock.now() })
      .returning();
    if (!row) throw new Error('not queued');
    return row;
  };

  it('posts To, From and Body form-encoded with basic auth to the account Messages.json', async () => {
    const row = await queueSms('+15557654321', 'Your turn to bid starts in 5 minutes.\n/bidding');
    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789:sms-secret').toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+15557654321',
      From: '+15550001111',
      Body: `Your turn to bid starts in 5 minutes.\n${WEB_URL}/bidding`,
    });
    expect(await findRow(context, row.id)).toMatchObject({ status: 'sent', attempts: 1 });
    const status = await context.app.deliveryStatus.getStatus();
    expect(status.sms).toMatchObject({ isConfigured: true, queued: 0, lastSentAt: context.clock.now().toISOString() });
    expect(status.email.isConfigured).toBe(false);
  });

  it("gives up on a number the provider refuses (4xx) and retries the provider's own failures (5xx)", async () => {
    answer = {
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    };
    const refused = await queueSms('12', 'Hello');
    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await findRow(context, refused.id))?.lastError).toBe(
      "SMS provider answered 400: The 'To' number is not a valid phone number. (code 21211)",
    );

    answer = { status: 503, body: { message: 'Service unavailable' } };
    const retried = await queueSms('+15557654321', 'Hello again');
    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    answer = { status: 201, body: { sid: 'SM2' } };
    context.clock.advance(OUTBOX_RETRY_DELAYS_MS[0]!);
    expect(await context.app.outboxWorker.tick()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await findRow(context, retried.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
