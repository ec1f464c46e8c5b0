/**
 * API tokens over HTTP: what an administrator sees when creating, listing and revoking them, and
 * what an integration calling with one is answered. The matrix of every route with tokens is in
 * route-access.test.ts; this file covers the token's life (secret once, hash only, last use,
 * expiry, revocation) and the audit lines.
 */
import {
  API_TOKEN_MESSAGES,
  apiTokenListResponseSchema,
  apiTokenMissingScopeMessage,
  createApiTokenResponseSchema,
} from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { apiTokens } from '../../db/schema/index.ts';
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
import { createSession, createStationWithSeats } from '../session-engine/test-sessions.ts';
import { API_TOKEN_USE_WRITE_INTERVAL_MS } from './api-token-uses.ts';
import { hashApiTokenSecret } from './api-tokens.service.ts';

let base: TestContext;
/** The same database and clock, served by an app whose log lines are kept in `log`. */
let context: TestContext;
const log = capturedLog();
let admin: SignedIn;
let adminEmail: string;
let member: SignedIn;
let sessionId: string;

beforeAll(async () => {
  base = await createTestContext();
  const app = await buildApp({
    db: base.db,
    databaseKind: base.databaseKind,
    clock: base.clock,
    settings: TEST_SETTINGS,
    sessionVersionsMaxAgeMs: 0,
    logger: log.logger,
  });
  context = { ...base, app };
  const adminRow = await createAdmin(context, { firstName: 'Dana', lastName: 'Chief' });
  adminEmail = adminRow.email;
  admin = await signIn(context, adminEmail);
  const memberRow = await createMember(context);
  member = await signIn(context, memberRow.email);
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
  const session = await createSession(context, admin, { participantIds: [memberRow.id], stationIds: [station.id] });
  sessionId = session.id;
});
afterAll(async () => {
  await context?.app.close();
  await base?.close();
});
// Signed in afresh: tests move the clock past an access token's life.
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
});

async function createToken(payload: Record<string, unknown>, who: SignedIn = admin) {
  return injectAs(context, who, { method: 'POST', url: '/api/admin/api-tokens', payload });
}

async function newToken(scopes: string[], extra: Record<string, unknown> = {}) {
  const response = await createToken({ name: `HR sync ${scopes.join(' ')}`, scopes, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return createApiTokenResponseSchema.parse(response.json());
}

const withToken = (secret: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
  context.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` } });

async function listTokens() {
  const response = await injectAs(context, admin, { method: 'GET', url: '/api/admin/api-tokens' });
  expect(response.statusCode, response.body).toBe(200);
  return apiTokenListResponseSchema.parse(response.json()).tokens;
}

describe('creating a token', () => {
  it('answers the secret once, keeps only its hash and a short prefix, and audits it', async () => {
    log.clear();
    const created = await newToken(['sessions:read', 'results:read', 'sessions:read']);
    expect(created.secret).toMatch(/^sbt_[A-Za-z0-9_-]{43,}$/);
    expect(created.message).toBe(API_TOKEN_MESSAGES.created);
    expect(created.token).toMatchObject({
      scopes: ['sessions:read', 'results:read'],
      status: 'active',
      createdBy: { name: 'Dana Chief' },
      lastUsedAt: null,
      expiresAt: null,
      prefix: created.secret.slice(0, 10),
    });

    const [row] = await context.db.select().from(apiTokens).where(eq(apiTokens.id, created.token.id));
    expect(row?.tokenHash).toBe(hashApiTokenSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const listed = (await listTokens()).find((token) => token.id === created.token.id);
    expect(listed).toEqual(created.token);
    expect(JSON.stringify(await listTokens())).not.toContain(created.secret);

    expect(log.text()).toContain('"event":"integration.token_created"');
    expect(log.text()).not.toContain(created.secret);
  });

  it('refuses a request a person must fix, saying what to fix', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', scopes: ['sessions:read'] }, API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x', scopes: [] }, API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'x', scopes: ['members:write'] }, API_TOKEN_MESSAGES.scopeInvalid],
      [{ name: 'x', scopes: ['sessions:read'], expiresAt: 'tomorrow' }, API_TOKEN_MESSAGES.expiryInvalid],
      [{ name: 'x', scopes: ['sessions:read'], expiresAt: '2020-01-01T00:00:00Z' }, API_TOKEN_MESSAGES.expiryPast],
    ];
    for (const [payload, message] of cases) {
      const response = await createToken(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toContain(message);
    }
  });

  it('is for administrators only, and never for a token', async () => {
    const asMember = await createToken({ name: 'mine', scopes: ['sessions:read'] }, member);
    expect(asMember.statusCode).toBe(403);
    const { secret } = await newToken(['sessions:read', 'results:read', 'roster:write']);
    for (const [method, url] of [
      ['GET', '/api/admin/api-tokens'],
      ['POST', '/api/admin/api-tokens'],
      ['DELETE', `/api/admin/api-tokens/${sessionId}`],
    ] as const) {
      const response = await withToken(secret, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe(API_TOKEN_MESSAGES.integrationRoutesOnly);
    }
  });
});

describe('calling with a token', () => {
  it('reads sessions with sessions:read, and is told which scope it lacks elsewhere', async () => {
    const { secret } = await newToken(['sessions:read']);
    const list = await withToken(secret, 'GET', '/api/bid-sessions');
    expect(list.statusCode, list.body).toBe(200);
    // An integration reads as an administrator: the draft session is listed.
    expect(list.json().sessions.map((session: { id: string }) => session.id)).toContain(sessionId);
    const one = await withToken(secret, 'GET', `/api/bid-sessions/${sessionId}`);
    expect(one.statusCode, one.body).toBe(200);

    const results = await withToken(secret, 'GET', `/api/bid-sessions/${sessionId}/results`);
    expect(results.statusCode).toBe(403);
    expect(results.json().error).toBe(apiTokenMissingScopeMessage('results:read'));

    const profile = await withToken(secret, 'GET', '/api/users/profile');
    expect(profile.statusCode).toBe(403);
    expect(profile.json().error).toBe(API_TOKEN_MESSAGES.integrationRoutesOnly);
    const write = await withToken(secret, 'POST', `/api/bid-sessions/${sessionId}/start`);
    expect(write.statusCode).toBe(403);
  });

  it('names the scope of each route a token may call in the OpenAPI document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { 'x-api-token-scope'?: string }>>;
    }>();
    expect(document.paths['/api/bid-sessions/']?.get?.['x-api-token-scope']).toBe('sessions:read');
    expect(document.paths['/api/bid-sessions/{id}/results']?.get?.['x-api-token-scope']).toBe('results:read');
    expect(document.paths['/api/users/profile']?.get?.['x-api-token-scope']).toBeUndefined();
  });

  it('leaves members their own access to the routes a scope opens', async () => {
    const list = await injectAs(context, member, { method: 'GET', url: '/api/bid-sessions' });
    expect(list.statusCode).toBe(200);
  });

  it('answers 401 with the reason for an unknown, an expired and a revoked token', async () => {
    const unknown = await withToken('sbt_not-a-real-token', 'GET', '/api/bid-sessions');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe(API_TOKEN_MESSAGES.unknown);

    const expiring = await newToken(['sessions:read'], {
      expiresAt: new Date(context.clock.now().getTime() + 60 * 60_000).toISOString(),
    });
    expect(expiring.token.expiresAt).not.toBeNull();
    expect((await withToken(expiring.secret, 'GET', '/api/bid-sessions')).statusCode).toBe(200);
    context.clock.advance(60 * 60_000);
    const expired = await withToken(expiring.secret, 'GET', '/api/bid-sessions');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(API_TOKEN_MESSAGES.expiredToken);
    admin = await signIn(context, adminEmail);
    expect((await listTokens()).find((token) => token.id === expiring.token.id)?.status).toBe('expired');

    const { secret, token } = await newToken(['sessions:read']);
    expect((await withToken(secret, 'GET', '/api/bid-sessions')).statusCode).toBe(200);
    log.clear();
    const revoked = await injectAs(context, admin, { method: 'DELETE', url: `/api/admin/api-tokens/${token.id}` });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ message: API_TOKEN_MESSAGES.revoked, token: { status: 'revoked' } });
    expect(log.text()).toContain('"event":"integration.token_revoked"');
    const refused = await withToken(secret, 'GET', '/api/bid-sessions');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(API_TOKEN_MESSAGES.revokedToken);

    const again = await injectAs(context, admin, { method: 'DELETE', url: `/api/admin/api-tokens/${token.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(API_TOKEN_MESSAGES.alreadyRevoked);
    const missing = await injectAs(context, admin, { method: 'DELETE', url: `/api/admin/api-tokens/${sessionId}` });
    expect(missing.statusCode).toBe(404);
  });

  it('notes the last use without a write per request', async () => {
    const { secret, token } = await newToken(['sessions:read']);
    const lastUsed = async () => {
      await context.app.inject({ method: 'GET', url: '/api/health' });
      return (await listTokens()).find((listed) => listed.id === token.id)?.lastUsedAt;
    };
    const firstUse = context.clock.now().toISOString();
    expect((await withToken(secret, 'GET', '/api/bid-sessions')).statusCode).toBe(200);
    await expect.poll(lastUsed).toBe(firstUse);

    context.clock.advance(API_TOKEN_USE_WRITE_INTERVAL_MS / 2);
    expect((await withToken(secret, 'GET', '/api/bid-sessions')).statusCode).toBe(200);
    await settleUses();
    expect(await lastUsed(), 'a use within the minute is not written').toBe(firstUse);

    context.clock.advance(API_TOKEN_USE_WRITE_INTERVAL_MS);
    const laterUse = context.clock.now().toISOString();
    expect((await withToken(secret, 'GET', '/api/bid-sessions')).statusCode).toBe(200);
    admin = await signIn(context, adminEmail);
    await expect.poll(lastUsed).toBe(laterUse);
  });
});

/** The use writes run beside the request: a short wait gives one that should not happen time to land. */
async function settleUses() {
  await new Promise((resolve) => setTimeout(resolve, 50));
}
