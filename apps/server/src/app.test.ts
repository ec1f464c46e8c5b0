import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionWithMembers } from './modules/session-engine/test-sessions.ts';
import { createAdmin, createTestContext, injectAs, signIn, type TestContext, withSettings } from './test/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe('the application shell', () => {
  it('reports process and database health', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { kind: context.databaseKind, status: 'up' },
    });
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(
      document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No API route GET /api/no-such-thing', code: 'NOT_FOUND' });
  });

  it('sends pages a same-origin Content Security Policy, and API answers one that allows nothing', async () => {
    // Any path outside /api/ is the web app (or, without a build, its plain-text 404).
    const page = await context.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBeDefined();

    for (const url of ['/api/health', '/api/no-such-thing', '/api/auth/me']) {
      const answer = await context.app.inject({ method: 'GET', url });
      expect(answer.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('allows no cross-origin calls unless an origin is configured', async () => {
    const preflight = {
      method: 'OPTIONS' as const,
      url: '/api/auth/login',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    };
    const closed = await context.app.inject(preflight);
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();

    await withSettings(context, { corsOrigins: ['https://elsewhere.example'] }, async (app) => {
      const open = await app.inject(preflight);
      expect(open.headers['access-control-allow-origin']).toBe('https://elsewhere.example');
    });
  });

  it('lets a configured origin (CORS_ORIGIN) send PUT and DELETE with a token, and read the ETag', async () => {
    await withSettings(context, { corsOrigins: ['https://elsewhere.example'] }, async (app) => {
      for (const method of ['PUT', 'DELETE']) {
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/api/stations/00000000-0000-4000-8000-000000000000',
          headers: {
            origin: 'https://elsewhere.example',
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization,content-type,if-none-match',
          },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-methods']).toContain(method);
        const allowedHeaders = String(preflight.headers['access-control-allow-headers']).toLowerCase();
        for (const header of ['authorization', 'content-type', 'if-none-match'])
          expect(allowedHeaders).toContain(header);
      }
      const read = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(String(read.headers['access-control-expose-headers']).toLowerCase()).toContain('etag');
    });
  });

  it('never answers 500 to malformed input', async () => {
    const bodies = [
      '',
      'null',
      '"text"',
      '[]',
      '{"email":null,"password":null}',
      '{"email":{"$gt":""}}',
      'x'.repeat(2000),
    ];
    for (const payload of bodies) {
      for (const url of ['/api/auth/login', '/api/auth/refresh', '/api/auth/register']) {
        const response = await context.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${url} with ${payload.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} with ${payload.slice(0, 30)}`).toBeLessThan(500);
        expect(response.json().error).toEqual(expect.any(String));
      }
    }
  });

  describe('bad input that answered 500 (security finding 10)', () => {
    it('refuses a NUL or a lone surrogate in a JSON string with 400, before it reaches PostgreSQL', async () => {
      const admin = await signIn(context, (await createAdmin(context)).email);
      const { session } = await createSessionWithMembers(context, admin, { count: 1 });
      const requests = [
        { method: 'PUT' as const, url: `/api/bid-sessions/${session.id}`, field: 'name' },
        { method: 'PUT' as const, url: `/api/bid-sessions/${session.id}`, field: 'description' },
        { method: 'POST' as const, url: `/api/bid-sessions/${session.id}/send-reminders`, field: 'customMessage' },
      ];
      for (const { method, url, field } of requests) {
        for (const text of ['before\\u0000after', 'lone \\ud800 high', 'lone \\udc00 low']) {
          const response = await injectAs(context, admin, {
            method,
            url,
            headers: { 'content-type': 'application/json' },
            payload: `{"${field}":"${text}"}`,
          });
          expect(response.statusCode, `${method} ${url} ${field}=${text}`).toBe(400);
          expect(response.json().code).toBe('BAD_REQUEST');
        }
      }
      // A well-formed pair (an emoji) is fine.
      const emoji = await injectAs(context, admin, {
        method: 'PUT',
        url: `/api/bid-sessions/${session.id}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"description":"Spring \\ud83d\\ude92"}',
      });
      expect(emoji.statusCode).toBe(200);
    });

    it('refuses a multipart import without a boundary with 415', async () => {
      const admin = await signIn(context, (await createAdmin(context)).email);
      for (const url of ['/api/admin/import-users', '/api/admin/import-stations']) {
        for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
          const response = await injectAs(context, admin, {
            method: 'POST',
            url,
            headers: { 'content-type': contentType },
            payload: 'name,number\r\n',
          });
          expect(response.statusCode, `${url} ${contentType}`).toBe(415);
          expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
        }
      }
    });

    it('refuses a NUL in a query string with 400 (the OpenAPI fuzz found GET /api/admin/users?search=%00 answering 500)', async () => {
      const admin = await signIn(context, (await createAdmin(context)).email);
      for (const url of ['/api/admin/users?search=%00', '/api/bid-sessions/history?sessionId=%00']) {
        const response = await injectAs(context, admin, { method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
      }
    });

    it('answers a live stream request without a ticket with 401, not a validation 400', async () => {
      for (const url of ['/api/live/stream', '/api/live/stream?sessions=not-an-id', '/api/live/stream?ticket=']) {
        const response = await context.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().code).toBe('TOKEN_MISSING');
      }
    });
  });
});
