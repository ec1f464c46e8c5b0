/**
 * HTTP routes of integrations' API tokens (docs/integrations.md, "API tokens and scopes"):
 * administrators only. No scope admits a token here, so a token cannot make or revoke tokens.
 */
import {
  API_TOKEN_MESSAGES,
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  idParamsSchema,
  revokeApiTokenResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

type Routes = FastifyPluginAsyncZod<{ apiTokensService: ApiTokensService }>;

export const apiTokenRoutes: Routes = async (app, { apiTokensService }) => {
  // Authentication runs onRequest, before the body is read: without the right, 401/403, never a 400.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['api-tokens'],
        summary: 'Every API token, newest first: name, scopes, creator, last use, expiry and status; never a secret',
        response: { 200: apiTokenListResponseSchema, ...refusalResponses },
      },
    },
    async () => ({ tokens: await apiTokensService.list() }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['api-tokens'],
        summary:
          'Create a token with a name, scopes (roster:write, sessions:read, results:read) and an optional expiry; the answer carries its secret, shown this once',
        body: createApiTokenRequestSchema,
        response: { 201: createApiTokenResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { token, secret } = await apiTokensService.create(request.body, currentMember(request), request.log);
      // The secret must not stay in any cache between here and the administrator's screen.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ token, secret, message: API_TOKEN_MESSAGES.created });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['api-tokens'],
        summary: 'Revoke a token: its next call is refused (401); it stays listed as revoked',
        params: idParamsSchema,
        response: { 200: revokeApiTokenResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      token: await apiTokensService.revoke(request.params.id, currentMember(request), request.log),
      message: API_TOKEN_MESSAGES.revoked,
    }),
  );
};
