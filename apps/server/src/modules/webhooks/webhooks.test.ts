/**
 * Webhooks over HTTP, end to end: an administrator registers a receiver (a node:http server in this
 * test, on 127.0.0.1, which the test app allows as development does and production never does),
 * sessions and members change, the outbox worker delivers, and the receiver checks each signature
 * with the few lines of node:crypto a receiver would write (docs/integrations.md).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  isAllowedWebhookUrl,
  WEBHOOK_MESSAGES,
  webhookDeliveryListResponseSchema,
  webhookListResponseSchema,
  webhookSecretResponseSchema,
} from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { outbox, webhookAttempts } from '../../db/schema/index.ts';
import { OUTBOX_RETRY_DELAYS_MS } from '../../jobs/outbox-worker.ts';
import {
  capturedLog,
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  TEST_SETTINGS,
  type TestContext,
} from '../../test/test-app.ts';
import { DeliveryError } from '../delivery/message-senders.ts';
import { createSession, createStationWithSeats } from '../session-engine/test-sessions.ts';
import { createWebhookSender } from './webhook-sender.ts';
import { insertWebhookDeliveries, insertWebhookEndpoint } from './webhooks.repository.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver: answers the queued statuses in turn (then 200), keeping every request. */
class Receiver {
  readonly received: Received[] = [];
  readonly answers: number[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        this.received.push({ path: request.url ?? '', headers: request.headers, body });
        const status = this.answers.shift() ?? 200;
        if (status >= 300 && status < 400) response.setHeader('location', `${this.url}/moved`);
        response.statusCode = status;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  ofType(type: string) {
    return this.received.filter((request) => (JSON.parse(request.body) as { type: string }).type === type);
  }
}

/**
 * What a receiver writes to check a delivery (Standard Webhooks), with node:crypto alone: the same
 * lines as docs/integrations.md.
 */
function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

let context: TestContext;
let admin: SignedIn;
let adminEmail: string;
let member: SignedIn;
let memberId: string;
let stationId: string;
const receiver = new Receiver();

beforeAll(async () => {
  context = await createTestContext();
  await receiver.start();
  adminEmail = (await createAdmin(context, { firstName: 'Dana', lastName: 'Chief' })).email;
  const memberRow = await createMember(context);
  memberId = memberRow.id;
  member = await signIn(context, memberRow.email);
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
  stationId = station.id;
});
afterAll(async () => {
  await context?.app.close();
  await context?.close();
  await receiver.stop();
});
beforeEach(async () => {
  // Each test's deliveries are the newest listed.
  context.clock.advance(1_000);
  admin = await signIn(context, adminEmail);
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const register = (payload: Record<string, unknown>, who: SignedIn = admin) =>
  injectAs(context, who, { method: 'POST', url: '/api/admin/webhooks', payload });

async function newEndpoint(events: string[], path = '/hooks') {
  const response = await register({ url: `${receiver.url}${path}`, description: 'Scheduling system', events });
  expect(response.statusCode, response.body).toBe(201);
  return webhookSecretResponseSchema.parse(response.json());
}

async function listEndpoints() {
  const response = await injectAs(context, admin, { method: 'GET', url: '/api/admin/webhooks' });
  expect(response.statusCode).toBe(200);
  return webhookListResponseSchema.parse(response.json()).endpoints;
}

async function listDeliveries() {
  const response = await injectAs(context, admin, { method: 'GET', url: '/api/admin/webhooks/deliveries' });
  expect(response.statusCode).toBe(200);
  return webhookDeliveryListResponseSchema.parse(response.json()).deliveries;
}

const remove = (id: string) => injectAs(context, admin, { method: 'DELETE', url: `/api/admin/webhooks/${id}` });
const sendTest = (id: string) => injectAs(context, admin, { method: 'POST', url: `/api/admin/webhooks/${id}/test` });

describe('registering an endpoint', () => {
  it('answers a whsec_ secret once, and lists the endpoint without it', async () => {
    const created = await newEndpoint(['session.started']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created.message).toBe(WEBHOOK_MESSAGES.created);
    const listed = (await listEndpoints()).find((endpoint) => endpoint.id === created.endpoint.id);
    expect(listed).toMatchObject({ url: `${receiver.url}/hooks`, events: ['session.started'], enabled: true });
    expect(JSON.stringify(await listEndpoints())).not.toContain(created.secret);
    expect((await remove(created.endpoint.id)).statusCode).toBe(200);
  });

  it('refuses internal addresses, plain http and unknown events with a message to act on', async () => {
    for (const url of [
      'https://10.0.0.7/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://0x7f.1/hooks',
      'http://hooks.example.org/stationbid',
      'https://intranet/hooks',
    ]) {
      const response = await register({ url, events: ['session.started'] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: string }>().error, url).toContain(WEBHOOK_MESSAGES.urlInvalid);
    }
    const noEvents = await register({ url: 'https://hooks.example.org/x', events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json<{ error: string }>().error).toContain(WEBHOOK_MESSAGES.eventsRequired);
    const unknown = await register({ url: 'https://hooks.example.org/x', events: ['bid.placed'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain(WEBHOOK_MESSAGES.eventInvalid);
  });

  it('refuses this machine in production (tests and development allow a local receiver)', () => {
    for (const url of ['http://127.0.0.1:8080/hooks', 'http://localhost/hooks', 'https://localhost/hooks']) {
      expect(isAllowedWebhookUrl(url, { allowLocalEndpoints: false }), url).toBe(false);
    }
    expect(isAllowedWebhookUrl('https://hooks.example.org/stationbid', { allowLocalEndpoints: false })).toBe(true);
  });

  it('refuses at delivery a host name that resolves to an internal address', async () => {
    const row = await insertWebhookEndpoint(context.db, {
      url: 'https://hooks.example.org/stationbid',
      events: ['member.changed'],
      secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
    });
    await insertWebhookDeliveries(
      context.db,
      [{ endpointId: row.id, event: 'member.changed', body: '{}' }],
      context.clock.now(),
    );
    const [queued] = await context.db.select().from(outbox).where(eq(outbox.recipient, row.id));
    const sender = createWebhookSender(context.db, context.clock, {
      allowLoopback: false,
      resolve: async () => [{ address: '10.0.0.5', family: 4 }],
    });
    const outcome = await sender.send(queued as NonNullable<typeof queued>).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(DeliveryError);
    expect((outcome as DeliveryError).isPermanent).toBe(true);
    expect((outcome as DeliveryError).message).toMatch(
      /leads to 10\.0\.0\.5, an address inside a private or special network/,
    );
    expect(receiver.received).toEqual([]);
    expect((await remove(row.id)).statusCode).toBe(200);
  });

  it('writes audit lines for creation, rotation and deletion, never the secret', async () => {
    const log = capturedLog();
    const app = await buildApp({
      db: context.db,
      databaseKind: context.databaseKind,
      clock: context.clock,
      settings: TEST_SETTINGS,
      sessionVersionsMaxAgeMs: 0,
      logger: log.logger,
    });
    try {
      const logged = { ...context, app };
      const created = await injectAs(logged, admin, {
        method: 'POST',
        url: '/api/admin/webhooks',
        payload: { url: 'https://hooks.example.org/audit', events: ['member.changed'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { endpoint, secret } = webhookSecretResponseSchema.parse(created.json());
      const rotated = await injectAs(logged, admin, {
        method: 'POST',
        url: `/api/admin/webhooks/${endpoint.id}/rotate-secret`,
      });
      const deleted = await injectAs(logged, admin, { method: 'DELETE', url: `/api/admin/webhooks/${endpoint.id}` });
      expect([rotated.statusCode, deleted.statusCode]).toEqual([200, 200]);
      for (const event of ['webhook_created', 'webhook_secret_rotated', 'webhook_deleted']) {
        expect(log.text()).toContain(`"event":"integration.${event}"`);
      }
      expect(log.text()).not.toContain(secret);
      expect(log.text()).not.toContain(webhookSecretResponseSchema.parse(rotated.json()).secret);
    } finally {
      await app.close();
    }
  });

  it('is for administrators only', async () => {
    const response = await register({ url: 'https://hooks.example.org/x', events: ['session.started'] }, member);
    expect(response.statusCode).toBe(403);
    expect((await injectAs(context, member, { method: 'GET', url: '/api/admin/webhooks' })).statusCode).toBe(403);
  });

  it('rotates the secret: the next delivery is signed with the new one only', async () => {
    const created = await newEndpoint(['member.changed']);
    const rotated = await injectAs(context, admin, {
      method: 'POST',
      url: `/api/admin/webhooks/${created.endpoint.id}/rotate-secret`,
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = webhookSecretResponseSchema.parse(rotated.json());
    expect(secret).not.toBe(created.secret);
    expect((await sendTest(created.endpoint.id)).statusCode).toBe(202);
    await context.app.outboxWorker.tick();
    const [delivery] = receiver.ofType('webhook.test');
    expect(delivery).toBeDefined();
    expect(verifySignature(secret, delivery?.headers ?? {}, delivery?.body ?? '')).toBe(true);
    expect(verifySignature(created.secret, delivery?.headers ?? {}, delivery?.body ?? '')).toBe(false);
    expect((await remove(created.endpoint.id)).statusCode).toBe(200);
    expect((await remove(created.endpoint.id)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('a session start, its turn, the award and the completion arrive signed, with the record hash', async () => {
    const { endpoint, secret } = await newEndpoint([
      'session.started',
      'turn.started',
      'award.made',
      'session.completed',
    ]);
    const session = await createSession(context, admin, { participantIds: [memberId], stationIds: [stationId] });
    const started = await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${session.id}/start` });
    expect(started.statusCode, started.body).toBe(200);
    await context.app.outboxWorker.tick();

    const [start] = receiver.ofType('session.started');
    expect(start, JSON.stringify(receiver.received.map((entry) => entry.body))).toBeDefined();
    expect(start?.headers['content-type']).toBe('application/json');
    expect(start?.headers['webhook-id']).toMatch(/\S+/);
    expect(Number(start?.headers['webhook-timestamp'])).toBe(Math.floor(context.clock.now().getTime() / 1000));
    expect(verifySignature(secret, start?.headers ?? {}, start?.body ?? '')).toBe(true);
    expect(JSON.parse(start?.body ?? '{}')).toMatchObject({
      type: 'session.started',
      data: { sessionId: session.id, sessionName: session.name },
    });
    const [turn] = receiver.ofType('turn.started');
    expect(JSON.parse(turn?.body ?? '{}')).toMatchObject({ type: 'turn.started', data: { memberId } });

    const bid = await injectAs(context, member, {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId: session.id, bidData: { station: stationId, shift: 'A', position: 'Firefighter' } },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    await context.app.outboxWorker.tick();
    const [award] = receiver.ofType('award.made');
    expect(JSON.parse(award?.body ?? '{}')).toMatchObject({
      type: 'award.made',
      data: { memberId, seat: { stationId, shift: 'A' } },
    });
    const [completed] = receiver.ofType('session.completed');
    expect(verifySignature(secret, completed?.headers ?? {}, completed?.body ?? '')).toBe(true);
    const completion = JSON.parse(completed?.body ?? '{}') as {
      data: { results: { memberId: string; seat: { stationId: string } | null }[]; recordSha256: string };
    };
    expect(completion.data.results).toEqual([
      expect.objectContaining({ memberId, seat: expect.objectContaining({ stationId }) }),
    ]);
    // The hash is the one of the record's download (what the bid sheet prints).
    const record = await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${session.id}/record` });
    expect(record.statusCode).toBe(200);
    expect(completion.data.recordSha256).toBe(createHash('sha256').update(record.rawPayload).digest('hex'));

    const listed = (await listEndpoints()).find((entry) => entry.id === endpoint.id);
    expect(listed?.lastDelivery).toMatchObject({ status: 'delivered', responseCode: 200 });
    expect((await remove(endpoint.id)).statusCode).toBe(200);
  });

  it('a member changed by an administrator is announced', async () => {
    const { endpoint, secret } = await newEndpoint(['member.changed']);
    const changed = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${memberId}`,
      payload: { rank: 'Engineer' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await context.app.outboxWorker.tick();
    const [event] = receiver.ofType('member.changed');
    expect(verifySignature(secret, event?.headers ?? {}, event?.body ?? '')).toBe(true);
    expect(JSON.parse(event?.body ?? '{}')).toMatchObject({
      type: 'member.changed',
      data: { memberId, change: 'updated', fields: ['rank'] },
    });
    expect((await remove(endpoint.id)).statusCode).toBe(200);
  });

  it('a 500 is tried again after the back-off and then delivered; each attempt is recorded', async () => {
    const { endpoint } = await newEndpoint(['member.changed']);
    receiver.answers.push(500);
    expect((await sendTest(endpoint.id)).statusCode).toBe(202);
    await context.app.outboxWorker.tick();
    let [delivery] = await listDeliveries();
    expect(delivery).toMatchObject({ endpointId: endpoint.id, event: 'webhook.test', status: 'retrying' });
    expect(delivery?.responseCode).toBe(500);
    // Not before the back-off.
    await context.app.outboxWorker.tick();
    expect(receiver.received).toHaveLength(1);
    context.clock.advance((OUTBOX_RETRY_DELAYS_MS[0] ?? 30_000) + 1_000);
    await context.app.outboxWorker.tick();
    expect(receiver.received).toHaveLength(2);
    // The same message: same id, the same body, signed anew.
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    [delivery] = await listDeliveries();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200 });
    const attempts = await context.db
      .select({ statusCode: webhookAttempts.statusCode, durationMs: webhookAttempts.durationMs })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.outboxId, delivery?.id ?? ''));
    expect(attempts.map((attempt) => attempt.statusCode).sort()).toEqual([200, 500]);
    for (const attempt of attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect((await remove(endpoint.id)).statusCode).toBe(200);
  });

  it('410 Gone turns the endpoint off and ends the delivery', async () => {
    const { endpoint } = await newEndpoint(['member.changed']);
    receiver.answers.push(410);
    await sendTest(endpoint.id);
    await context.app.outboxWorker.tick();
    const [delivery] = await listDeliveries();
    expect(delivery).toMatchObject({ status: 'failed', responseCode: 410 });
    const listed = (await listEndpoints()).find((entry) => entry.id === endpoint.id);
    expect(listed?.enabled).toBe(false);
    expect(listed?.disabledReason).toMatch(/410/);
    // Nothing more goes to it until an administrator turns it on again.
    const again = await sendTest(endpoint.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(WEBHOOK_MESSAGES.disabledEndpoint);
    const turnedOn = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/webhooks/${endpoint.id}`,
      payload: { enabled: true },
    });
    expect(turnedOn.statusCode).toBe(200);
    expect(turnedOn.json<{ endpoint: { enabled: boolean; disabledReason: string | null } }>().endpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
    expect((await remove(endpoint.id)).statusCode).toBe(200);
  });

  it('a redirect is not followed: the attempt records the 3xx and is tried again later', async () => {
    const { endpoint } = await newEndpoint(['member.changed']);
    receiver.answers.push(307);
    await sendTest(endpoint.id);
    await context.app.outboxWorker.tick();
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
    const [delivery] = await listDeliveries();
    expect(delivery).toMatchObject({ status: 'retrying', responseCode: 307 });
    expect(delivery?.lastError).toMatch(/redirects are not followed/);
    expect((await remove(endpoint.id)).statusCode).toBe(200);
  });
});
