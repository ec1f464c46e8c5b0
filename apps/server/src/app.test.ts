import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, withSettings } from './test/test-app.ts';

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
      process: { nodeVersion: process.version },
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

  it('sends security headers with a same-origin Content Security Policy', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
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
});
