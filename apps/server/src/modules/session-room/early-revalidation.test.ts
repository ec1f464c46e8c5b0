/**
 * Polls answered 304 before their route (docs/decisions/016-early-revalidation.md): the hook
 * answers only what the route gave this member at this URL at the current counters, and the
 * answer is the route's: its headers, and every refusal (a sign-out, a deactivation, a lost role)
 * as soon as it happens. The app's tests run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { RevalidationMemo } from '../session-engine/revalidation-memo.ts';
import type { SessionVersions } from '../session-engine/session-versions.ts';
import { createSession, createStationWithSeats, startSession } from '../session-engine/test-sessions.ts';
import { registerEarlyRevalidation } from './early-revalidation.ts';

describe('the early hook', () => {
  const BOARD_URL = '/api/bid-sessions/s1/board';
  const clock = new ManualClock();
  const counters = new Map<string, SessionVersions>([['s1', { version: 3, outsideVersion: 0, status: 'active' }]]);
  const memo = new RevalidationMemo(clock, { peek: (sessionId) => counters.get(sessionId) });
  let app: FastifyInstance;
  let routeRuns = 0;

  beforeAll(async () => {
    app = Fastify();
    // Stands in for the auth plugin: the bearer token is the member's id.
    app.decorate('recognizeMemberFromMemory', (request) => {
      const id = request.headers.authorization?.replace('Bearer ', '');
      return id ? ({ id, isAdmin: false } as AuthenticatedMember) : undefined;
    });
    registerEarlyRevalidation(app, memo);
    app.get('/api/bid-sessions/:id/board', async () => {
      routeRuns += 1;
      return { from: 'the route' };
    });
    app.post('/api/bid-sessions/:id/board', async () => {
      routeRuns += 1;
      return { from: 'the route' };
    });
    await app.ready();
  });
  afterAll(async () => app?.close());

  /** Whether the route ran for this request, and the answer. */
  async function poll(options: { member?: string; etag?: string; method?: 'GET' | 'POST' }) {
    const before = routeRuns;
    const response = await app.inject({
      method: options.method ?? 'GET',
      url: BOARD_URL,
      headers: {
        ...(options.member ? { authorization: `Bearer ${options.member}` } : {}),
        ...(options.etag ? { 'if-none-match': options.etag } : {}),
      },
    });
    return { response, routeRan: routeRuns > before };
  }

  it('answers 304 with the route headers, without the route, to the member holding what the route gave them', async () => {
    memo.remember('m1', BOARD_URL, {
      etag: '"board-3.0"',
      sessionId: 's1',
      versionsKey: '3.0',
      variesWithEncoding: true,
    });
    const { response, routeRan } = await poll({ member: 'm1', etag: '"board-3.0"' });
    expect(routeRan).toBe(false);
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers).toMatchObject({
      etag: '"board-3.0"',
      'cache-control': 'private, no-cache',
      vary: 'accept-encoding',
    });
  });

  it('leaves every other request to the route', async () => {
    expect((await poll({ member: 'm2', etag: '"board-3.0"' })).routeRan).toBe(true);
    expect((await poll({ member: 'm1', etag: '"board-2.0"' })).routeRan).toBe(true);
    expect((await poll({ member: 'm1' })).routeRan).toBe(true);
    expect((await poll({ etag: '"board-3.0"' })).routeRan).toBe(true);
    expect((await poll({ member: 'm1', etag: '"board-3.0"', method: 'POST' })).routeRan).toBe(true);
    counters.set('s1', { version: 4, outsideVersion: 0, status: 'active' });
    expect((await poll({ member: 'm1', etag: '"board-3.0"' })).routeRan).toBe(true);
    counters.delete('s1');
    expect((await poll({ member: 'm1', etag: '"board-3.0"' })).routeRan).toBe(true);
  });
});

describe('a poll answered before its route, on the app', () => {
  let context: TestContext;
  let admin: SignedIn;

  beforeAll(async () => {
    // Counters kept as the server keeps them (test apps forget them at once, for tests that write
    // by hand; these write only through the API), so that polls are answered from memory.
    context = await createTestContext({}, { sessionVersionsMaxAgeMs: 60_000 });
    admin = await signIn(context, (await createAdmin(context)).email);
  });
  afterAll(async () => context?.close());

  /** A running session of two Firefighters; the first holds the turn. */
  async function startRunningSession() {
    const first = await createMember(context, { yearsOfService: 30 });
    const second = await createMember(context, { yearsOfService: 20 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    const sessionId = await startSession(context, admin, {
      participantIds: [first.id, second.id],
      stationIds: [station.id],
    });
    return {
      sessionId,
      first: await signIn(context, first.email),
      second: await signIn(context, second.email),
      secondId: second.id,
    };
  }

  function poll(who: SignedIn, url: string, etag?: string) {
    return injectAs(context, who, { method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
  }

  /** Reads `url`, then polls it with the ETag it gave, twice (the second from memory). */
  async function holdEtag(who: SignedIn, url: string) {
    const first = await poll(who, url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect((await poll(who, url, etag)).statusCode).toBe(304);
    const again = await poll(who, url, etag);
    expect(again.statusCode).toBe(304);
    return { etag, notModified: again };
  }

  it('carries the headers of the route and of every API answer', async () => {
    const { sessionId, second } = await startRunningSession();
    const board = await holdEtag(second, `/api/bid-sessions/${sessionId}/board`);
    expect(board.notModified.headers).toMatchObject({
      etag: board.etag,
      'cache-control': 'private, no-cache',
      vary: 'accept-encoding',
      ...Object.fromEntries(API_SECURITY_HEADERS),
    });
    const place = await holdEtag(second, `/api/bid-sessions/${sessionId}/my-participation`);
    expect(place.notModified.headers).toMatchObject({ etag: place.etag, 'cache-control': 'private, no-cache' });
    expect(place.notModified.headers.vary).toBeUndefined();
  });

  it('refuses a member who signed out, or was deactivated, at the next poll', async () => {
    const { sessionId, first, second, secondId } = await startRunningSession();
    const boardUrl = `/api/bid-sessions/${sessionId}/board`;
    const historyUrl = `/api/bid-sessions/history?sessionId=${sessionId}`;
    const board = await holdEtag(first, boardUrl);
    expect((await injectAs(context, first, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await poll(first, boardUrl, board.etag)).statusCode).toBe(401);

    const history = await holdEtag(second, historyUrl);
    const deactivate = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${secondId}`,
      payload: { isActive: false },
    });
    expect(deactivate.statusCode).toBe(200);
    const refused = await poll(second, historyUrl, history.etag);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('hides a draft from an administrator who is no longer one, though they hold its ETag', async () => {
    const formerAdmin = await createAdmin(context);
    const signedIn = await signIn(context, formerAdmin.email);
    const draft = await createSession(context, admin, { participantIds: [(await createMember(context)).id] });
    const boardUrl = `/api/bid-sessions/${draft.id}/board`;
    const board = await holdEtag(signedIn, boardUrl);
    const demote = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${formerAdmin.id}`,
      payload: { isAdmin: false },
    });
    expect(demote.statusCode).toBe(200);
    // Twice: the first poll reads the member's facts again, the second finds them in memory.
    expect((await poll(signedIn, boardUrl, board.etag)).statusCode).toBe(404);
    expect((await poll(signedIn, boardUrl, board.etag)).statusCode).toBe(404);
  });

  it('gives the turn holder their running seconds: their own place is never answered from memory while the clock runs', async () => {
    const { sessionId, first } = await startRunningSession();
    const url = `/api/bid-sessions/${sessionId}/my-participation`;
    const before = await poll(first, url);
    expect(before.json()).toMatchObject({ isUserTurn: true });
    context.clock.advance(5_000);
    const later = await poll(first, url, before.headers.etag as string);
    expect(later.statusCode).toBe(200);
    expect(later.json().timeRemaining).toBe(before.json().timeRemaining - 5);
  });
});
