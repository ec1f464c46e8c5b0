/**
 * The authorization matrix: every route the app registers, tried as anonymous, member, other
 * member, deactivated member and administrator, against what `ROUTE_ACCESS` declares for it. A route
 * without a declaration fails here, and so does a declaration without a route. Every route is also
 * tried with two API tokens, against `ROUTE_SCOPES`: one holding every scope but the route's own,
 * and one holding only its own (for a route without a scope: every scope, twice).
 */
import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  apiTokenMissingScopeMessage,
  createApiTokenResponseSchema,
} from '@stationbid/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createStationWithSeats } from './modules/session-engine/test-sessions.ts';
import { ROUTE_ACCESS, ROUTE_SCOPES, type RouteAnswer, type RouteRole } from './route-access.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from './test/test-app.ts';

let context: TestContext;
const signIns = {} as Record<Exclude<RouteRole, 'anonymous'>, SignedIn>;
/** Second sign-ins, spent on sign-out so the first ones keep working. */
const spareSignIns = {} as Record<Exclude<RouteRole, 'anonymous'>, SignedIn>;
let ids: { session: string; station: string; member: string };
/** API tokens' secrets by the scopes they hold, sorted and joined ("results:read sessions:read"). */
const tokenSecrets = new Map<string, string>();
const scopeKey = (scopes: readonly ApiTokenScope[]) => [...scopes].sort().join(' ');

beforeAll(async () => {
  context = await createTestContext();
  const adminRow = await createAdmin(context);
  const memberRow = await createMember(context);
  const otherRow = await createMember(context);
  const deactivatedRow = await createMember(context);
  for (const [role, row] of [
    ['admin', adminRow],
    ['member', memberRow],
    ['otherMember', otherRow],
    ['deactivated', deactivatedRow],
  ] as const) {
    signIns[role] = await signIn(context, row.email);
    spareSignIns[role] = await signIn(context, row.email);
  }
  const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
  const session = await createSession(context, signIns.admin, {
    participantIds: [memberRow.id, deactivatedRow.id],
    stationIds: [station.id],
  });
  ids = { session: session.id, station: station.id, member: memberRow.id };
  const deactivated = await injectAs(context, signIns.admin, {
    method: 'PUT',
    url: `/api/admin/users/${deactivatedRow.id}`,
    payload: { isActive: false },
  });
  expect(deactivated.statusCode).toBe(200);
  const scopeSets = [
    [...API_TOKEN_SCOPES],
    ...API_TOKEN_SCOPES.map((scope) => [scope]),
    ...API_TOKEN_SCOPES.map((scope) => API_TOKEN_SCOPES.filter((other) => other !== scope)),
  ];
  for (const scopes of scopeSets) {
    const created = await injectAs(context, signIns.admin, {
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: { name: `matrix ${scopeKey(scopes)}`, scopes },
    });
    expect(created.statusCode, created.body).toBe(201);
    tokenSecrets.set(scopeKey(scopes), createApiTokenResponseSchema.parse(created.json()).secret);
  }
});
afterAll(async () => {
  await context?.close();
});

const ROLES: RouteRole[] = ['anonymous', 'otherMember', 'deactivated', 'member', 'admin'];

/** Routes as `METHOD /path`; HEAD follows its GET. */
function registeredRouteKeys(): string[] {
  const keys = context.app.registeredRoutes
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => `${route.method} ${route.url}`);
  return [...new Set(keys)].sort();
}

/**
 * The address with its parameters filled: the matrix's own session, station and member for
 * members (so "member" is the participant or subject), and ids of nothing for the administrator
 * (so no request of the matrix deletes what the others use).
 */
function fillPath(url: string, role: RouteRole): string {
  const unknown = () => randomUUID();
  return url
    .replace('/*', '/some/page')
    .replace(':token', 'x'.repeat(43))
    .replace(':userId', role === 'admin' ? unknown() : ids.member)
    .replace(':id', () => {
      if (role === 'admin') return unknown();
      if (url.startsWith('/api/stations/')) return ids.station;
      if (url.startsWith('/api/admin/users/')) return ids.member;
      if (url.startsWith('/api/admin/import-jobs/')) return unknown();
      return ids.session;
    });
}

function requestFor(key: string, role: RouteRole): InjectOptions {
  const [method, url] = key.split(' ') as [InjectOptions['method'], string];
  const options: InjectOptions = { method, url: fillPath(url, role) };
  if (method !== 'GET') {
    options.payload = { sessionId: role === 'admin' ? randomUUID() : ids.session };
  }
  return options;
}

async function answer(key: string, role: RouteRole) {
  const options = requestFor(key, role);
  if (role === 'anonymous') return context.app.inject(options);
  const who = key === 'POST /api/auth/logout' ? spareSignIns[role] : signIns[role];
  return injectAs(context, who, options);
}

const describeAnswer = (statusCode: number, declared: RouteAnswer): RouteAnswer =>
  statusCode === 401 || statusCode === 403 || (statusCode === 404 && declared === 404) ? statusCode : 'allowed';

describe('authorization matrix (every route, five callers, declared in route-access.ts)', () => {
  it('declares who may call every registered route, and only registered ones', () => {
    const keys = registeredRouteKeys();
    expect(keys.length).toBeGreaterThan(80);
    expect(
      keys.filter((key) => !(key in ROUTE_ACCESS)),
      'routes without a declaration',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_ACCESS).filter((key) => !keys.includes(key)),
      'declarations without a route',
    ).toEqual([]);
  });

  it('answers each caller as declared', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const key of registeredRouteKeys()) {
      const declared = ROUTE_ACCESS[key];
      if (!declared) continue;
      for (const role of ROLES) {
        const response = await answer(key, role);
        requests += 1;
        expect(response.statusCode, `${key} as ${role}: ${response.body}`).toBeLessThan(500);
        const actual = describeAnswer(response.statusCode, declared[role]);
        if (actual !== declared[role]) {
          mismatches.push(
            `${key} as ${role}: declared ${declared[role]}, answered ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(requests).toBeGreaterThan(400);
  });
});

/** The two tokens a route is tried with: without its scope (every other), and with only its scope. */
function tokensFor(key: string): { without: string; withScope: string } {
  const scope = ROUTE_SCOPES[key];
  const secret = (scopes: readonly ApiTokenScope[]) => {
    const found = tokenSecrets.get(scopeKey(scopes));
    if (!found) throw new Error(`no matrix token for ${scopeKey(scopes)}`);
    return found;
  };
  if (!scope) return { without: secret(API_TOKEN_SCOPES), withScope: secret(API_TOKEN_SCOPES) };
  return { without: secret(API_TOKEN_SCOPES.filter((other) => other !== scope)), withScope: secret([scope]) };
}

function answerWithToken(key: string, secret: string) {
  // Filled as for an administrator (ids of nothing): a token never changes what the others use.
  const options = requestFor(key, 'admin');
  return context.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${secret}` } });
}

describe('authorization matrix with API tokens (every route, declared in ROUTE_SCOPES)', () => {
  it('declares only scopes that exist, and only for routes declared in ROUTE_ACCESS once registered', () => {
    const keys = registeredRouteKeys();
    for (const [key, scope] of Object.entries(ROUTE_SCOPES)) {
      expect(API_TOKEN_SCOPES, key).toContain(scope);
      if (keys.includes(key)) expect(ROUTE_ACCESS, key).toHaveProperty([key]);
    }
  });

  it('lets a token through only to routes declaring a scope it holds', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const key of registeredRouteKeys()) {
      const scope = ROUTE_SCOPES[key];
      const { without, withScope } = tokensFor(key);
      const refusal = scope ? apiTokenMissingScopeMessage(scope) : API_TOKEN_MESSAGES.integrationRoutesOnly;
      const lacking = await answerWithToken(key, without);
      const holding = await answerWithToken(key, withScope);
      requests += 2;
      expect(lacking.statusCode, `${key} with a token lacking its scope: ${lacking.body}`).toBeLessThan(500);
      expect(holding.statusCode, `${key} with a token holding its scope: ${holding.body}`).toBeLessThan(500);
      if (lacking.statusCode !== 403 || lacking.json<{ error?: string }>().error !== refusal) {
        mismatches.push(`${key} without its scope: answered ${lacking.statusCode} ${lacking.body.slice(0, 120)}`);
      }
      const holdingRefused = holding.statusCode === 401 || holding.statusCode === 403;
      if (scope ? holdingRefused : holding.statusCode !== 403) {
        mismatches.push(
          `${key} with ${scope ?? 'every scope'}: ${scope ? 'declared allowed' : 'declared 403'}, answered ${holding.statusCode} ${holding.body.slice(0, 120)}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
    expect(requests).toBeGreaterThan(160);
  });
});

describe('what anyone may take without signing in', () => {
  it('gives the record key and the verifier whole to an anonymous caller', async () => {
    const key = await context.app.inject({ method: 'GET', url: '/api/record-key' });
    expect(key.statusCode, key.body).toBe(200);
    expect(key.json()).toMatchObject({ algorithm: 'Ed25519', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const verifier = await context.app.inject({ method: 'GET', url: '/api/verifier.mjs' });
    expect(verifier.statusCode).toBe(200);
    expect(verifier.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(verifier.body).toContain('StationBid session-record verifier');
  });
});
