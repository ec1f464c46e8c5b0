/**
 * The live stream on a real port (app.inject cannot stream): tickets, who may watch what, an engine
 * step reaching every watcher within a second, heartbeats, and streams ended by app close; chat only
 * for participants and administrators, and streams that end with their sign-in. On PostgreSQL, a
 * step in one app instance reaches a watcher of another through LISTEN/NOTIFY, and so does a
 * sign-out or a deactivation.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  LIVE_HEARTBEAT_MS,
  LIVE_MESSAGES,
  LIVE_RETRY_MS,
  LIVE_STREAMS_PER_MEMBER,
  type LiveEvent,
  liveTicketResponseSchema,
} from '@stationbid/domain';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, SERVER_TIMEOUTS } from '../../app.ts';
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
import { REFRESH_REUSE_GRACE_MS } from '../auth/auth.service.ts';
import { createSession, createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';

const SECOND = 1000;
/** The test app's JWT secret (test/test-app.ts), to forge tickets with. */
const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let context: TestContext;
let admin: SignedIn;
let baseUrl: string;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  baseUrl = await listenOnLoopback(context.app);
});
afterAll(async () => context?.close());

async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function requestTicket(app: FastifyInstance, who: SignedIn): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/live/ticket', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return liveTicketResponseSchema.parse(response.json()).ticket;
}

/** A stream read as it arrives, with a wait for what a test expects to see on it. */
interface OpenStream {
  response: Response;
  readonly text: string;
  readonly hasEnded: boolean;
  events(): LiveEvent[];
  waitFor(isReady: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

const openedStreams: OpenStream[] = [];

async function openStream(url: string, query: Record<string, string>): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/live/stream?${new URLSearchParams(query)}`, { signal: abort.signal });
  let text = '';
  let hasEnded = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  if (response.body && response.ok) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          wake();
        }
      } catch {
        // Aborted by the test.
      }
      hasEnded = true;
      wake();
    })();
  }
  const stream: OpenStream = {
    response,
    get text() {
      return text;
    },
    get hasEnded() {
      return hasEnded;
    },
    events: () =>
      text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice('data: '.length)) as LiveEvent),
    waitFor: (isReady, timeoutMs = SECOND) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!isReady()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`not seen within ${timeoutMs} ms; the stream so far:\n${text}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
  openedStreams.push(stream);
  return stream;
}

afterAll(() => {
  for (const stream of openedStreams) stream.close();
});

/** A running session of two members; the first (most senior) holds the turn. */
async function startTwoMemberSession() {
  const first = await createMember(context, { yearsOfService: 20 });
  const second = await createMember(context, { yearsOfService: 10 });
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
  const sessionId = await startSession(context, admin, {
    participantIds: [first.id, second.id],
    stationIds: [station.id],
  });
  return { sessionId, station, first: await signIn(context, first.email), second: await signIn(context, second.email) };
}

function bidFirstFirefighterSeat(who: SignedIn, sessionId: string, stationId: string) {
  return injectAs(context, who, {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData: { station: stationId, shift: 'A', position: 'Firefighter' } },
  });
}

const hasBidEvent = (stream: OpenStream, sessionId: string) => () =>
  stream
    .events()
    .some(
      (event) => event.type === 'session.changed' && event.sessionId === sessionId && event.action === 'bid_submitted',
    );

describe('tickets', () => {
  it('gives a ticket only to a signed-in member', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/live/ticket' });
    expect(response.statusCode).toBe(401);
    const member = await signIn(context, (await createMember(context)).email);
    const ticketResponse = await context.app.inject({
      method: 'POST',
      url: '/api/live/ticket',
      headers: member.headers,
    });
    expect(ticketResponse.json()).toEqual({ ticket: expect.any(String), expiresInSeconds: 30 });
  });

  it('refuses a stream without a ticket, with a bad one, or with an expired one, as JSON 401', async () => {
    const { sessionId } = await startTwoMemberSession();
    const missing = await openStream(baseUrl, { sessions: sessionId });
    expect(missing.response.status).toBe(401);
    expect(await missing.response.json()).toMatchObject({ code: 'TOKEN_MISSING' });

    const forged = await openStream(baseUrl, { ticket: 'not-a-ticket', sessions: sessionId });
    expect(forged.response.status).toBe(401);
    expect(await forged.response.json()).toMatchObject({ code: 'TOKEN_INVALID' });

    // An access token is not a ticket: its audience is the API.
    const accessToken = await openStream(baseUrl, { ticket: admin.token, sessions: sessionId });
    expect(accessToken.response.status).toBe(401);

    const ticket = await requestTicket(context.app, admin);
    context.clock.advance(31 * SECOND);
    const expired = await openStream(baseUrl, { ticket, sessions: sessionId });
    expect(expired.response.status).toBe(401);
    expect(await expired.response.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('limits (issue 13, finding 8)', () => {
  it('opens one stream per ticket: a second use is refused, also by another app instance', async () => {
    const { sessionId } = await startTwoMemberSession();
    const ticket = await requestTicket(context.app, admin);
    const first = await openStream(baseUrl, { ticket, sessions: sessionId });
    expect(first.response.status).toBe(200);
    const again = await openStream(baseUrl, { ticket, sessions: sessionId });
    expect(again.response.status).toBe(401);
    expect(await again.response.json()).toEqual({ error: LIVE_MESSAGES.ticketUsed, code: 'TOKEN_INVALID' });
    // Another server process on the same database knows the ticket was used.
    await withSettings(context, {}, async (otherApp) => {
      const otherUrl = await listenOnLoopback(otherApp);
      const elsewhere = await openStream(otherUrl, { ticket, sessions: sessionId });
      expect(elsewhere.response.status).toBe(401);
    });
    first.close();
  });

  it('refuses a ticket without an expiry or an id', async () => {
    const { sessionId } = await startTwoMemberSession();
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const member = await signIn(context, (await createMember(context)).email);
    const { sub, fam } = decodeJwt(member.token);
    const issuedAt = Math.floor(context.clock.now().getTime() / 1000);
    const forge = (withExpiry: boolean, withId: boolean) => {
      const jwt = new SignJWT({ fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub ?? '')
        .setIssuer('stationbid')
        .setAudience('live-stream')
        .setIssuedAt(issuedAt);
      if (withExpiry) jwt.setExpirationTime(issuedAt + 30);
      if (withId) jwt.setJti(crypto.randomUUID());
      return jwt.sign(key);
    };
    for (const ticket of [await forge(false, true), await forge(true, false)]) {
      const refused = await openStream(baseUrl, { ticket, sessions: sessionId });
      expect(refused.response.status).toBe(401);
    }
    // The same ticket with both is good: the refusals above were for what was missing.
    const accepted = await openStream(baseUrl, { ticket: await forge(true, true), sessions: sessionId });
    expect(accepted.response.status).toBe(200);
    accepted.close();
  });

  it(`keeps a member to ${LIVE_STREAMS_PER_MEMBER} open streams: one more is refused with 429, the open ones stay`, async () => {
    const { sessionId } = await startTwoMemberSession();
    const member = await signIn(context, (await createMember(context)).email);
    const streams: OpenStream[] = [];
    for (let index = 0; index < LIVE_STREAMS_PER_MEMBER; index++) {
      const stream = await openStream(baseUrl, {
        ticket: await requestTicket(context.app, member),
        sessions: sessionId,
      });
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    const oneMore = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, member),
      sessions: sessionId,
    });
    expect(oneMore.response.status).toBe(429);
    expect(await oneMore.response.json()).toEqual({ error: LIVE_MESSAGES.tooManyStreams, code: 'TOO_MANY_ATTEMPTS' });
    expect(streams.every((stream) => !stream.hasEnded)).toBe(true);
    // Someone else is not affected, and a closed tab frees its place.
    const adminStream = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, admin),
      sessions: sessionId,
    });
    expect(adminStream.response.status).toBe(200);
    streams[0]!.close();
    await vi.waitFor(() => expect(context.app.live.openStreamCount).toBeLessThan(LIVE_STREAMS_PER_MEMBER + 1));
    const afterClose = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, member),
      sessions: sessionId,
    });
    expect(afterClose.response.status).toBe(200);
    for (const stream of [...streams, afterClose, adminStream]) stream.close();
  });
});

describe('server timeouts (issue 13, finding 8)', () => {
  it('are set, and a live stream outlives the connection timeout on its heartbeats alone', async () => {
    expect(context.app.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeoutMs);
    expect(context.app.server.timeout).toBe(SERVER_TIMEOUTS.connectionTimeoutMs);
    expect(SERVER_TIMEOUTS.connectionTimeoutMs).toBeGreaterThan(2 * LIVE_HEARTBEAT_MS);

    // The same with a connection timeout short enough to wait for.
    const app = await buildApp({
      db: context.db,
      databaseKind: context.databaseKind,
      clock: context.clock,
      settings: {
        jwtSecret: TEST_JWT_SECRET,
        allowSelfRegistration: false,
        corsOrigins: [],
        webDistDir: '/nonexistent-web-dist',
        trustProxy: false,
      },
      timeouts: { requestTimeoutMs: 60_000, connectionTimeoutMs: 400 },
    });
    try {
      const url = await listenOnLoopback(app);
      const { sessionId } = await startTwoMemberSession();
      const stream = await openStream(url, { ticket: await requestTicket(app, admin), sessions: sessionId });
      await stream.waitFor(() => stream.text.includes('retry:'));
      for (let beat = 0; beat < 8; beat++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        app.live.sendHeartbeat();
      }
      expect(stream.hasEnded).toBe(false);
      // Silent for longer than the timeout, the connection is closed.
      await stream.waitFor(() => stream.hasEnded, 3 * SECOND);
    } finally {
      await app.close();
    }
  });
});

describe('who may watch what', () => {
  it('refuses a member a draft session (404, as for an unknown id) but lets an administrator watch it', async () => {
    const memberRow = await createMember(context);
    const member = await signIn(context, memberRow.email);
    const draft = await createSession(context, admin, { participantIds: [memberRow.id] });
    const refused = await openStream(baseUrl, { ticket: await requestTicket(context.app, member), sessions: draft.id });
    expect(refused.response.status).toBe(404);
    expect(await refused.response.json()).toMatchObject({ code: 'NOT_FOUND' });

    const watched = await openStream(baseUrl, { ticket: await requestTicket(context.app, admin), sessions: draft.id });
    expect(watched.response.status).toBe(200);
    watched.close();
  });

  it('answers 400 for a list that is not session ids', async () => {
    const ticket = await requestTicket(context.app, admin);
    const response = await openStream(baseUrl, { ticket, sessions: 'nope' });
    expect(response.response.status).toBe(400);
  });
});

describe('the stream', () => {
  it('starts with retry and carries a bid to two watchers within a second', async () => {
    const { sessionId, station, first } = await startTwoMemberSession();
    const memberWatcher = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, first),
      sessions: sessionId,
    });
    const adminWatcher = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, admin),
      sessions: sessionId,
    });
    expect(memberWatcher.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await memberWatcher.waitFor(() => memberWatcher.text.includes(`retry: ${LIVE_RETRY_MS}`));

    const bidAt = Date.now();
    const bid = await bidFirstFirefighterSeat(first, sessionId, station.id);
    expect(bid.statusCode).toBe(200);
    await Promise.all([
      memberWatcher.waitFor(hasBidEvent(memberWatcher, sessionId)),
      adminWatcher.waitFor(hasBidEvent(adminWatcher, sessionId)),
    ]);
    expect(Date.now() - bidAt).toBeLessThan(SECOND);

    const bidEvent = memberWatcher
      .events()
      .find((event) => event.type === 'session.changed' && event.action === 'bid_submitted');
    expect(bidEvent).toMatchObject({
      type: 'session.changed',
      sessionId,
      at: context.clock.now().toISOString(),
      participantId: expect.any(String),
      seat: { stationId: station.id, shift: 'A', seatPosition: 'Firefighter' },
    });
    // Every event has an id line right before its data.
    expect(memberWatcher.text).toMatch(/id: \d+\ndata: /);
    memberWatcher.close();
    adminWatcher.close();
  });

  it('carries a session only to the streams that watch it', async () => {
    const watched = await startTwoMemberSession();
    const other = await startTwoMemberSession();
    const stream = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, admin),
      sessions: watched.sessionId,
    });
    await stream.waitFor(() => stream.text.includes('retry:'));
    await bidFirstFirefighterSeat(other.first, other.sessionId, other.station.id);
    await bidFirstFirefighterSeat(watched.first, watched.sessionId, watched.station.id);
    await stream.waitFor(hasBidEvent(stream, watched.sessionId));
    expect(stream.events().every((event) => 'sessionId' in event && event.sessionId === watched.sessionId)).toBe(true);
    stream.close();
  });

  it('sends nothing for a refused step', async () => {
    const { sessionId, station, second } = await startTwoMemberSession();
    const stream = await openStream(baseUrl, { ticket: await requestTicket(context.app, admin), sessions: sessionId });
    await stream.waitFor(() => stream.text.includes('retry:'));
    const refused = await bidFirstFirefighterSeat(second, sessionId, station.id);
    expect(refused.statusCode).toBe(409);
    // A pause is a step that does happen: once its event is here, a refused bid's would have been too.
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/pause` });
    await stream.waitFor(() =>
      stream.events().some((event) => event.type === 'session.changed' && event.action === 'session_paused'),
    );
    expect(stream.events().map((event) => (event.type === 'session.changed' ? event.action : event.type))).toEqual([
      'session_paused',
    ]);
    stream.close();
  });

  it("carries a step's notifications to the streams of the notified members only, each naming its own member", async () => {
    const firstMember = await createMember(context, { yearsOfService: 20 });
    const secondMember = await createMember(context, { yearsOfService: 10 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    const sessionId = await startSession(context, admin, {
      participantIds: [firstMember.id, secondMember.id],
      stationIds: [station.id],
    });
    const first = await signIn(context, firstMember.email);
    const second = await signIn(context, secondMember.email);
    // Streams that watch no session: a member on their profile page, and an administrator.
    const firstStream = await openStream(baseUrl, { ticket: await requestTicket(context.app, first) });
    const secondStream = await openStream(baseUrl, { ticket: await requestTicket(context.app, second) });
    const adminStream = await openStream(baseUrl, { ticket: await requestTicket(context.app, admin), sessions: '' });
    for (const stream of [firstStream, secondStream, adminStream]) {
      expect(stream.response.status).toBe(200);
      await stream.waitFor(() => stream.text.includes('retry:'));
    }

    // The first member's bid wins them a seat and starts the second member's turn.
    expect((await bidFirstFirefighterSeat(first, sessionId, station.id)).statusCode).toBe(200);
    const notifiedOf = (stream: OpenStream) => () =>
      stream.events().some((event) => event.type === 'notifications.created');
    await Promise.all([firstStream.waitFor(notifiedOf(firstStream)), secondStream.waitFor(notifiedOf(secondStream))]);
    expect(firstStream.events()).toEqual([
      { type: 'notifications.created', sessionId, at: context.clock.now().toISOString(), memberIds: [firstMember.id] },
    ]);
    expect(secondStream.events()).toEqual([
      { type: 'notifications.created', sessionId, at: context.clock.now().toISOString(), memberIds: [secondMember.id] },
    ]);
    // What was stored is what the event announced: the second member has an unread "your turn".
    const unread = await injectAs(context, second, { method: 'GET', url: '/api/users/notifications?limit=5' });
    expect(unread.json()).toMatchObject({ unreadCount: 1 });

    // A heartbeat after the step: had the administrator's stream been sent anything, it came first.
    context.app.live.sendHeartbeat();
    await adminStream.waitFor(() => adminStream.text.includes(': heartbeat'));
    expect(adminStream.events()).toEqual([]);
    for (const stream of [firstStream, secondStream, adminStream]) stream.close();
  });

  it("carries a member's saved preferences to that member's own streams only, on every device", async () => {
    const memberRow = await createMember(context);
    const otherRow = await createMember(context);
    const phone = await signIn(context, memberRow.email);
    const desktop = await signIn(context, memberRow.email);
    const other = await signIn(context, otherRow.email);
    const desktopStream = await openStream(baseUrl, { ticket: await requestTicket(context.app, desktop) });
    const otherStream = await openStream(baseUrl, { ticket: await requestTicket(context.app, other) });
    for (const stream of [desktopStream, otherStream]) await stream.waitFor(() => stream.text.includes('retry:'));

    const saved = await injectAs(context, phone, { method: 'PUT', url: '/api/users/preferences', payload: {} });
    expect(saved.statusCode).toBe(200);
    await desktopStream.waitFor(() => desktopStream.events().length > 0);
    expect(desktopStream.events()).toEqual([{ type: 'preferences.changed', memberId: memberRow.id, version: 1 }]);

    context.app.live.sendHeartbeat();
    await otherStream.waitFor(() => otherStream.text.includes(': heartbeat'));
    expect(otherStream.events()).toEqual([]);
    for (const stream of [desktopStream, otherStream]) stream.close();
  });

  it('sends a heartbeat comment', async () => {
    const { sessionId } = await startTwoMemberSession();
    const stream = await openStream(baseUrl, { ticket: await requestTicket(context.app, admin), sessions: sessionId });
    await stream.waitFor(() => stream.text.includes('retry:'));
    context.app.live.sendHeartbeat();
    await stream.waitFor(() => stream.text.includes(': heartbeat\n\n'));
    stream.close();
  });

  it('counts a member who only listens on a stream as seen: connected to their session, and online', async () => {
    const { sessionId, second } = await startTwoMemberSession();
    const connectionOf = async () => {
      // The shared participant list shows presence at most 15 s old (decision 012): read a fresh one.
      context.clock.advance(16 * SECOND);
      const participants = (
        await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/participants` })
      ).json<{ participants: { position: number; isConnected: boolean }[] }>().participants;
      // The second member has fewer years, so the queue's second place.
      return participants.find((participant) => participant.position === 1)?.isConnected;
    };
    await injectAs(context, second, { method: 'POST', url: `/api/bid-sessions/${sessionId}/join` });
    const stream = await openStream(baseUrl, { ticket: await requestTicket(context.app, second), sessions: sessionId });
    await stream.waitFor(() => stream.text.includes('retry:'));
    expect(await connectionOf()).toBe(true);

    // Ten quiet minutes with the stream open: its heartbeats keep the member seen.
    for (let beat = 1; beat <= 20; beat += 1) {
      context.clock.advance(30 * SECOND);
      context.app.live.sendHeartbeat();
      await stream.waitFor(() => stream.text.split(': heartbeat').length > beat);
    }
    await expect.poll(connectionOf).toBe(true);

    // Without the stream, three more minutes make them disconnected.
    stream.close();
    await expect.poll(() => context.app.live.openStreamCount).toBe(0);
    context.clock.advance(3 * 60 * SECOND);
    context.app.live.sendHeartbeat();
    expect(await connectionOf()).toBe(false);
  });

  it("carries a chat message posted through the API to the session's watchers", async () => {
    const { sessionId } = await startTwoMemberSession();
    const stream = await openStream(baseUrl, { ticket: await requestTicket(context.app, admin), sessions: sessionId });
    await stream.waitFor(() => stream.text.includes('retry:'));
    const sent = await injectAs(context, admin, {
      method: 'POST',
      url: '/api/chat/send',
      payload: { sessionId, message: 'Station 3 crews: check your seats' },
    });
    expect(sent.statusCode).toBe(201);
    await stream.waitFor(() =>
      stream
        .events()
        .some(
          (event) =>
            event.type === 'chat.message' &&
            event.sessionId === sessionId &&
            event.message.message === 'Station 3 crews: check your seats',
        ),
    );
    stream.close();
  });

  it('ends its streams when the app closes, without hanging', async () => {
    await withSettings(context, {}, async (app) => {
      const url = await listenOnLoopback(app);
      const { sessionId } = await startTwoMemberSession();
      const stream = await openStream(url, { ticket: await requestTicket(app, admin), sessions: sessionId });
      await stream.waitFor(() => stream.text.includes('retry:'));
      expect(app.live.openStreamCount).toBe(1);
      const closedAt = Date.now();
      await app.close();
      await stream.waitFor(() => stream.hasEnded);
      expect(Date.now() - closedAt).toBeLessThan(SECOND);
    });
  });
});

describe('what a stream may carry, and for how long', () => {
  const hasChat = (stream: OpenStream, text: string) => () =>
    stream.events().some((event) => event.type === 'chat.message' && event.message.message === text);
  const hasPause = (stream: OpenStream) => () =>
    stream.events().some((event) => event.type === 'session.changed' && event.action === 'session_paused');

  it("carries a session's chat only to its participants and administrators, not to other watchers", async () => {
    const { sessionId, first } = await startTwoMemberSession();
    const outsider = await signIn(context, (await createMember(context)).email);
    const watch = async (who: SignedIn) => {
      const stream = await openStream(baseUrl, { ticket: await requestTicket(context.app, who), sessions: sessionId });
      await stream.waitFor(() => stream.text.includes('retry:'));
      return stream;
    };
    const [participantStream, adminStream, outsiderStream] = [
      await watch(first),
      await watch(admin),
      await watch(outsider),
    ];
    const sent = await injectAs(context, first, {
      method: 'POST',
      url: '/api/chat/send',
      payload: { sessionId, message: 'Crew-only note' },
    });
    expect(sent.statusCode).toBe(201);
    await participantStream.waitFor(hasChat(participantStream, 'Crew-only note'));
    await adminStream.waitFor(hasChat(adminStream, 'Crew-only note'));
    // A later step reaches the outsider; once it has, the chat before it would have too.
    await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/pause` });
    await outsiderStream.waitFor(hasPause(outsiderStream));
    expect(outsiderStream.events().some((event) => event.type === 'chat.message')).toBe(false);
    for (const stream of [participantStream, adminStream, outsiderStream]) stream.close();
  });

  it('ends a stream when its member signs out, and not the stream of their other sign-in', async () => {
    const { sessionId } = await startTwoMemberSession();
    const memberRow = await createMember(context);
    const [phone, laptop] = [await signIn(context, memberRow.email), await signIn(context, memberRow.email)];
    const phoneStream = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, phone),
      sessions: sessionId,
    });
    const laptopStream = await openStream(baseUrl, {
      ticket: await requestTicket(context.app, laptop),
      sessions: sessionId,
    });
    await phoneStream.waitFor(() => phoneStream.text.includes('retry:'));
    await laptopStream.waitFor(() => laptopStream.text.includes('retry:'));
    expect((await injectAs(context, phone, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    await phoneStream.waitFor(() => phoneStream.hasEnded);
    await context.app.live.recheckStreams();
    expect(laptopStream.hasEnded).toBe(false);
    laptopStream.close();
  });

  it('ends a stream when its sign-in is revoked for a replayed refresh token', async () => {
    const { sessionId } = await startTwoMemberSession();
    const member = await signIn(context, (await createMember(context)).email);
    const stream = await openStream(baseUrl, { ticket: await requestTicket(context.app, member), sessions: sessionId });
    await stream.waitFor(() => stream.text.includes('retry:'));
    const refresh = () =>
      context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: member.refreshToken } });
    expect((await refresh()).statusCode).toBe(200);
    // A repeat within the grace window is the same client's race; after it, a replay.
    context.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect((await refresh()).statusCode).toBe(401);
    await stream.waitFor(() => stream.hasEnded);
  });

  it('ends a stream when its member is deactivated, and refuses a ticket of a sign-in that ended', async () => {
    const { sessionId } = await startTwoMemberSession();
    const memberRow = await createMember(context);
    const member = await signIn(context, memberRow.email);
    const ticket = await requestTicket(context.app, member);
    const unusedTicket = await requestTicket(context.app, member);
    const stream = await openStream(baseUrl, { ticket, sessions: sessionId });
    await stream.waitFor(() => stream.text.includes('retry:'));
    const deactivated = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${memberRow.id}`,
      payload: { isActive: false },
    });
    expect(deactivated.statusCode).toBe(200);
    await stream.waitFor(() => stream.hasEnded);
    // The browser reconnects with the same address: refused, the ticket was used (single use).
    const reopened = await openStream(baseUrl, { ticket, sessions: sessionId });
    expect(reopened.response.status).toBe(401);
    // A fresh ticket issued before the deactivation is refused too.
    const withFreshTicket = await openStream(baseUrl, { ticket: unusedTicket, sessions: sessionId });
    expect(withFreshTicket.response.status).toBe(403);

    const other = await signIn(context, (await createMember(context)).email);
    const otherTicket = await requestTicket(context.app, other);
    await injectAs(context, other, { method: 'POST', url: '/api/auth/logout' });
    const afterLogout = await openStream(baseUrl, { ticket: otherTicket, sessions: sessionId });
    expect(afterLogout.response.status).toBe(401);
  });
});

describe('several server processes (PostgreSQL)', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'carries a bid made through one app instance to a watcher of another (LISTEN/NOTIFY)',
    async () => {
      expect(context.databaseKind).toBe('postgres');
      await withSettings(context, {}, async (otherApp) => {
        const otherUrl = await listenOnLoopback(otherApp);
        const { sessionId, station, first } = await startTwoMemberSession();
        const stream = await openStream(otherUrl, {
          ticket: await requestTicket(otherApp, admin),
          sessions: sessionId,
        });
        await stream.waitFor(() => stream.text.includes('retry:'));
        const bidAt = Date.now();
        const bid = await bidFirstFirefighterSeat(first, sessionId, station.id);
        expect(bid.statusCode).toBe(200);
        await stream.waitFor(hasBidEvent(stream, sessionId));
        expect(Date.now() - bidAt).toBeLessThan(SECOND);
        // Once only: the instance that made the step does not hear its own notification again.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const bids = stream
          .events()
          .filter((event) => event.type === 'session.changed' && event.action === 'bid_submitted');
        expect(bids).toHaveLength(1);
        stream.close();
      });
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'ends a stream and refuses the next request in another instance when the member signs out or is deactivated (NOTIFY)',
    async () => {
      await withSettings(context, {}, async (otherApp) => {
        const otherUrl = await listenOnLoopback(otherApp);
        const { sessionId } = await startTwoMemberSession();
        const memberRow = await createMember(context);
        const member = await signIn(context, memberRow.email);
        const onOther = (who: SignedIn) =>
          otherApp.inject({ method: 'GET', url: '/api/auth/me', headers: who.headers });
        // The other instance has this member and sign-in in its cache before the change.
        expect((await onOther(member)).statusCode).toBe(200);
        const stream = await openStream(otherUrl, {
          ticket: await requestTicket(otherApp, member),
          sessions: sessionId,
        });
        await stream.waitFor(() => stream.text.includes('retry:'));
        expect((await injectAs(context, member, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
        await stream.waitFor(() => stream.hasEnded);
        await expect.poll(async () => (await onOther(member)).statusCode, { timeout: SECOND }).toBe(401);

        const again = await signIn(context, memberRow.email);
        expect((await onOther(again)).statusCode).toBe(200);
        const secondStream = await openStream(otherUrl, {
          ticket: await requestTicket(otherApp, again),
          sessions: sessionId,
        });
        await secondStream.waitFor(() => secondStream.text.includes('retry:'));
        const deactivated = await injectAs(context, admin, {
          method: 'PUT',
          url: `/api/admin/users/${memberRow.id}`,
          payload: { isActive: false },
        });
        expect(deactivated.statusCode).toBe(200);
        await secondStream.waitFor(() => secondStream.hasEnded);
        await expect.poll(async () => (await onOther(again)).statusCode, { timeout: SECOND }).toBe(403);
      });
    },
  );
});
