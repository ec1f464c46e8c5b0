/**
 * HTTP routes of Web Push (issue 15): GET /push/public-key (the VAPID key a browser subscribes
 * with), POST and DELETE /push/subscriptions (a signed-in member's device).
 */
import {
  deletePushSubscriptionRequestSchema,
  errorResponseSchema,
  PUSH_MESSAGES,
  pushPublicKeyResponseSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';
import type { PushService } from './push.service.ts';

export const pushRoutes: FastifyPluginAsyncZod<{
  pushService: PushService;
  /** http://localhost and http://127.0.0.1 endpoints too (outside production: tests, development). */
  allowLocalEndpoints: boolean;
}> = async (app, { pushService, allowLocalEndpoints }) => {
  // Public like any public key: a service worker re-subscribing (pushsubscriptionchange) has no token.
  app.get(
    '/public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The server’s VAPID public key (base64url), the applicationServerKey of pushManager.subscribe',
        response: { 200: pushPublicKeyResponseSchema },
      },
    },
    async () => ({ publicKey: await pushService.publicKey() }),
  );

  app.post(
    '/subscriptions',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary:
          'Receive push notifications on this device: the PushSubscription as toJSON() gives it. What is sent follows the push setting',
        body: pushSubscriptionRequestSchema({ allowLocalEndpoints }),
        response: {
          200: pushSubscriptionResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      message: PUSH_MESSAGES.subscribed,
      devices: await pushService.subscribe(currentMember(request).id, request.body),
    }),
  );

  app.delete(
    '/subscriptions',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Stop push notifications on this device ({ endpoint }) or on all of one’s devices ({ all: true })',
        body: deletePushSubscriptionRequestSchema,
        response: { 200: pushSubscriptionResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { removed, devices } = await pushService.unsubscribe(currentMember(request).id, request.body);
      const message =
        'all' in request.body
          ? PUSH_MESSAGES.unsubscribedAll
          : removed > 0
            ? PUSH_MESSAGES.unsubscribed
            : PUSH_MESSAGES.notSubscribed;
      return { message, devices };
    },
  );
};
