/**
 * The shared board and the reads made once per session version (docs/decisions/012-session-board.md):
 * ETag and 304, gzip, a version that moves with every step and only with its own session's steps,
 * the events that carry the change, and the paged participant list. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { gunzipSync } from 'node:zlib';
import {
  applySessionChange,
  type LiveEvent,
  liveTicketResponseSchema,
  participantPageResponseSchema,
  type SessionBoard,
  sessionBoardResponseSchema,
} from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';

let context: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
});
afterAll(async () => context?.close());

/** A running session of `count` Firefighters (the first created is the most senior) on a station of its own. */
async function startRunningSession(count: number) {
  const created = [];
  for (let index = 0; index < count; index++) {
    created.push(await createMember(context, { yearsOfService: 30 - index, firstName: `Member${index + 1}` }));
  }
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: count }, B: { Firefighter: 1 } });
  const sessionId = await startSession(context, admin, {
    participantIds: created.map((member) => member.id),
    stationIds: [station.id],
  });
  const signedIn = [];
  for (const member of created) signedIn.push(await signIn(context, member.email));
  return { sessionId, station, members: signedIn, rows: created };
}

function readBoard(who: SignedIn, sessionId: string, headers: Record<string, string> = {}) {
  return injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/board`, headers });
}

function bid(who: SignedIn, sessionId: string, stationId: string, shift: 'A' | 'B' = 'A') {
  return injectAs(context, who, {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData: { station: stationId, shift, position: 'Firefighter' } },
  });
}

const boardOf = (body: string): SessionBoard => sessionBoardResponseSchema.parse(JSON.parse(body)).board;

describe('GET /api/bid-sessions/:id/board', () => {
  it('shows every member the turn, who comes next, the free seats and the last picks', async () => {
    const { sessionId, station, members, rows } = await startRunningSession(4);
    const [first] = members;
    const [firstRow, secondRow] = rows;
    if (!first || !firstRow || !secondRow) throw new Error('four members');
    expect((await bid(first, sessionId, station.id)).statusCode).toBe(200);
    const outsider = await signIn(context, (await createMember(context)).email);

    const response = await readBoard(outsider, sessionId);
    expect(response.statusCode).toBe(200);
    const board = boardOf(response.body);
    expect(board.status).toBe('active');
    expect(board.turn?.name).toBe(`${secondRow.firstName} ${secondRow.lastName}`);
    expect(board.upcoming).toHaveLength(2);
    expect(board.counts).toMatchObject({ total: 4, done: 1, awarded: 1, waiting: 3 });
    expect(board.stations).toEqual([
      expect.objectContaining({
        id: station.id,
        availablePositions: {
          A: [{ position: 'Firefighter', count: 3, total: 4 }],
          B: [{ position: 'Firefighter', count: 1, total: 1 }],
          C: [],
        },
        available: 4,
        totalCapacity: 5,
      }),
    ]);
    expect(board.recentPicks).toEqual([
      expect.objectContaining({ name: `${firstRow.firstName} ${firstRow.lastName}`, shift: 'A', kind: 'own' }),
    ]);
    // Nobody's contact data or preferences are on the board.
    expect(response.body).not.toContain(firstRow.email);
  });

  it('answers 304 to the ETag it gave until a step changes the session, and gzip to who asks for it', async () => {
    const { sessionId, station, members } = await startRunningSession(3);
    const [first] = members;
    if (!first) throw new Error('three members');
    const before = await readBoard(first, sessionId);
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"board-\d+\.\d+"$/);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect((await readBoard(first, sessionId, { 'if-none-match': etag })).statusCode).toBe(304);

    expect((await bid(first, sessionId, station.id)).statusCode).toBe(200);
    const after = await readBoard(first, sessionId, { 'if-none-match': etag, 'accept-encoding': 'gzip, deflate' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(after.headers.etag).not.toBe(etag);
    const board = boardOf(gunzipSync(after.rawPayload).toString('utf8'));
    expect(board.version).toBe(boardOf(before.body).version + 1);
    expect(board.counts.awarded).toBe(1);
  });

  it('keeps the version of a session whose neighbour bids, when they share nothing', async () => {
    const one = await startRunningSession(2);
    const other = await startRunningSession(2);
    const [bidder] = one.members;
    const [watcher] = other.members;
    if (!bidder || !watcher) throw new Error('two members each');
    const otherEtag = (await readBoard(watcher, other.sessionId)).headers.etag;
    const oneEtag = (await readBoard(bidder, one.sessionId)).headers.etag;
    expect((await bid(bidder, one.sessionId, one.station.id)).statusCode).toBe(200);
    expect((await readBoard(watcher, other.sessionId)).headers.etag).toBe(otherEtag);
    expect((await readBoard(bidder, one.sessionId)).headers.etag).not.toBe(oneEtag);
  });

  it('hides a draft from members (404, as for an unknown id) but shows it to administrators', async () => {
    const member = await createMember(context);
    const draft = await createSession(context, admin, { participantIds: [member.id] });
    const signedIn = await signIn(context, member.email);
    expect((await readBoard(signedIn, draft.id)).statusCode).toBe(404);
    expect((await readBoard(admin, draft.id)).statusCode).toBe(200);
    expect((await readBoard(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await readBoard(admin, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('the contract reads, made once per version', () => {
  it('give the spec fields from the shared answer, with an ETag, and a new answer after a step', async () => {
    const { sessionId, station, members } = await startRunningSession(3);
    const [first] = members;
    if (!first) throw new Error('three members');
    const read = () => injectAs(context, first, { method: 'GET', url: `/api/bid-sessions/${sessionId}` });
    const before = await read();
    expect(before.json().session.participants).toHaveLength(3);
    expect(
      (
        await injectAs(context, first, {
          method: 'GET',
          url: `/api/bid-sessions/${sessionId}`,
          headers: { 'if-none-match': before.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
    expect((await bid(first, sessionId, station.id)).statusCode).toBe(200);
    const after = await read();
    expect(after.json().session.completedBids).toBe(1);
    const history = await injectAs(context, first, {
      method: 'GET',
      url: `/api/bid-sessions/history?sessionId=${sessionId}`,
    });
    expect(history.json().history.map((entry: { action: string }) => entry.action)).toEqual([
      'session_started',
      'bid_submitted',
    ]);
  });

  it('tells a member their place without reading the others: people ahead follow the turn', async () => {
    const { sessionId, station, members } = await startRunningSession(4);
    const [first, , , last] = members;
    if (!first || !last) throw new Error('four members');
    const place = async () =>
      (await injectAs(context, last, { method: 'GET', url: `/api/bid-sessions/${sessionId}/my-participation` })).json();
    expect(await place()).toMatchObject({ isUserTurn: false, peopleAhead: 3 });
    expect((await bid(first, sessionId, station.id)).statusCode).toBe(200);
    expect(await place()).toMatchObject({ isUserTurn: false, peopleAhead: 2 });
    const status = await injectAs(context, last, { method: 'GET', url: '/api/users/bid-status' });
    expect(status.json()).toMatchObject({ position: 3, isUserTurn: false });
  });

  it("answers a polling member's place 304 while it has not changed, and never with another member's answer", async () => {
    const { sessionId, station, members } = await startRunningSession(4);
    const [first, , third, last] = members;
    if (!first || !third || !last) throw new Error('four members');
    const place = (who: SignedIn, etag?: string) =>
      injectAs(context, who, {
        method: 'GET',
        url: `/api/bid-sessions/${sessionId}/my-participation`,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const before = await place(last);
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"mine-[\w-]+"$/);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    const unchanged = await place(last, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // Another member on the same device, holding the first one's ETag, gets their own place.
    const other = await place(third, etag);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ peopleAhead: 2 });

    expect((await bid(first, sessionId, station.id)).statusCode).toBe(200);
    const moved = await place(last, etag);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ isUserTurn: false, peopleAhead: 2 });
    expect(moved.headers.etag).not.toBe(etag);
  });
});

describe("what the spec's client reads, and what a member who takes no part may see", () => {
  it('gives GET /:id with the bidSession alias and each station with its free seats as a number', async () => {
    const { sessionId, station, members } = await startRunningSession(2);
    const [first] = members;
    if (!first) throw new Error('two members');
    const body = (await injectAs(context, first, { method: 'GET', url: `/api/bid-sessions/${sessionId}` })).json();
    expect(body.bidSession).toEqual(body.session);
    expect(body.availableStations).toEqual([
      expect.objectContaining({ id: station.id, availablePositions: 3, available: 3, totalCapacity: 3 }),
    ]);
  });

  it("lists sessions with free seats and participants: all for administrators and participants (others' public facts), none for others", async () => {
    const { sessionId, members, rows } = await startRunningSession(3);
    const [first] = members;
    const [firstRow] = rows;
    if (!first || !firstRow) throw new Error('three members');
    type ListItem = {
      id: string;
      participants?: { user: { id: string; employeeId?: string } }[];
      availableStations?: number;
    };
    const listed = (body: { sessions: ListItem[] }) => body.sessions.find((session) => session.id === sessionId);
    const asAdministrator = listed(
      (await injectAs(context, admin, { method: 'GET', url: '/api/bid-sessions' })).json(),
    );
    expect(asAdministrator).toMatchObject({ availableStations: 4 });
    expect(asAdministrator?.participants).toHaveLength(3);
    const asMember = listed((await injectAs(context, first, { method: 'GET', url: '/api/bid-sessions' })).json());
    expect(asMember?.participants).toHaveLength(3);
    expect(asMember?.participants?.[0]?.user).toMatchObject({ id: firstRow.id, employeeId: firstRow.employeeId });
    expect(asMember?.participants?.[1]?.user).not.toHaveProperty('employeeId');
    const outsider = await signIn(context, (await createMember(context)).email);
    const asOutsider = listed((await injectAs(context, outsider, { method: 'GET', url: '/api/bid-sessions' })).json());
    expect(asOutsider).toMatchObject({ participants: [], availableStations: 4 });
    const light = listed(
      (await injectAs(context, outsider, { method: 'GET', url: '/api/bid-sessions?view=summary' })).json(),
    );
    expect(light).not.toHaveProperty('participants');
  });

  it('shows a member who takes no part the session and its board, but not its participants', async () => {
    const { sessionId } = await startRunningSession(2);
    const outsider = await signIn(context, (await createMember(context)).email);
    const detail = (await injectAs(context, outsider, { method: 'GET', url: `/api/bid-sessions/${sessionId}` })).json();
    expect(detail.session).toMatchObject({ participantCount: 2, participants: [] });
    expect(detail.bidSession.participants).toEqual([]);
    expect((await readBoard(outsider, sessionId)).statusCode).toBe(200);
    const current = (await injectAs(context, outsider, { method: 'GET', url: '/api/bid-sessions/current' })).json();
    if (current.session?.id === sessionId) expect(current.session.participants).toEqual([]);
  });
});

describe('GET /api/bid-sessions/:id/participants with paging', () => {
  it('walks the queue page by page, each participant once, and searches by name or employee ID', async () => {
    const { sessionId, rows } = await startRunningSession(5);
    const seen: string[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? 'limit=2' : `limit=2&cursor=${cursor}`;
      const response = await injectAs(context, admin, {
        method: 'GET',
        url: `/api/bid-sessions/${sessionId}/participants?${query}`,
      });
      expect(response.statusCode).toBe(200);
      const page = participantPageResponseSchema.parse(response.json());
      expect(page.total).toBe(5);
      seen.push(...page.participants.map((participant) => participant.user.id ?? ''));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(rows.map((row) => row.id));

    const third = rows[2];
    if (!third) throw new Error('five members');
    const searched = await injectAs(context, admin, {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}/participants?search=${encodeURIComponent(`${third.firstName} ${third.lastName}`.toUpperCase())}`,
    });
    expect(searched.json().participants.map((participant: { user: { id: string } }) => participant.user.id)).toEqual([
      third.id,
    ]);
  });

  it('answers 400 with what to fix for a bad limit or cursor, and 403 to a member who takes no part', async () => {
    const { sessionId } = await startRunningSession(2);
    const bad = await injectAs(context, admin, {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}/participants?limit=0`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('limit must be a whole number from 1 to 500');
    const badCursor = await injectAs(context, admin, {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}/participants?cursor=x`,
    });
    expect(badCursor.statusCode).toBe(400);
    const outsider = await signIn(context, (await createMember(context)).email);
    const refused = await injectAs(context, outsider, {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}/participants?limit=5`,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('lighter reads for a client that follows the board', () => {
  it('gives the current session without participants and stations when asked for the summary', async () => {
    const { members } = await startRunningSession(2);
    const [first] = members;
    if (!first) throw new Error('two members');
    const summary = await injectAs(context, first, { method: 'GET', url: '/api/bid-sessions/current?view=summary' });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().session).toMatchObject({ status: 'active', participantCount: 2 });
    expect(summary.json().session).not.toHaveProperty('participants');
    const whole = await injectAs(context, first, { method: 'GET', url: '/api/bid-sessions/current' });
    expect(whole.json().session.participants).toHaveLength(2);
    const bad = await injectAs(context, first, { method: 'GET', url: '/api/bid-sessions/current?view=everything' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('view must be full or summary');
  });

  it('lists only the participants connected now when asked', async () => {
    const { sessionId, members } = await startRunningSession(3);
    const [, second] = members;
    if (!second) throw new Error('three members');
    await injectAs(context, second, { method: 'POST', url: `/api/bid-sessions/${sessionId}/join` });
    const connected = await injectAs(context, admin, {
      method: 'GET',
      url: `/api/bid-sessions/${sessionId}/participants?connected=true&limit=50`,
    });
    const page = participantPageResponseSchema.parse(connected.json());
    expect(page.total).toBe(1);
    expect(page.participants.map((participant) => participant.position)).toEqual([1]);
  });
});

describe('session.changed events', () => {
  it('carry the new version and what changed, so a watcher patches its board to what a read shows', async () => {
    const baseUrl = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { sessionId, station, members, rows } = await startRunningSession(3);
    const [first] = members;
    if (!first) throw new Error('three members');
    const board = boardOf((await readBoard(first, sessionId)).body);
    const ticketResponse = await injectAs(context, first, { method: 'POST', url: '/api/live/ticket' });
    const { ticket } = liveTicketResponseSchema.parse(ticketResponse.json());
    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}/api/live/stream?${new URLSearchParams({ ticket, sessions: sessionId })}`, {
      signal: abort.signal,
    });
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('a stream body');
    try {
      await reader.read();
      expect((await bid(first, sessionId, station.id)).statusCode).toBe(200);
      let text = '';
      const decoder = new TextDecoder();
      while (!text.includes('bid_submitted')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const events = text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice('data: '.length)) as LiveEvent);
      const event = events.find(
        (candidate) => candidate.type === 'session.changed' && candidate.action === 'bid_submitted',
      );
      if (event?.type !== 'session.changed') throw new Error('a bid event');
      expect(event.version).toBe(board.version + 1);
      expect(event.actorName).toBe(`${rows[0]?.firstName} ${rows[0]?.lastName}`);
      expect(event.pick).toMatchObject({ kind: 'own', shift: 'A', station: { id: station.id } });
      const patched = applySessionChange(board, event);
      if (patched.kind !== 'applied') throw new Error(`expected the event to apply, got ${patched.kind}`);
      expect(patched.board).toEqual(boardOf((await readBoard(first, sessionId)).body));
    } finally {
      abort.abort();
    }
  });
});
