import { MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, refreshTokens, seats, stations } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  withSettings,
} from '../../test/test-app.ts';
import { REFRESH_REUSE_GRACE_MS } from './auth.service.ts';
import { MEMBER_CACHE_TTL_MS } from './member-cache.ts';
import { hashOpaqueToken } from './tokens.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });

describe('POST /api/auth/login', () => {
  it('returns the user, an access token and a refresh token', async () => {
    const [station] = await context.db.insert(stations).values({ number: 7, name: 'Lakeside' }).returning();
    const [seat] = await context.db
      .insert(seats)
      .values({ stationId: station!.id, shift: 'B', seatPosition: 'Captain', ordinal: 1 })
      .returning();
    const member = await createMember(context, {
      email: 'elena@test.example',
      rank: 'Captain',
      position: 'Paramedic',
      yearsOfService: 12,
      currentSeatId: seat!.id,
    });

    const response = await login({ email: 'Elena@Test.Example', password: TEST_PASSWORD });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.user).toMatchObject({
      id: member.id,
      _id: member.id,
      email: 'elena@test.example',
      rank: 'Captain',
      seniorityScore: 312,
      bidPriority: expect.any(Number),
      status: 'active',
      currentStation: { _id: station!.id, id: station!.id, name: 'Lakeside', number: 7 },
      currentShift: 'B',
      currentSeatPosition: 'Captain',
    });
    expect(body.user).not.toHaveProperty('password');
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('answers 401 "Invalid email or password" for a wrong password and for an unknown e-mail alike', async () => {
    const member = await createMember(context);
    const wrongPassword = await login({ email: member.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody@test.example', password: 'whatever-password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('refuses a deactivated account with 403 and a clear message', async () => {
    const member = await createMember(context, { isActive: false });
    const response = await login({ email: member.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/deactivated.*administrator/i);
  });

  it('refuses bad input with 400 and the form messages', async () => {
    expect((await login({})).json()).toMatchObject({ error: 'Email is required', code: 'VALIDATION_ERROR' });
    expect((await login({ email: 'nope', password: 'secret12' })).json().error).toBe('Invalid email address');
    expect((await login({ email: 'a@b.co', password: '123' })).json().error).toBe(
      'Password must be at least 6 characters',
    );
    expect((await login({ email: 'a@b.co', password: 42 })).statusCode).toBe(400);
    expect((await login([1, 2, 3])).statusCode).toBe(400);
    const invalidJson = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json().error).toBe('The request body is not valid JSON.');
  });

  describe('failed sign-ins back off by account and address together', () => {
    const wrong = (email: string, address: string) => login({ email, password: 'wrong-password' }, address);

    it("never lets someone else's failures lock out the right password from another address", async () => {
      const member = await createMember(context);
      for (let attempt = 0; attempt < 12; attempt++) await wrong(member.email, '10.1.0.1');
      expect((await login({ email: member.email, password: TEST_PASSWORD }, '10.1.0.1')).statusCode).toBe(429);
      expect((await login({ email: member.email, password: TEST_PASSWORD }, '10.1.0.2')).statusCode).toBe(200);
    });

    it('backs off exponentially from one address, with an honest Retry-After', async () => {
      const member = await createMember(context);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await wrong(member.email, '10.1.1.1')).statusCode).toBe(401);
      }
      expect((await wrong(member.email, '10.1.1.1')).statusCode).toBe(401);
      // The fifth failure costs 30 s; even the right password waits (from that address).
      const paused = await login({ email: member.email, password: TEST_PASSWORD }, '10.1.1.1');
      expect(paused.statusCode).toBe(429);
      expect(paused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 30 });
      expect(paused.json().error).toBe('Too many failed sign-in attempts. Try again in 30 seconds.');
      expect(paused.headers['retry-after']).toBe('30');

      // Each further failure, once the wait is over, doubles the wait, up to 15 minutes.
      const waits: number[] = [];
      for (let failure = 0; failure < 6; failure++) {
        context.clock.advance((waits.at(-1) ?? 30) * 1000);
        expect((await wrong(member.email, '10.1.1.1')).statusCode).toBe(401);
        waits.push((await wrong(member.email, '10.1.1.1')).json().retryAfterSeconds);
      }
      expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
      const capped = await wrong(member.email, '10.1.1.1');
      expect(capped.headers['retry-after']).toBe('900');
      expect(capped.json().error).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');

      context.clock.advance(900_000);
      expect((await login({ email: member.email, password: TEST_PASSWORD }, '10.1.1.1')).statusCode).toBe(200);
      // A success starts the count over.
      expect((await wrong(member.email, '10.1.1.1')).statusCode).toBe(401);
    });

    it('never blocks a whole station signing in from one address, but slows guessing across many accounts', async () => {
      const crew = await Promise.all(Array.from({ length: 30 }, () => createMember(context)));
      for (const member of crew) {
        expect((await login({ email: member.email, password: TEST_PASSWORD }, '10.2.0.1')).statusCode).toBe(200);
      }
      // 20 failures from one address, spread over accounts, are free; the 21st makes it wait.
      for (let attempt = 0; attempt < 21; attempt++) {
        expect((await wrong(`guess${attempt}@test.example`, '10.3.0.1')).statusCode).toBe(401);
      }
      const blocked = await login({ email: crew[0]!.email, password: TEST_PASSWORD }, '10.3.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('30');
      expect((await login({ email: crew[0]!.email, password: TEST_PASSWORD }, '10.3.0.2')).statusCode).toBe(200);
      // real argon2 checks: slow by design, so this test gets a longer limit than the rest.
    }, 90_000);

    it("lets an administrator unlock a member's sign-in from every address (POST /api/admin/users/:id/unlock)", async () => {
      const member = await createMember(context);
      const admin = await createAdmin(context);
      const adminSession = await signIn(context, admin.email);
      for (const address of ['10.4.0.1', '10.4.0.2']) {
        for (let attempt = 0; attempt < 5; attempt++) await wrong(member.email, address);
        expect((await login({ email: member.email, password: TEST_PASSWORD }, address)).statusCode).toBe(429);
      }
      const memberSession = await signIn(context, member.email);
      const unlock = (who: SignedIn, id = member.id) =>
        injectAs(context, who, { method: 'POST', url: `/api/admin/users/${id}/unlock` });
      expect((await unlock(memberSession)).statusCode).toBe(403);
      expect(
        (await context.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/unlock` })).statusCode,
      ).toBe(401);
      expect((await unlock(adminSession, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

      const unlocked = await unlock(adminSession);
      expect(unlocked.statusCode).toBe(200);
      expect(unlocked.json().message).toMatch(/unlocked/i);
      for (const address of ['10.4.0.1', '10.4.0.2']) {
        expect((await login({ email: member.email, password: TEST_PASSWORD }, address)).statusCode).toBe(200);
      }
    });

    it('believes X-Forwarded-For only from a configured proxy (TRUST_PROXY list)', async () => {
      const member = await createMember(context);
      await withSettings(context, { trustProxy: ['10.9.0.1', '10.8.0.0/16'] }, async (app) => {
        const attempt = (remoteAddress: string, forwardedFor: string, password = 'wrong-password') =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: member.email, password },
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor },
          });
        // A client that is not a proxy cannot spread its failures over made-up addresses.
        for (let index = 0; index < 5; index++) await attempt('10.5.0.1', `203.0.113.${index}`);
        expect((await attempt('10.5.0.1', '203.0.113.99', TEST_PASSWORD)).statusCode).toBe(429);
        // Behind a configured proxy, each client is told apart by the address it forwards.
        for (let index = 0; index < 5; index++) await attempt('10.9.0.1', '198.51.100.7');
        expect((await attempt('10.8.3.4', '198.51.100.7', TEST_PASSWORD)).statusCode).toBe(429);
        expect((await attempt('10.9.0.1', '198.51.100.8', TEST_PASSWORD)).statusCode).toBe(200);
      });
    });
  });
});

describe('tokens', () => {
  it('lets GET /api/auth/me through with a valid token', async () => {
    const member = await createMember(context, { firstName: 'Priya' });
    const session = await signIn(context, member.email);
    const response = await injectAs(context, session, { method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: member.id, firstName: 'Priya', isOnline: true });
  });

  it('gives every 401 a code the client can act on', async () => {
    const me = (authorization?: string) =>
      context.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });
    expect((await me()).json().code).toBe('TOKEN_MISSING');
    expect((await me('Bearer short.tok')).json().code).toBe('TOKEN_MALFORMED');
    expect((await me('Bearer nodotsinthistokenatall')).json().code).toBe('TOKEN_MALFORMED');
    expect((await me('Bearer not-base64!!.not-json??.x')).json().code).toBe('TOKEN_MALFORMED');
    expect((await me('Basic dXNlcjpwYXNz')).json().code).toBe('TOKEN_MALFORMED');

    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const [header, payload] = session.token.split('.');
    const forged = await me(`Bearer ${header}.${payload}.c2lnbmF0dXJlLWJ5LXNvbWVvbmUtZWxzZQ`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('TOKEN_INVALID');

    // Used once while valid (the server then remembers it as checked), and refused once expired.
    expect((await me(`Bearer ${session.token}`)).statusCode).toBe(200);
    context.clock.advance(15 * 60_000 + 1000);
    const expired = await me(`Bearer ${session.token}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
  });

  it('rotates refresh tokens: each is single-use, and reusing one revokes the whole sign-in', async () => {
    const member = await createMember(context);
    const first = await signIn(context, member.email);
    const refresh = (refreshToken: string) =>
      context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ token: string; refreshToken: string }>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${second.token}` },
        })
      ).statusCode,
    ).toBe(200);

    // The first token again, after the grace window: a replay. It fails, and so does everything of that sign-in.
    context.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_INVALID');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    const afterRevoke = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().code).toBe('TOKEN_INVALID');

    // Another sign-in of the same member is untouched.
    const other = await signIn(context, member.email);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers two simultaneous refreshes with one token (StrictMode, parallel calls) with the same new pair', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        context.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken: session.refreshToken },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const pairs = responses.map((response) => response.json<{ token: string; refreshToken: string }>());
    expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(1);
    expect(new Set(pairs.map((pair) => pair.token)).size).toBe(1);
    const [pair] = pairs;
    if (!pair) throw new Error('no pair');
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    // The sign-in goes on: the successor works, and so does its access token.
    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${pair.token}` },
        })
      ).statusCode,
    ).toBe(200);
    const next = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(next.statusCode).toBe(200);
  });

  it('answers a repeat of a just-rotated refresh token within the grace window with the same pair; a later reuse revokes the sign-in', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const refresh = (refreshToken: string) =>
      context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    context.clock.advance(REFRESH_REUSE_GRACE_MS);
    const repeat = await refresh(session.refreshToken);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());

    context.clock.advance(1);
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_TOKEN_INVALID');
    expect((await refresh(first.json().refreshToken)).statusCode).toBe(401);
  });

  it('stores no usable refresh token: the successor of a rotation is kept only as a hash', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const rotated = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    const { refreshToken } = rotated.json<{ refreshToken: string }>();
    const rows = await context.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, member.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(refreshToken);
    expect(JSON.stringify(rows)).not.toContain(session.refreshToken);
  });

  it('ends refresh at an absolute 30 days, however often it was rotated', async () => {
    const member = await createMember(context);
    let { refreshToken } = await signIn(context, member.email);
    for (let day = 0; day < 3; day++) {
      context.clock.advance(10 * 24 * 60 * 60_000 + 1000);
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken },
      });
      if (day < 2) {
        expect(response.statusCode).toBe(200);
        refreshToken = response.json().refreshToken;
      } else {
        expect(response.statusCode).toBe(401);
      }
    }
  });

  it('refuses an unknown or empty refresh token', async () => {
    const unknown = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(401);
    expect((await context.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} })).statusCode).toBe(400);
  });

  it('signs out: the refresh token and the access token stop working', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const logout = await injectAs(context, session, { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(200);
    expect((await injectAs(context, session, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const refresh = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('stops a deactivated or deleted member at once', async () => {
    const deactivated = await createMember(context);
    const deleted = await createMember(context);
    const deactivatedSession = await signIn(context, deactivated.email);
    const deletedSession = await signIn(context, deleted.email);

    await context.db.update(members).set({ isActive: false }).where(eq(members.id, deactivated.id));
    await context.db.delete(members).where(eq(members.id, deleted.id));

    const deactivatedMe = await injectAs(context, deactivatedSession, { method: 'GET', url: '/api/auth/me' });
    expect(deactivatedMe.statusCode).toBe(403);
    expect(deactivatedMe.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect((await injectAs(context, deletedSession, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const refresh = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: deactivatedSession.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('computes bid priority among active members only', async () => {
    // Manual scores far above any computed one put these three at the top of the department.
    await createMember(context, { manualSeniorityScore: 100_000, isActive: false });
    const first = await createMember(context, { manualSeniorityScore: 90_000 });
    const second = await createMember(context, { manualSeniorityScore: 80_000, yearsOfService: 1 });
    const priorityOf = async (email: string) =>
      (await injectAs(context, await signIn(context, email), { method: 'GET', url: '/api/auth/me' })).json().user
        .bidPriority;
    expect(await priorityOf(first.email)).toBe(1);
    expect(await priorityOf(second.email)).toBe(2);
  });
});

describe('the member cache and last-seen (no per-request reads of the department)', () => {
  const me = (who: SignedIn) => injectAs(context, who, { method: 'GET', url: '/api/auth/me' });

  it('refuses a member deactivated through the API on the next request, with their sign-in already cached', async () => {
    const admin = await signIn(context, (await createAdmin(context)).email);
    const memberRow = await createMember(context);
    const member = await signIn(context, memberRow.email);
    expect((await me(member)).statusCode).toBe(200);
    const setActive = (isActive: boolean) =>
      injectAs(context, admin, { method: 'PUT', url: `/api/admin/users/${memberRow.id}`, payload: { isActive } });
    expect((await setActive(false)).statusCode).toBe(200);
    expect((await me(member)).json().code).toBe('ACCOUNT_DEACTIVATED');
    expect((await setActive(true)).statusCode).toBe(200);
    expect((await me(member)).statusCode).toBe(200);
  });

  it('shows a bid priority changed through the API at once, without reading the department per request', async () => {
    const admin = await signIn(context, (await createAdmin(context)).email);
    const member = await signIn(context, (await createMember(context, { manualSeniorityScore: 999_998 })).email);
    const overtaker = await createMember(context);
    expect((await me(member)).json().user.bidPriority).toBe(1);
    const raised = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${overtaker.id}`,
      payload: { manualSeniorityScore: 999_999 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().user.bidPriority).toBe(1);
    expect((await me(member)).json().user.bidPriority).toBe(2);
  });

  it('sees a change made behind the app (SQL by hand) once the cache lifetime has passed', async () => {
    const memberRow = await createMember(context);
    const member = await signIn(context, memberRow.email);
    expect((await me(member)).statusCode).toBe(200);
    await context.db.update(members).set({ isActive: false }).where(eq(members.id, memberRow.id));
    // Nothing announced the change: the cached facts hold until they expire.
    expect((await me(member)).statusCode).toBe(200);
    context.clock.advance(MEMBER_CACHE_TTL_MS);
    expect((await me(member)).json().code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('notes the member as seen in memory and writes it in a batch, not on every request', async () => {
    const memberRow = await createMember(context);
    const member = await signIn(context, memberRow.email);
    const signedInAt = context.clock.now();
    const lastSeenAt = async () =>
      (await context.db.select({ at: members.lastSeenAt }).from(members).where(eq(members.id, memberRow.id)))[0]?.at;
    expect(await lastSeenAt()).toEqual(signedInAt);
    context.clock.advance(10 * 60_000);
    const response = await me(member);
    // The member asking is online, whatever was last written.
    expect(response.json().user.isOnline).toBe(true);
    expect(await lastSeenAt()).toEqual(signedInAt);
    await context.app.seenMembers.tick();
    expect(await lastSeenAt()).toEqual(context.clock.now());
  });
});

describe('POST /api/auth/register', () => {
  const registration = {
    email: 'new.member@test.example',
    password: 'a-long-password',
    firstName: 'New',
    lastName: 'Member',
    employeeId: 'NEW-1',
  };

  it('is closed by default, whatever is sent', async () => {
    for (const payload of [registration, {}]) {
      const response = await context.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Registration is closed. Contact an administrator.',
        code: 'REGISTRATION_CLOSED',
      });
    }
  });

  it('creates a member when the department allows self-registration; a duplicate gets the same answer', async () => {
    await withSettings(context, { allowSelfRegistration: true }, async (open) => {
      const created = await open.inject({ method: 'POST', url: '/api/auth/register', payload: registration });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ message: MESSAGES.registrationReceived });
      const [stored] = await context.db.select().from(members).where(eq(members.email, 'new.member@test.example'));
      expect(stored).toMatchObject({ isAdmin: false, isActive: false });

      const duplicate = await open.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...registration, email: 'NEW.MEMBER@test.example', employeeId: 'NEW-2' },
      });
      expect(duplicate.statusCode).toBe(201);
      expect(duplicate.json()).toEqual({ message: MESSAGES.registrationReceived });
      expect(await context.db.select().from(members).where(eq(members.employeeId, 'NEW-2'))).toHaveLength(0);
    });
  });

  it('never takes rank or years from the person: the account waits for approval with neutral values (issue 13, finding 7)', async () => {
    await withSettings(context, { allowSelfRegistration: true }, async (open) => {
      const created = await open.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          ...registration,
          email: 'climber@test.example',
          employeeId: 'CLIMB-1',
          rank: 'Battalion Chief',
          position: 'Captain',
          yearsOfService: 30,
          isAdmin: true,
        },
      });
      expect(created.statusCode).toBe(201);
      const body = created.json();
      expect(body).not.toHaveProperty('token');
      expect(body).not.toHaveProperty('refreshToken');
      expect(body).toEqual({ message: MESSAGES.registrationReceived });
      const [stored] = await context.db.select().from(members).where(eq(members.email, 'climber@test.example'));
      expect(stored).toMatchObject({
        rank: 'Firefighter',
        position: 'Firefighter',
        yearsOfService: 0,
        isActive: false,
      });

      // No sign-in until an administrator activates the account; the answer says why.
      const refused = await open.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'climber@test.example', password: registration.password },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(MESSAGES.registrationPending);

      await context.db.update(members).set({ isActive: true }).where(eq(members.id, stored!.id));
      const approved = await open.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'climber@test.example', password: registration.password },
      });
      expect(approved.statusCode).toBe(200);
    });
  });
});

describe('tokens are bound and bounded (issue 13, finding 12)', () => {
  /** The test app's JWT secret (test/test-app.ts), to forge tokens with. */
  const key = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');
  const me = (token: string) =>
    context.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('refuses an access token without an expiry', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const { fam } = decodeJwt(session.token);
    const issuedAt = Math.floor(context.clock.now().getTime() / 1000);
    const forge = (withExpiry: boolean) => {
      const jwt = new SignJWT({ fam })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(member.id)
        .setIssuer('stationbid')
        .setAudience('stationbid-api')
        .setIssuedAt(issuedAt);
      if (withExpiry) jwt.setExpirationTime(issuedAt + 60);
      return jwt.sign(key);
    };
    const endless = await me(await forge(false));
    expect(endless.statusCode).toBe(401);
    expect(endless.json().code).toBe('TOKEN_INVALID');
    expect((await me(await forge(true))).statusCode).toBe(200);
  });

  it("refuses an access token that names another member's sign-in", async () => {
    const victim = await createMember(context);
    const victimSession = await signIn(context, victim.email);
    const other = await createMember(context);
    const issuedAt = Math.floor(context.clock.now().getTime() / 1000);
    const crossed = await new SignJWT({ fam: decodeJwt(victimSession.token).fam })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(other.id)
      .setIssuer('stationbid')
      .setAudience('stationbid-api')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60)
      .sign(key);
    const response = await me(crossed);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
    expect((await me(victimSession.token)).statusCode).toBe(200);
  });

  it("refuses a refresh token put in another member's family, and ends that family", async () => {
    const owner = await createMember(context);
    const ownerSession = await signIn(context, owner.email);
    const intruder = await createMember(context);
    const [ownerToken] = await context.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, owner.id));
    const plantedToken = 'planted-refresh-token-of-another-member-0123456789';
    await context.db.insert(refreshTokens).values({
      memberId: intruder.id,
      familyId: ownerToken!.familyId,
      tokenHash: hashOpaqueToken(plantedToken),
      expiresAt: ownerToken!.expiresAt,
      createdAt: context.clock.now(),
    });
    const refreshed = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: plantedToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().code).toBe('REFRESH_TOKEN_INVALID');
    context.clock.advance(MEMBER_CACHE_TTL_MS + 1000);
    expect((await me(ownerSession.token)).statusCode).toBe(401);
  });
});
