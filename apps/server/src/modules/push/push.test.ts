/**
 * Web Push end to end (issue 15): members subscribe devices through the API, a running session
 * queues "your turn", "2 turns away" and "your award" in the outbox, and the outbox worker posts
 * them to a local HTTP endpoint standing in for a push service. Each test device makes its own
 * P-256 key pair and auth secret, as a browser does, and decrypts what arrives (aes128gcm, RFC 8291,
 * with node:crypto only, not the library that encrypted it) and checks the VAPID signature.
 */
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_LIMITS, PUSH_MESSAGES, type PushMessage } from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members, outbox, pushSubscriptions, pushVapidKeys } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
  withSettings,
} from '../../test/test-app.ts';
import {
  completeRunningSessions,
  createStationWithSeats,
  type MemberRow,
  startSession,
} from '../session-engine/test-sessions.ts';
import { ensureVapidKeys } from './vapid-keys.ts';

const WEB_URL = 'https://bids.example-fd.org';

// ---- A stand-in push service ----------------------------------------------------------------

interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const received: ReceivedPush[] = [];
/** The statuses the service answers, per path, in turn; 201 when none is left. */
const answers = new Map<string, number[]>();
const pushService = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
    const status = answers.get(path)?.shift() ?? 201;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status === 201 ? '' : `status ${status}`);
  });
});
let pushOrigin = '';

// ---- A browser's side: its keys, and the decryption of what the push service hands it ---------

interface TestDevice {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  endpoint: string;
  /** As PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

let deviceCounter = 0;
/** A device of the stand-in push service, or of another push service (`origin`) that is never posted to. */
function newDevice(origin = pushOrigin): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey();
  const auth = randomBytes(16);
  deviceCounter += 1;
  const endpoint = `${origin}/push/device-${deviceCounter}`;
  return {
    ecdh,
    publicKey,
    auth,
    endpoint,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, as a browser's push service would decrypt it. */
function decryptPush(device: TestDevice, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const sharedSecret = device.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverPublicKey]);
  const inputKey = Buffer.from(hkdfSync('sha256', sharedSecret, device.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header (RFC 8292): signed by the server's key, for the push service's origin. */
function checkVapid(headers: IncomingHttpHeaders, serverPublicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match, String(headers.authorization)).not.toBeNull();
  const [, token = '', key = ''] = match ?? [];
  expect(key).toBe(serverPublicKey);
  const [header = '', payload = '', signature = ''] = token.split('.');
  const raw = Buffer.from(serverPublicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const isSigned = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(isSigned).toBe(true);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud: string; sub: string };
  expect(claims.aud).toBe(pushOrigin);
  expect(claims.sub).toBe(WEB_URL);
}

// ---- The app --------------------------------------------------------------------------------

let context: TestContext;
let adminEmail = '';
let admin: SignedIn;
let serverKey = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  context = await createTestContext(
    {},
    { delivery: { publicWebUrl: WEB_URL, departmentTimeZone: 'UTC', email: undefined, sms: undefined } },
  );
  await context.app.ready();
  adminEmail = (await createAdmin(context)).email;
  const response = await context.app.inject({ method: 'GET', url: '/api/push/public-key' });
  serverKey = response.json<{ publicKey: string }>().publicKey;
});
afterAll(async () => {
  await context.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});
beforeEach(async () => {
  await completeRunningSessions(context.db);
  await context.app.outboxWorker.tick();
  received.length = 0;
  answers.clear();
  context.clock.set('2026-11-23T20:00:00.000Z');
  admin = await signIn(context, adminEmail);
});

async function subscribe(member: MemberRow, device: TestDevice) {
  return injectAs(context, await signIn(context, member.email), {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: device.subscription,
  });
}

/** A member with push consent (or not) and one subscribed device. */
async function memberWithDevice(values: { firstName: string; yearsOfService: number; pushNotifications: boolean }) {
  const member = await createMember(context, values);
  const device = newDevice();
  expect((await subscribe(member, device)).statusCode).toBe(200);
  return { member, device };
}

/** What the devices received since the last call, decrypted, by device. */
function takeReceived(devices: Record<string, TestDevice>): Record<string, PushMessage[]> {
  const byDevice: Record<string, PushMessage[]> = {};
  for (const push of received.splice(0)) {
    const entry = Object.entries(devices).find(([, device]) => device.endpoint === `${pushOrigin}${push.path}`);
    if (!entry) throw new Error(`a push for an unknown device: ${push.path}`);
    const [name, device] = entry;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    checkVapid(push.headers, serverKey);
    const message = JSON.parse(decryptPush(device, push.body)) as PushMessage;
    // A turn wakes a phone in battery saving; a turn's push lives no longer than the turn (5 min).
    const isTurn = message.title === 'Your turn to bid';
    expect(push.headers.urgency).toBe(isTurn ? 'high' : 'normal');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    if (isTurn) expect(Number(push.headers.ttl)).toBeLessThanOrEqual(5 * 60);
    byDevice[name] = [...(byDevice[name] ?? []), message];
  }
  return byDevice;
}

describe('the VAPID keys', () => {
  it('are made once: the public key is 65 bytes, the same for every app on the database and after a race', async () => {
    expect(Buffer.from(serverKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(serverKey, 'base64url')[0]).toBe(4);
    await withSettings(context, {}, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(response.json()).toEqual({ publicKey: serverKey });
    });
    // Two processes starting on an empty table at once end with one key pair.
    const saved = await context.db.select().from(pushVapidKeys);
    await context.db.delete(pushVapidKeys);
    try {
      const [first, second] = await Promise.all([ensureVapidKeys(context.db), ensureVapidKeys(context.db)]);
      expect(first).toEqual(second);
      expect(await context.db.select().from(pushVapidKeys)).toHaveLength(1);
    } finally {
      await context.db.delete(pushVapidKeys);
      await context.db.insert(pushVapidKeys).values(saved);
    }
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('refuses what is not a push subscription, saying what to send', async () => {
    const member = await createMember(context);
    const auth = await signIn(context, member.email);
    const post = (payload: unknown) =>
      injectAs(context, auth, { method: 'POST', url: '/api/push/subscriptions', payload: payload as object });
    const device = newDevice();
    const refusals: [unknown, string][] = [
      [{ ...device.subscription, endpoint: 'http://push.example.com/send/1' }, PUSH_MESSAGES.endpointInvalid],
      [{ ...device.subscription, endpoint: 'https://10.0.0.5/send/1' }, PUSH_MESSAGES.endpointInvalid],
      [{ ...device.subscription, endpoint: 'not a url' }, PUSH_MESSAGES.endpointInvalid],
      [{ keys: device.subscription.keys }, PUSH_MESSAGES.endpointRequired],
      [{ endpoint: device.endpoint }, PUSH_MESSAGES.keysRequired],
      [{ endpoint: device.endpoint, keys: { p256dh: device.subscription.keys.p256dh } }, PUSH_MESSAGES.keysRequired],
      [{ ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'abc' } }, PUSH_MESSAGES.p256dhInvalid],
      [{ ...device.subscription, keys: { ...device.subscription.keys, auth: 'a+b/' } }, PUSH_MESSAGES.authInvalid],
    ];
    for (const [payload, message] of refusals) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, member.id))).toEqual(
      [],
    );
    // Without a token: 401.
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: device.subscription,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes http://127.0.0.1 endpoints only outside production', async () => {
    const member = await createMember(context);
    const auth = await signIn(context, member.email);
    await withSettings(context, {}, async (productionLike) => {
      const response = await productionLike.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: auth.headers,
        payload: newDevice().subscription,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(PUSH_MESSAGES.endpointInvalid);
      // Every spelling of an IPv4 address a URL accepts (127.0.0.1, 127.0.0.1 twice, 169.254.169.254).
      for (const endpoint of [
        'https://127.1:8443/x',
        'https://0x7f.1/x',
        'https://0177.1/x',
        'https://169.254.43518/x',
      ]) {
        const spelled = await productionLike.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: auth.headers,
          payload: { ...newDevice().subscription, endpoint },
        });
        expect([endpoint, spelled.statusCode, spelled.json().error]).toEqual([
          endpoint,
          400,
          PUSH_MESSAGES.endpointInvalid,
        ]);
      }
      const https = await productionLike.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: auth.headers,
        payload: { ...newDevice().subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' },
      });
      expect(https.json()).toEqual({ message: PUSH_MESSAGES.subscribed, devices: 1 });
    });
  });

  it('keeps one row per device, replaces the oldest past the limit per push service, caps devices, and removes one or all', async () => {
    const member = await createMember(context);
    const auth = await signIn(context, member.email);
    const endpointsStored = async () =>
      (
        await context.db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.memberId, member.id))
      )
        .map((row) => row.endpoint)
        .sort();
    // Three devices on one push service, a moment apart.
    const onOneService = Array.from({ length: PUSH_LIMITS.subscriptionsPerPushService + 1 }, () => newDevice());
    for (const [index, device] of onOneService.slice(0, -1).entries()) {
      context.clock.advance(1_000);
      const response = await subscribe(member, device);
      expect(response.json()).toEqual({ message: PUSH_MESSAGES.subscribed, devices: index + 1 });
    }
    // The first device again (new keys after the browser renewed them) replaces its row.
    context.clock.advance(1_000);
    const renewed = { ...onOneService[0]?.subscription, keys: newDevice().subscription.keys };
    const again = await injectAs(context, auth, { method: 'POST', url: '/api/push/subscriptions', payload: renewed });
    expect(again.json().devices).toBe(PUSH_LIMITS.subscriptionsPerPushService);
    const [stored] = await context.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, renewed.endpoint ?? ''));
    expect(stored?.p256dh).toBe(renewed.keys.p256dh);
    // A fourth on the same service takes the place of the longest-unrenewed one there (the second).
    context.clock.advance(1_000);
    const fourth = await subscribe(member, onOneService.at(-1) as TestDevice);
    expect(fourth.json()).toEqual({
      message: PUSH_MESSAGES.subscribed,
      devices: PUSH_LIMITS.subscriptionsPerPushService,
    });
    expect(await endpointsStored()).toEqual(
      [onOneService[0], onOneService[2], onOneService[3]].map((device) => device?.endpoint).sort(),
    );

    // Other push services count toward the member's limit, past which a device is refused.
    const elsewhere = Array.from(
      { length: PUSH_LIMITS.subscriptionsPerMember - PUSH_LIMITS.subscriptionsPerPushService + 1 },
      (_, index) => newDevice(`http://127.0.0.1:${index + 1}`),
    );
    for (const device of elsewhere.slice(0, -1)) expect((await subscribe(member, device)).statusCode).toBe(200);
    const tooMany = await subscribe(member, elsewhere.at(-1) as TestDevice);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe(PUSH_MESSAGES.tooManyDevices);
    expect(await endpointsStored()).toHaveLength(PUSH_LIMITS.subscriptionsPerMember);
    const devices = [onOneService[0], onOneService[2], onOneService[3]] as TestDevice[];

    // A device another member signed in on moves to them.
    const other = await createMember(context);
    expect((await subscribe(other, devices[1] as TestDevice)).json().devices).toBe(1);

    const remove = (payload: object) =>
      injectAs(context, auth, { method: 'DELETE', url: '/api/push/subscriptions', payload });
    expect((await remove({ endpoint: devices[2]?.endpoint ?? '' })).json()).toEqual({
      message: PUSH_MESSAGES.unsubscribed,
      devices: PUSH_LIMITS.subscriptionsPerMember - 2,
    });
    expect((await remove({ endpoint: devices[1]?.endpoint ?? '' })).json().message).toBe(PUSH_MESSAGES.notSubscribed);
    expect((await remove({ all: true })).json()).toEqual({ message: PUSH_MESSAGES.unsubscribedAll, devices: 0 });
    const bad = await remove({ everything: 'please' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/endpoint.*all/);
  });
});

describe('pushes of a running session', () => {
  it('sends "your turn", "2 turns away" and "your award", encrypted for each device, only with consent', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 4 } }, { name: 'Harbor' });
    // Queue order by seniority: Ana, Ben, Cy, Dee, Eve.
    const ana = await memberWithDevice({ firstName: 'Ana', yearsOfService: 30, pushNotifications: true });
    const ben = await memberWithDevice({ firstName: 'Ben', yearsOfService: 25, pushNotifications: false });
    const cy = await memberWithDevice({ firstName: 'Cy', yearsOfService: 20, pushNotifications: true });
    const cyPhone = newDevice();
    expect((await subscribe(cy.member, cyPhone)).statusCode).toBe(200);
    // Dee consents but has no device; Eve has a device and consent.
    const dee = await createMember(context, { firstName: 'Dee', yearsOfService: 15, pushNotifications: true });
    const eve = await memberWithDevice({ firstName: 'Eve', yearsOfService: 10, pushNotifications: true });
    const devices = { ana: ana.device, ben: ben.device, cy: cy.device, cyPhone, eve: eve.device };
    const sessionId = await startSession(context, admin, {
      participantIds: [ana.member.id, ben.member.id, cy.member.id, dee.id, eve.member.id],
      name: 'Winter Bid 2027',
      bidWindowDuration: 5,
    });
    const url = `${WEB_URL}/live-bid/${sessionId}`;
    const turnTag = `stationbid-turn-${sessionId}`;

    // The start: Ana's turn; Ben is next (no consent: nothing); Cy is 2 turns away, on both devices.
    await context.app.outboxWorker.tick();
    const twoAway = {
      title: '2 turns away',
      body: 'Winter Bid 2027: your turn comes after 2 more turns. Get ready to bid.',
      url,
      tag: turnTag,
    };
    expect(takeReceived(devices)).toEqual({
      ana: [
        {
          title: 'Your turn to bid',
          body: "Winter Bid 2027: you're on the clock. Bid before Mon 23 Nov 2026, 20:05 UTC.",
          url,
          tag: turnTag,
        },
      ],
      cy: [twoAway],
      cyPhone: [twoAway],
    });

    // Ana bids: her award; Ben's turn (nothing); Cy is next (had hers already); Dee is 2 away (no device).
    context.clock.advance(60_000);
    const bid = await injectAs(context, await signIn(context, ana.member.email), {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } },
    });
    expect(bid.statusCode).toBe(200);
    await context.app.outboxWorker.tick();
    expect(takeReceived(devices)).toEqual({
      ana: [
        {
          title: 'Your seat',
          body: `Winter Bid 2027: you now hold Station ${station.number} (Harbor), shift A, Firefighter.`,
          url,
          tag: `stationbid-award-${sessionId}`,
        },
      ],
    });

    // Ben's window runs out (moved to the back): Cy's turn, on both devices; Eve is 2 turns away.
    context.clock.advance(5 * 60_000 + 1000);
    await context.app.turnClock.tick();
    await context.app.outboxWorker.tick();
    const pushes = takeReceived(devices);
    expect(Object.keys(pushes).sort()).toEqual(['cy', 'cyPhone', 'eve']);
    expect(pushes.cy?.map((push) => push.title)).toEqual(['Your turn to bid']);
    expect(pushes.cyPhone?.map((push) => push.title)).toEqual(['Your turn to bid']);
    expect(pushes.eve).toEqual([{ ...twoAway }]);
    const rows = await context.db.select().from(outbox).where(eq(outbox.channel, 'push'));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);

    // Ben kept his device while push was off; he turns it on and is reached from the next step on.
    expect(
      await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, ben.member.id)),
    ).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410), and retries 429 and 5xx', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    const gone = await memberWithDevice({ firstName: 'Gil', yearsOfService: 30, pushNotifications: true });
    const busy = await memberWithDevice({ firstName: 'Hal', yearsOfService: 20, pushNotifications: true });
    answers.set(new URL(gone.device.endpoint).pathname, [410]);
    answers.set(new URL(busy.device.endpoint).pathname, [503, 429]);
    await startSession(context, admin, { participantIds: [gone.member.id, busy.member.id], name: 'Retry Bid' });

    // Gil's turn push: 410; Hal's "you're next": 503.
    expect(await context.app.outboxWorker.tick()).toMatchObject({ sent: 0, retrying: 1, failed: 1 });
    // Their e-mail waits (SMTP is not configured here); only push is delivered.
    const pushRows = async (memberId: string) =>
      context.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.memberId, memberId), eq(outbox.channel, 'push')));
    const [gil] = await pushRows(gone.member.id);
    expect(gil).toMatchObject({ status: 'failed', attempts: 1 });
    // The status and its phrase only: what the service wrote in its answer is never kept.
    expect(gil?.lastError).toMatch(/^push service answered 410 \(Gone\) \(the subscription has expired/);
    expect(
      await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, gone.member.id)),
    ).toEqual([]);
    const [hal] = await pushRows(busy.member.id);
    expect(hal).toMatchObject({ status: 'pending', lastError: 'push service answered 503 (Service Unavailable)' });
    const halsDevice = async () =>
      (await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, busy.member.id)))[0];
    // The device backs off by itself, as long as the message's own retry.
    expect(await halsDevice()).toMatchObject({
      consecutiveFailures: 1,
      retryAfter: new Date(context.clock.now().getTime() + 30_000),
    });

    // 30 s later: 429, still pending; then delivered. Gil's is never tried again.
    context.clock.advance(30_000);
    expect(await context.app.outboxWorker.tick()).toMatchObject({ sent: 0, retrying: 1, failed: 0 });
    context.clock.advance(2 * 60_000);
    expect(await context.app.outboxWorker.tick()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    // Gil's device was tried once; Hal's three times.
    const tries = (device: TestDevice) =>
      received.filter((push) => `${pushOrigin}${push.path}` === device.endpoint).length;
    expect([tries(gone.device), tries(busy.device)]).toEqual([1, 3]);
    expect(decryptPush(busy.device, received.at(-1)?.body ?? Buffer.alloc(0))).toContain("You're next");
    // Delivered: the back-off is over.
    expect(await halsDevice()).toMatchObject({
      lastSuccessAt: context.clock.now(),
      consecutiveFailures: 0,
      retryAfter: null,
    });
  });

  it('sends nothing once push is turned off, and keeps the devices for when it is turned on again', async () => {
    await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const ivy = await memberWithDevice({ firstName: 'Ivy', yearsOfService: 30, pushNotifications: true });
    const auth = await signIn(context, ivy.member.email);
    const off = await injectAs(context, auth, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { pushNotifications: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences).toMatchObject({ notifications: true, pushNotifications: false });
    await startSession(context, admin, { participantIds: [ivy.member.id], name: 'Quiet Bid' });
    await context.app.outboxWorker.tick();
    expect(received).toEqual([]);
    expect(await context.db.select().from(outbox).where(eq(outbox.memberId, ivy.member.id))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ channel: 'push' })]),
    );
    expect(
      await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, ivy.member.id)),
    ).toHaveLength(1);
    const [stored] = await context.db
      .select({ pushNotifications: members.pushNotifications })
      .from(members)
      .where(eq(members.id, ivy.member.id));
    expect(stored?.pushNotifications).toBe(false);
  });
});
