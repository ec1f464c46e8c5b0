/**
 * The OpenAPI document, generated from the routes' zod schemas, at GET /api/docs.
 *
 * Each operation says how it is called: bearer auth where a route needs a
 * signed-in member's token, and `security: []` where it does not (sign-in, health, the push key,
 * the calendar feed, the live stream that takes a ticket, ...). Both come from ROUTE_ACCESS, the
 * declaration the authorization matrix test (route-access.test.ts) holds every route to, so the
 * document and the routes cannot disagree without that test failing.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROUTE_ACCESS, ROUTE_SCOPES, type RouteAccess } from '../route-access.ts';

const BEARER_AUTH = [{ bearerAuth: [] }];
const NO_AUTH: never[] = [];

/**
 * A route needs a bearer token when an anonymous caller is refused 401 and a signed-in one may be
 * let through; one that answers anonymous callers (public, or closed to everyone alike) or that
 * takes another credential (the live stream's ticket) does not.
 */
export function needsBearerToken(access: RouteAccess): boolean {
  return access.anonymous === 401 && Object.values(access).some((answer) => answer !== 401);
}

/**
 * The operation's `security`, from its ROUTE_ACCESS entry (`METHOD /path`; a prefix's own route,
 * `/api/stations/` here, is declared without its trailing slash); undeclared: bearer.
 */
export function operationSecurity(method: string, url: string): typeof BEARER_AUTH | typeof NO_AUTH {
  const access = ROUTE_ACCESS[`${method} ${url}`] ?? ROUTE_ACCESS[`${method} ${url.replace(/(.)\/$/, '$1')}`];
  return access && !needsBearerToken(access) ? NO_AUTH : BEARER_AUTH;
}

/** `x-api-token-scope` for an operation an API token may call (ROUTE_SCOPES), else nothing. */
function apiTokenScopeExtension(method: string, url: string): { 'x-api-token-scope'?: string } {
  const scope = ROUTE_SCOPES[`${method} ${url}`] ?? ROUTE_SCOPES[`${method} ${url.replace(/(.)\/$/, '$1')}`];
  return scope ? { 'x-api-token-scope': scope } : {};
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'StationBid API',
        description: 'Shift bidding for fire departments. Errors are `{ error, code }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: BEARER_AUTH,
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const method = [input.route.method].flat().find((name) => name !== 'HEAD') ?? 'GET';
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          security: operationSecurity(method, input.url),
          // The scope an integration's API token (`sbt_...`) needs here; operations without one refuse tokens.
          ...apiTokenScopeExtension(method, input.url),
        },
      };
    },
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
