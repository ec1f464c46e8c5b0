/**
 * A member's notifications and recent activity through the API: only one's own, newest first,
 * within the limits; marking one or all read; and, end to end, the notifications the bid engine
 * writes when a session starts, a bid is accepted and the session completes.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { NOTIFICATION_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, notifications } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { completeRunningSessions, createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';

const MINUTE = 60_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => context?.close());

interface Person {
  id: string;
  auth: SignedIn;
}

async function createPerson(values: Parameters<typeof createMember>[1] = {}): Promise<Person> {
  const row = await createMember(context, values);
  return { id: row.id, auth: await signIn(context, row.email) };
}

/** Writes a notification for `memberId`, `minutesAgo` before the test clock's now. */
async function addNotification(
  memberId: string,
  minutesAgo: number,
  values: Partial<typeof notifications.$inferInsert> = {},
) {
  const [row] = await context.db
    .insert(notifications)
    .values({
      memberId,
      type: 'system',
      title: `Notice from ${minutesAgo} minutes ago`,
      message: 'Something happened',
      createdAt: new Date(context.clock.now().getTime() - minutesAgo * MINUTE),
      ...values,
    })
    .returning();
  if (!row) throw new Error('notification was not written');
  return row;
}

async function addActivity(memberId: string, minutesAgo: number, values: Partial<typeof activities.$inferInsert> = {}) {
  await context.db.insert(activities).values({
    memberId,
    actorName: 'Test Member',
    type: 'profile',
    title: `Activity from ${minutesAgo} minutes ago`,
    createdAt: new Date(context.clock.now().getTime() - minutesAgo * MINUTE),
    ...values,
  });
}

const get = (who: SignedIn, url: string) => injectAs(context, who, { method: 'GET', url });
const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

describe('without a token', () => {
  it.each([
    ['GET', '/api/users/notifications'],
    ['POST', '/api/users/notifications'],
    ['POST', '/api/users/notifications/read-all'],
    ['GET', '/api/users/recent-activity'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await context.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_MISSING');
  });
});

describe('GET /api/users/notifications', () => {
  it('lists only my notifications, newest first, each as the spec shapes it', async () => {
    const me = await createPerson();
    const other = await createPerson();
    await addNotification(me.id, 30, { title: 'Oldest' });
    const withSeat = await addNotification(me.id, 10, {
      type: 'bid_success',
      title: 'Bid accepted',
      message: 'Spring: you now hold Station 4 (Harbor), shift B, Firefighter.',
      assignedStationNumber: 4,
      assignedShift: 'B',
    });
    await addNotification(me.id, 20, { title: 'Middle', status: 'read' });
    await addNotification(other.id, 5, { title: 'Not mine' });

    const response = await get(me.auth, '/api/users/notifications');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.notifications.map((notice: { title: string }) => notice.title)).toEqual([
      'Bid accepted',
      'Middle',
      'Oldest',
    ]);
    expect(body.unreadCount).toBe(2);
    expect(body.notifications[0]).toEqual({
      id: withSeat.id,
      _id: withSeat.id,
      type: 'bid_success',
      status: 'unread',
      title: 'Bid accepted',
      message: 'Spring: you now hold Station 4 (Harbor), shift B, Firefighter.',
      assignedStation: 4,
      assignedShift: 'B',
      sessionId: null,
      timestamp: withSeat.createdAt.toISOString(),
    });
    expect(body.notifications[1]).toMatchObject({ status: 'read', assignedStation: null, assignedShift: null });

    const theirs = (await get(other.auth, '/api/users/notifications')).json();
    expect(theirs.notifications.map((notice: { title: string }) => notice.title)).toEqual(['Not mine']);
    expect(theirs.unreadCount).toBe(1);
  });

  it('answers 20 by default and up to 100 on request, with the unread count of all of them', async () => {
    const me = await createPerson();
    for (let minutesAgo = 1; minutesAgo <= 105; minutesAgo += 1) await addNotification(me.id, minutesAgo);

    const byDefault = (await get(me.auth, '/api/users/notifications')).json();
    expect(byDefault.notifications).toHaveLength(20);
    expect(byDefault.notifications[0].title).toBe('Notice from 1 minutes ago');
    expect(byDefault.unreadCount).toBe(105);

    expect((await get(me.auth, '/api/users/notifications?limit=5')).json().notifications).toHaveLength(5);
    expect((await get(me.auth, '/api/users/notifications?limit=100')).json().notifications).toHaveLength(100);
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('refuses ?limit=%s with a clear message', async (limit) => {
    const me = await createPerson();
    const response = await get(me.auth, `/api/users/notifications?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: NOTIFICATION_MESSAGES.listLimitInvalid(100),
    });
  });
});

describe('POST /api/users/notifications', () => {
  it('marks one of mine read, answers it with the unread count, and is idempotent', async () => {
    const me = await createPerson();
    const first = await addNotification(me.id, 10);
    await addNotification(me.id, 5);

    const response = await post(me.auth, '/api/users/notifications', { notificationId: first.id });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.notification).toMatchObject({ id: first.id, status: 'read' });
    expect(body.unreadCount).toBe(1);
    const [stored] = await context.db.select().from(notifications).where(eq(notifications.id, first.id));
    expect(stored?.readAt?.toISOString()).toBe(context.clock.now().toISOString());

    context.clock.advance(MINUTE);
    const again = await post(me.auth, '/api/users/notifications', { notificationId: first.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    const [unchanged] = await context.db.select().from(notifications).where(eq(notifications.id, first.id));
    // Read once: the first reading time stays.
    expect(unchanged?.readAt?.toISOString()).toBe(stored?.readAt?.toISOString());
  });

  it('answers 404 for another member’s notification, exactly as for one that does not exist', async () => {
    const me = await createPerson();
    const other = await createPerson();
    const theirs = await addNotification(other.id, 1);

    const response = await post(me.auth, '/api/users/notifications', { notificationId: theirs.id });
    const unknown = await post(me.auth, '/api/users/notifications', { notificationId: UNKNOWN_ID });
    expect(response.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(response.json()).toEqual(unknown.json());
    expect(response.json()).toEqual({ error: NOTIFICATION_MESSAGES.notificationNotFound, code: 'NOT_FOUND' });

    const [stillUnread] = await context.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(stillUnread?.status).toBe('unread');
  });

  it('refuses a missing or malformed notificationId', async () => {
    const me = await createPerson();
    for (const payload of [{}, { notificationId: 'not-an-id' }, { notificationId: 42 }]) {
      const response = await post(me.auth, '/api/users/notifications', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(NOTIFICATION_MESSAGES.notificationIdInvalid);
    }
  });
});

describe('POST /api/users/notifications/read-all', () => {
  it('marks all of mine read and leaves everyone else’s alone', async () => {
    const me = await createPerson();
    const other = await createPerson();
    await addNotification(me.id, 3);
    await addNotification(me.id, 2);
    await addNotification(other.id, 1);

    const response = await post(me.auth, '/api/users/notifications/read-all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    const mine = (await get(me.auth, '/api/users/notifications')).json();
    expect(mine.unreadCount).toBe(0);
    expect(mine.notifications.map((notice: { status: string }) => notice.status)).toEqual(['read', 'read']);
    expect((await get(other.auth, '/api/users/notifications')).json().unreadCount).toBe(1);
  });
});

describe('GET /api/users/recent-activity', () => {
  it('lists only my activity, newest first, 5 by default and up to 50', async () => {
    const me = await createPerson();
    const other = await createPerson();
    // Signing in (createPerson) recorded a login at the clock's now: the newest entry.
    for (let minutesAgo = 1; minutesAgo <= 55; minutesAgo += 1) await addActivity(me.id, minutesAgo);
    await addActivity(other.id, 0, { title: 'Not mine' });

    const response = await get(me.auth, '/api/users/recent-activity');
    expect(response.statusCode).toBe(200);
    const { activities: listed } = response.json();
    expect(listed).toHaveLength(5);
    expect(listed[0]).toMatchObject({
      type: 'login',
      title: 'Signed in',
      timestamp: context.clock.now().toISOString(),
    });
    expect(listed.slice(1).map((activity: { title: string }) => activity.title)).toEqual([
      'Activity from 1 minutes ago',
      'Activity from 2 minutes ago',
      'Activity from 3 minutes ago',
      'Activity from 4 minutes ago',
    ]);
    expect(Object.keys(listed[0]).sort()).toEqual(['description', 'id', 'timestamp', 'title', 'type']);

    const fifty = (await get(me.auth, '/api/users/recent-activity?limit=50')).json().activities;
    expect(fifty).toHaveLength(50);
    expect(fifty.some((activity: { title: string }) => activity.title === 'Not mine')).toBe(false);
  });

  it('keeps an administrator’s own administrative entries under their recorded type', async () => {
    const admin = await createPerson({ isAdmin: true });
    await addActivity(admin.id, 1, { type: 'station', title: 'Station created' });
    const listed = (await get(admin.auth, '/api/users/recent-activity')).json().activities;
    expect(listed.map((activity: { type: string }) => activity.type)).toEqual(['login', 'station']);
  });

  it.each(['0', '51', 'many'])('refuses ?limit=%s with a clear message', async (limit) => {
    const me = await createPerson();
    const response = await get(me.auth, `/api/users/recent-activity?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(NOTIFICATION_MESSAGES.listLimitInvalid(50));
  });
});

describe('notifications written by the bid engine', () => {
  it('tells the first participant their turn started, then that their bid was accepted', async () => {
    await completeRunningSessions(context.db);
    const admin = await signIn(context, (await createAdmin(context)).email);
    const first = await createPerson({ firstName: 'Senior', yearsOfService: 20 });
    const second = await createPerson({ firstName: 'Junior', yearsOfService: 2 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 1 } });

    const sessionId = await startSession(context, admin, {
      participantIds: [first.id, second.id],
      stationIds: [station.id],
      name: 'Engine Check',
    });
    const started = (await get(first.auth, '/api/users/notifications')).json();
    expect(started.unreadCount).toBe(1);
    expect(started.notifications).toEqual([
      expect.objectContaining({
        type: 'turn_started',
        status: 'unread',
        title: 'Your bid time has begun',
        sessionId,
        assignedStation: null,
        assignedShift: null,
        timestamp: context.clock.now().toISOString(),
      }),
    ]);
    // The deadline in the department's zone (UTC for this test server), named (issue 16).
    const deadline = new Date(context.clock.now().getTime() + 5 * 60_000).toISOString().slice(11, 16);
    expect(started.notifications[0].message).toBe(
      `It is your turn to bid in Engine Check. You have 5 minutes to place your bid, until ${deadline} UTC.`,
    );
    expect((await get(second.auth, '/api/users/notifications')).json().notifications).toEqual([]);

    context.clock.advance(MINUTE);
    const firstBid = await post(first.auth, '/api/bid-sessions/submit-bid', {
      sessionId,
      bidData: { station: station.id, shift: 'A', position: 'Firefighter' },
    });
    expect(firstBid.statusCode).toBe(200);
    const afterBid = (await get(first.auth, '/api/users/notifications')).json();
    expect(afterBid.unreadCount).toBe(2);
    expect(afterBid.notifications.map((notice: { type: string }) => notice.type)).toEqual([
      'bid_success',
      'turn_started',
    ]);
    expect(afterBid.notifications[0]).toMatchObject({
      title: 'Bid accepted',
      message: `Engine Check: you now hold Station ${station.number} (${station.name}), shift A, Firefighter.`,
      assignedStation: station.number,
      assignedShift: 'A',
      sessionId,
    });
    const firstActivity = (await get(first.auth, '/api/users/recent-activity')).json().activities;
    expect(firstActivity[0]).toMatchObject({
      type: 'bid',
      title: 'Bid submitted',
      description: `Engine Check: Station ${station.number} (${station.name}), shift A, Firefighter`,
    });
    const secondTurn = (await get(second.auth, '/api/users/notifications')).json().notifications;
    expect(secondTurn.map((notice: { type: string }) => notice.type)).toEqual(['turn_started']);

    // The last bid completes the session: its two notifications share an instant, the completion first.
    context.clock.advance(MINUTE);
    const lastBid = await post(second.auth, '/api/bid-sessions/submit-bid', {
      sessionId,
      bidData: { station: station.id, shift: 'B', position: 'Firefighter' },
    });
    expect(lastBid.statusCode).toBe(200);
    const completed = (await get(second.auth, '/api/users/notifications')).json().notifications;
    expect(completed.map((notice: { type: string }) => notice.type)).toEqual([
      'session_completed',
      'bid_success',
      'turn_started',
    ]);
    expect(completed[0]).toMatchObject({ assignedStation: station.number, assignedShift: 'B' });
  });
});
