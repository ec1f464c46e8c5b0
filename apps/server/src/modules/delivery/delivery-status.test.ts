/**
 * The administrators' delivery status for Web Push (issue 15), through the API
 * (POST /api/notifications/management, get-status): pushes go to a local HTTP endpoint standing in
 * for a push service, which accepts one device, answers 503 for another (retried later) and 410
 * for a third (its subscription removed). The status counts them, names whose device each failure
 * was for, says whether it will be retried, and marks the removed device; e-mail failures are not
 * crowded out by a burst of push failures.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DeliveryStatus, RECENT_FAILURES_PER_CHANNEL } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, outbox, pushSubscriptions } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { encodeQueuedPush } from '../push/push-sender.ts';
import { DEVICE_REMOVED_NOTE } from './message-senders.ts';

/** Statuses the stand-in push service answers, per device path, in turn; 201 when none is left. */
const answers = new Map<string, number[]>();
const pushService = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const status = answers.get(request.url ?? '')?.shift() ?? 201;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status === 201 ? '' : `status ${status}`);
  });
});
let pushOrigin = '';
let context: TestContext;
let adminEmail = '';
let deviceCounter = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  context = await createTestContext(
    {},
    {
      delivery: {
        publicWebUrl: 'https://bids.example-fd.org',
        departmentTimeZone: 'UTC',
        email: undefined,
        sms: undefined,
      },
    },
  );
  await context.app.ready();
  context.clock.set('2026-11-24T20:00:00.000Z');
  adminEmail = (await createAdmin(context)).email;
});
afterAll(async () => {
  await context.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
});

/** get-status, signed in just before (the tests move the clock past an access token's life). */
async function getStatus(who?: SignedIn) {
  return injectAs(context, who ?? (await signIn(context, adminEmail)), {
    method: 'POST',
    url: '/api/notifications/management',
    payload: { action: 'get-status' },
  });
}

/** A member with one subscribed device (keys made as a browser makes them); answers the device's path. */
async function memberWithDevice(firstName: string, lastName: string) {
  const member = await createMember(context, { firstName, lastName, pushNotifications: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  deviceCounter += 1;
  const path = `/push/status-device-${deviceCounter}`;
  const response = await injectAs(context, await signIn(context, member.email), {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: {
      endpoint: `${pushOrigin}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
  });
  expect(response.statusCode).toBe(200);
  const [device] = await context.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, member.id));
  if (!device) throw new Error('the device was not stored');
  return { member, device, path };
}

/** Queues a "your turn" push for the device, as a session's step would. */
async function queuePush(memberId: string, deviceId: string) {
  await context.db.insert(outbox).values({
    channel: 'push',
    kind: 'turn_started',
    memberId,
    recipient: deviceId,
    nextAttemptAt: context.clock.now(),
    textBody: encodeQueuedPush({
      message: { title: 'Your turn to bid', body: 'Spring Bid: pick your seat.', url: '/bidding', tag: 'turn' },
      urgency: 'high',
      expiresAt: null,
    }),
  });
}

describe('push on the delivery status', () => {
  it('counts pushes and devices, and lists failed pushes with whose device, the reason, the retry and a removed device', async () => {
    const reached = await memberWithDevice('Ivy', 'Reached');
    const busy = await memberWithDevice('Hal', 'Busy');
    const gone = await memberWithDevice('Gil', 'Gone');
    answers.set(busy.path, [503]);
    answers.set(gone.path, [410]);
    for (const { member, device } of [reached, busy, gone]) await queuePush(member.id, device.id);

    const before = (await getStatus()).json<{ status: DeliveryStatus }>().status;
    expect(before.push).toEqual({
      isConfigured: true,
      lastSentAt: null,
      queued: 3,
      failed: 0,
      devices: 3,
      removedDevices: 0,
    });

    expect(await context.app.outboxWorker.tick()).toMatchObject({ sent: 1, retrying: 1, failed: 1 });
    const response = await getStatus();
    expect(response.statusCode).toBe(200);
    const { status } = response.json<{ status: DeliveryStatus }>();
    expect(status.push).toEqual({
      isConfigured: true,
      lastSentAt: context.clock.now().toISOString(),
      queued: 1,
      failed: 1,
      devices: 2,
      removedDevices: 1,
    });
    const pushFailures = status.recentFailures.filter((failure) => failure.channel === 'push');
    expect(pushFailures).toHaveLength(2);
    expect(pushFailures).toContainEqual(
      expect.objectContaining({
        kind: 'turn_started',
        recipient: 'Gil Gone (device)',
        attempts: 1,
        lastError: `push service answered 410 (Gone) ${DEVICE_REMOVED_NOTE}`,
        willRetry: false,
        nextAttemptAt: null,
        deviceRemoved: true,
      }),
    );
    const retrying = pushFailures.find((failure) => failure.recipient === 'Hal Busy (device)');
    expect(retrying).toMatchObject({
      lastError: 'push service answered 503 (Service Unavailable)',
      willRetry: true,
      deviceRemoved: false,
      lastAttemptAt: context.clock.now().toISOString(),
    });
    expect(Date.parse(retrying?.nextAttemptAt ?? '')).toBeGreaterThan(context.clock.now().getTime());

    // The retry goes through: Hal's push leaves the failures; Gil's removal stays on record.
    context.clock.advance(5 * 60_000);
    expect(await context.app.outboxWorker.tick()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    const after = (await getStatus()).json<{ status: DeliveryStatus }>().status;
    expect(after.push).toMatchObject({ queued: 0, failed: 1, devices: 2, removedDevices: 1 });
    expect(after.recentFailures.map((failure) => failure.recipient)).toEqual(['Gil Gone (device)']);

    // A member deleted since: the failure stays, without a name to show.
    await context.db.delete(members).where(eq(members.id, gone.member.id));
    const withoutMember = (await getStatus()).json<{ status: DeliveryStatus }>().status;
    expect(withoutMember.recentFailures).toEqual([
      expect.objectContaining({ recipient: 'A removed member’s device', deviceRemoved: true }),
    ]);
  });

  it('keeps the latest failures of each channel, so pushes cannot crowd out e-mail', async () => {
    const member = await createMember(context, { firstName: 'Max', lastName: 'Many' });
    // After every failure of the test before, so the newest of each channel are these.
    const emailFailedAt = new Date(context.clock.now().getTime() + 60 * 60_000);
    await context.db.insert(outbox).values([
      {
        channel: 'email',
        kind: 'turn_started',
        memberId: member.id,
        recipient: 'max@test.example',
        textBody: 'x',
        status: 'failed',
        attempts: 8,
        lastError: '550 mailbox unavailable',
        lastAttemptAt: emailFailedAt,
      },
      ...Array.from({ length: RECENT_FAILURES_PER_CHANNEL + 5 }, (_, index) => ({
        channel: 'push',
        kind: 'turn_near',
        memberId: member.id,
        recipient: '00000000-0000-4000-8000-000000000000',
        textBody: 'x',
        status: 'failed',
        attempts: 1,
        lastError: 'push service answered 400 (Bad Request)',
        lastAttemptAt: new Date(emailFailedAt.getTime() + (index + 1) * 60_000),
      })),
    ]);
    const { status } = (await getStatus()).json<{ status: DeliveryStatus }>();
    const byChannel = (channel: string) => status.recentFailures.filter((failure) => failure.channel === channel);
    expect(byChannel('push')).toHaveLength(RECENT_FAILURES_PER_CHANNEL);
    expect(byChannel('email')).toEqual([
      expect.objectContaining({ recipient: 'max@test.example', deviceRemoved: false, willRetry: false }),
    ]);
    // Newest first, across channels.
    const times = status.recentFailures.map((failure) => Date.parse(failure.lastAttemptAt ?? ''));
    expect(times).toEqual([...times].sort((first, second) => second - first));
    expect(byChannel('push')[0]).toMatchObject({ recipient: 'Max Many (device)', deviceRemoved: false });
  });

  it('is for administrators only', async () => {
    const member = await createMember(context);
    const response = await getStatus(await signIn(context, member.email));
    expect(response.statusCode).toBe(403);
  });
});
