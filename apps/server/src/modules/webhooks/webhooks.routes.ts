/**
 * HTTP routes of webhooks (docs/integrations.md, "Webhooks"): administrators only. No API-token
 * scope admits a token here, so an integration cannot register where events go.
 */
import {
  createWebhookRequestSchema,
  idParamsSchema,
  updateWebhookRequestSchema,
  WEBHOOK_MESSAGES,
  webhookDeliveryListResponseSchema,
  webhookEndpointResponseSchema,
  webhookListResponseSchema,
  webhookMessageResponseSchema,
  webhookSecretResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { WebhooksService } from './webhooks.service.ts';

type Routes = FastifyPluginAsyncZod<{
  webhooksService: WebhooksService;
  /** http://localhost and http://127.0.0.1 endpoints are accepted (tests and development; never production). */
  allowLocalEndpoints: boolean;
}>;

export const webhookRoutes: Routes = async (app, { webhooksService, allowLocalEndpoints }) => {
  // Authentication runs onRequest, before the body is read: without the right, 401/403, never a 400.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          "Every webhook endpoint, newest first: URL, events, on or off, its last delivery's result; never a secret",
        response: { 200: webhookListResponseSchema, ...refusalResponses },
      },
    },
    async () => ({ endpoints: await webhooksService.list() }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Register an https:// endpoint of a public host for events; the answer carries its signing secret (whsec_...), shown this once',
        body: createWebhookRequestSchema({ allowLocalEndpoints }),
        response: { 201: webhookSecretResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await webhooksService.create(request.body, currentMember(request), request.log);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ endpoint, secret, message: WEBHOOK_MESSAGES.created });
    },
  );

  app.get(
    '/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'The latest webhook deliveries, newest first: endpoint, event, status, the last response code and time, attempts',
        response: { 200: webhookDeliveryListResponseSchema, ...refusalResponses },
      },
    },
    async () => ({ deliveries: await webhooksService.deliveries() }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: "Change an endpoint's events, description, or turn it on or off",
        params: idParamsSchema,
        body: updateWebhookRequestSchema,
        response: { 200: webhookEndpointResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      endpoint: await webhooksService.update(request.params.id, request.body),
      message: WEBHOOK_MESSAGES.updated,
    }),
  );

  app.post(
    '/:id/rotate-secret',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Replace the signing secret; the answer carries the new one, shown this once',
        params: idParamsSchema,
        response: { 200: webhookSecretResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await webhooksService.rotateSecret(
        request.params.id,
        currentMember(request),
        request.log,
      );
      reply.header('cache-control', 'no-store');
      return { endpoint, secret, message: WEBHOOK_MESSAGES.rotated };
    },
  );

  app.post(
    '/:id/test',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Queue a signed webhook.test event to this endpoint',
        params: idParamsSchema,
        response: { 202: webhookMessageResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      await webhooksService.sendTest(request.params.id);
      return reply.status(202).send({ message: WEBHOOK_MESSAGES.testQueued });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Delete an endpoint: nothing more is sent to it, deliveries still queued are dropped',
        params: idParamsSchema,
        response: { 200: webhookMessageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await webhooksService.remove(request.params.id, currentMember(request), request.log);
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );
};
