/**
 * The member's calendar through the API (issue 16): an administrator sets the rotation, a member
 * makes their private feed, and the feed, read without signing in, is parsed by an independent
 * iCalendar parser (ical.js) and holds exactly their shift's days of the year at the right times
 * in the department's zone, across a daylight-saving change; their shift follows the seat they win
 * in a completed session; a reset ends the old address. Each event's UID is its own to the member
 * and to the server's database, and the same at every fetch; before the rotation is set the feed is
 * an empty but valid calendar. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { CALENDAR_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';

const PUBLIC_WEB_URL = 'https://bid.example-fd.org';

let context: TestContext;
let admin: SignedIn;
let member: SignedIn;
let memberId: string;
let stationId: string;
/** A second member on shift B, at another station. */
let colleague: SignedIn;
let colleagueId: string;

const ROTATION = { pattern: 'ABC', anchorDate: '2026-01-01', shiftStartTime: '07:00' };

interface FeedEvent {
  summary: string;
  start: string;
  hours: number;
  location: string | null;
}

interface ParsedFeed {
  name: string | null;
  events: FeedEvent[];
  /** Each event's UID by its start (UTC). */
  uids: Map<string, string>;
  /** The names of the calendar's components, in order ('vevent', 'vtimezone'). */
  components: string[];
}

/** The feed's events as an independent parser reads them, with starts in UTC. */
function parseFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const uids = new Map(
    calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return [event.startDate.toJSDate().toISOString(), event.uid] as const;
    }),
  );
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      hours: (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 3_600_000,
      location: event.location ?? null,
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname') ?? '') || null,
    events,
    uids,
    components: calendar.getAllSubcomponents().map((component) => component.name),
  };
}

/** What two feeds' UIDs have in common. */
function sharedUids(one: ParsedFeed, other: ParsedFeed): string[] {
  const theirs = new Set(other.uids.values());
  return [...one.uids.values()].filter((uid) => theirs.has(uid));
}

/** GET the feed by the path of the address the member was given, without signing in. */
async function readFeed(url: string) {
  expect(url.startsWith(`${PUBLIC_WEB_URL}/api/calendar/`)).toBe(true);
  return context.app.inject({ method: 'GET', url: url.slice(PUBLIC_WEB_URL.length) });
}

async function makeFeed(who: SignedIn = member): Promise<string> {
  const response = await injectAs(context, who, { method: 'POST', url: '/api/users/calendar-token' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

beforeAll(async () => {
  context = await createTestContext(
    {},
    {
      delivery: {
        publicWebUrl: PUBLIC_WEB_URL,
        departmentTimeZone: 'America/Chicago',
        email: undefined,
        sms: undefined,
      },
    },
  );
  context.clock.set(new Date('2026-03-10T15:00:00Z'));
  admin = await signIn(context, (await createAdmin(context)).email);
  const { station, seats } = await createStationWithSeats(
    context.db,
    { B: { Firefighter: 1 }, C: { Firefighter: 1 } },
    { number: 4, name: 'Lakeside', address: '4 Shore Rd' },
  );
  stationId = station.id;
  const seatB = seats.find((seat) => seat.shift === 'B');
  // Before any session, the member holds a seat on shift B (given by an administrator).
  const row = await createMember(context, { firstName: 'Robin', lastName: 'Shaw', currentSeatId: seatB?.id });
  memberId = row.id;
  member = await signIn(context, row.email);
  const other = await createStationWithSeats(context.db, { B: { Firefighter: 1 } });
  const colleagueRow = await createMember(context, {
    firstName: 'Jordan',
    lastName: 'Lee',
    currentSeatId: other.seats[0]?.id,
  });
  colleagueId = colleagueRow.id;
  colleague = await signIn(context, colleagueRow.email);
});
afterAll(async () => context?.close());

describe('the rotation setting', () => {
  it('leaves the feed, until it is set, a valid calendar with no events: only the department time zone', async () => {
    const response = await readFeed(await makeFeed(colleague));
    expect(response.statusCode, response.body).toBe(200);
    const feed = parseFeed(response.body);
    expect(feed.name).toBe('StationBid shifts: Jordan Lee');
    expect(feed.events).toEqual([]);
    // RFC 5545 asks for at least one component: the zone the department's tours will be in.
    expect(feed.components).toEqual(['vtimezone']);
    expect(response.body).toContain('TZID:America/Chicago\r\n');
  });

  it('is unset at first, is set by an administrator, and refuses a wrong pattern saying how to write one', async () => {
    const before = await injectAs(context, admin, { method: 'GET', url: '/api/admin/rotation' });
    expect(before.json()).toEqual({ rotation: null, timeZone: 'America/Chicago' });

    const wrong = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/rotation',
      payload: { ...ROTATION, pattern: '24/48' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain(CALENDAR_MESSAGES.patternInvalid);

    const refused = await injectAs(context, member, { method: 'PUT', url: '/api/admin/rotation', payload: ROTATION });
    expect(refused.statusCode).toBe(403);

    const saved = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/rotation',
      payload: { ...ROTATION, pattern: 'a b c' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ rotation: ROTATION, timeZone: 'America/Chicago' });
  });
});

describe('GET /api/calendar/:token.ics', () => {
  it("holds the member's shift days of the year, each 24 hours from 07:00 in the department's zone", async () => {
    const status = await injectAs(context, member, { method: 'GET', url: '/api/users/calendar-token' });
    expect(status.json()).toEqual({ hasFeed: false, createdAt: null, rotationSet: true, shift: 'B' });

    const url = await makeFeed();
    expect(url).toMatch(/^https:\/\/bid\.example-fd\.org\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the token's hash is kept.
    const [stored] = await context.db.select().from(calendarFeeds).where(eq(calendarFeeds.memberId, memberId));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(url).not.toContain(stored?.tokenHash);

    const response = await readFeed(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { name, events } = parseFeed(response.body);
    expect(name).toBe('StationBid shifts: Robin Shaw');
    // ABC from 1 January 2026: B is on duty on 2 January and every third day after, 122 days in 2026.
    expect(events).toHaveLength(122);
    expect(events[0]).toEqual({
      summary: 'Shift B on duty at Station 4 (Lakeside), Firefighter',
      // 07:00 CST is 13:00 UTC.
      start: '2026-01-02T13:00:00.000Z',
      hours: 24,
      location: '4 Shore Rd',
    });
    expect(events[1]?.start).toBe('2026-01-05T13:00:00.000Z');
    // Daylight-saving time begins on 8 March 2026: the tour on 9 March starts at 07:00 CDT, 12:00 UTC.
    expect(events.map((event) => event.start)).toContain('2026-03-09T12:00:00.000Z');
    expect(events.at(-1)?.start).toBe('2026-12-31T13:00:00.000Z');
    const aDays = events.filter((event) => ['2026-01-01', '2026-01-04'].includes(event.start.slice(0, 10)));
    expect(aDays).toEqual([]);
  });

  it("gives two members' events on the same day different UIDs, each the same at every fetch", async () => {
    const robin = parseFeed((await readFeed(await makeFeed())).body);
    const jordanUrl = await makeFeed(colleague);
    const jordan = parseFeed((await readFeed(jordanUrl)).body);
    // Both are on shift B: the same 122 tours at the same times, and no UID in common.
    expect([...jordan.uids.keys()]).toEqual([...robin.uids.keys()]);
    expect(robin.uids.size).toBe(122);
    expect(new Set(robin.uids.values()).size).toBe(122);
    expect(sharedUids(robin, jordan)).toEqual([]);
    // No UID carries the member's id, e-mail or feed token.
    const token = jordanUrl.slice(jordanUrl.lastIndexOf('/') + 1, -'.ics'.length);
    for (const uid of jordan.uids.values()) {
      expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(uid).not.toContain(colleagueId.slice(0, 8));
      expect(uid).not.toContain(token.slice(0, 8));
    }

    // Fetched again, and after the member resets their address, each event keeps its UID, so a
    // calendar application updates its copies instead of adding the tours twice.
    expect(parseFeed((await readFeed(jordanUrl)).body).uids).toEqual(jordan.uids);
    expect(parseFeed((await readFeed(await makeFeed(colleague))).body).uids).toEqual(jordan.uids);
  });

  it("gives the same member's events other UIDs on another server's database", async () => {
    const here = parseFeed((await readFeed(await makeFeed(colleague))).body);
    const elsewhere = await createTestContext(
      {},
      {
        delivery: {
          publicWebUrl: PUBLIC_WEB_URL,
          departmentTimeZone: 'America/Chicago',
          email: undefined,
          sms: undefined,
        },
      },
    );
    try {
      elsewhere.clock.set(context.clock.now());
      const otherAdmin = await signIn(elsewhere, (await createAdmin(elsewhere)).email);
      const saved = await injectAs(elsewhere, otherAdmin, {
        method: 'PUT',
        url: '/api/admin/rotation',
        payload: ROTATION,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { seats: otherSeats } = await createStationWithSeats(elsewhere.db, { B: { Firefighter: 1 } });
      // The same member id on the same shift: only the install differs.
      const twin = await createMember(elsewhere, {
        id: colleagueId,
        firstName: 'Jordan',
        lastName: 'Lee',
        currentSeatId: otherSeats[0]?.id,
      });
      const twinFeed = await injectAs(elsewhere, await signIn(elsewhere, twin.email), {
        method: 'POST',
        url: '/api/users/calendar-token',
      });
      const url = twinFeed.json<{ url: string }>().url;
      const response = await elsewhere.app.inject({ method: 'GET', url: url.slice(PUBLIC_WEB_URL.length) });
      expect(response.statusCode, response.body).toBe(200);
      const there = parseFeed(response.body);
      // The same tours at the same times (at another station), under other UIDs.
      expect([...there.uids.keys()]).toEqual([...here.uids.keys()]);
      expect(there.uids.size).toBe(122);
      expect(sharedUids(here, there)).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('follows the seat the member wins in a completed session, for that bid year', async () => {
    const sessionId = await startSession(context, admin, {
      participantIds: [memberId],
      stationIds: [stationId],
      year: 2027,
    });
    const bid = await injectAs(context, member, {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId, bidData: { station: stationId, shift: 'C', position: 'Firefighter' } },
    });
    expect(bid.statusCode, bid.body).toBe(200);

    const { events } = parseFeed((await readFeed(await makeFeed())).body);
    // C is on duty on 3 January 2026, so in 2027 (365 days later, 365 = 3 x 121 + 2) on 1 January.
    expect(events[0]?.start).toBe('2027-01-01T13:00:00.000Z');
    expect(events[0]?.summary).toBe('Shift C on duty at Station 4 (Lakeside), Firefighter');
    expect(events.every((event) => event.start.startsWith('2027-'))).toBe(true);
    expect(events).toHaveLength(122);
  });

  it('stops answering the old address once the member resets it, and for a deactivated member', async () => {
    const oldUrl = await makeFeed();
    expect((await readFeed(oldUrl)).statusCode).toBe(200);
    const newUrl = await makeFeed();
    expect(newUrl).not.toBe(oldUrl);
    const old = await readFeed(oldUrl);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe(CALENDAR_MESSAGES.feedNotFound);
    expect((await readFeed(newUrl)).statusCode).toBe(200);

    await context.db.update(members).set({ isActive: false }).where(eq(members.id, memberId));
    expect((await readFeed(newUrl)).statusCode).toBe(404);
    await context.db.update(members).set({ isActive: true }).where(eq(members.id, memberId));
    expect((await readFeed(newUrl)).statusCode).toBe(200);

    const off = await injectAs(context, member, { method: 'DELETE', url: '/api/users/calendar-token' });
    expect(off.json()).toEqual({ message: CALENDAR_MESSAGES.feedStopped });
    expect((await readFeed(newUrl)).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' })).statusCode).toBe(404);
  });

  it('is an empty calendar for a member with no seat', async () => {
    const seatless = await signIn(context, (await createMember(context, { firstName: 'No', lastName: 'Seat' })).email);
    const { events, name, components } = parseFeed((await readFeed(await makeFeed(seatless))).body);
    expect(name).toBe('StationBid shifts: No Seat');
    expect(events).toEqual([]);
    expect(components).toEqual(['vtimezone']);
  });
});
