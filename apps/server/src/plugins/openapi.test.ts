/**
 * The OpenAPI document's security per operation: it once declared bearer auth for
 * every operation, the public ones too. Every route that answers without a token (ROUTE_ACCESS)
 * now says `security: []`, and every one that needs a token names bearer auth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../route-access.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { needsBearerToken } from './openapi.ts';

interface OpenApiDocument {
  security?: unknown;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, { security?: unknown }>>;
}

let context: TestContext;
let document: OpenApiDocument;

beforeAll(async () => {
  context = await createTestContext();
  const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(async () => context?.close());

/**
 * `GET /api/bid-sessions/:id` as the document writes it: `get` of `/api/bid-sessions/{id}`; a
 * prefix's own route (`GET /api/stations`) is listed with its trailing slash.
 */
function documentOperation(routeKey: string) {
  const [method = '', path = ''] = routeKey.split(' ');
  const documentPath = path.replace(/:(\w+)/g, '{$1}');
  return (document.paths[documentPath] ?? document.paths[`${documentPath}/`])?.[method.toLowerCase()];
}

describe('the OpenAPI document’s security', () => {
  it('says security: [] for the public operations the review named, and bearer auth for a signed-in one', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const routeKey of [
      'POST /api/auth/login',
      'POST /api/auth/refresh',
      'POST /api/auth/forgot-password',
      'GET /api/health',
      'GET /api/push/public-key',
      'GET /api/calendar/:token.ics',
      'GET /api/live/stream',
    ]) {
      expect(documentOperation(routeKey)?.security, routeKey).toEqual([]);
    }
    expect(documentOperation('GET /api/auth/me')?.security).toEqual([{ bearerAuth: [] }]);
    expect(documentOperation('POST /api/admin/import-users')?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every declared route its answer: security: [] without a token, bearer auth with one', () => {
    const documented = Object.keys(ROUTE_ACCESS).filter((routeKey) => routeKey !== 'GET /api/docs');
    expect(documented.length).toBeGreaterThan(50);
    for (const routeKey of documented) {
      const operation = documentOperation(routeKey);
      expect(operation, `${routeKey} is in the document`).toBeDefined();
      const access = ROUTE_ACCESS[routeKey];
      if (!access) throw new Error(`no access for ${routeKey}`);
      expect(operation?.security, routeKey).toEqual(needsBearerToken(access) ? [{ bearerAuth: [] }] : []);
    }
  });

  it('says one or the other on every operation it lists', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect([[], [{ bearerAuth: [] }]], `${method} ${path}`).toContainEqual(operation.security);
      }
    }
  });
});
