/**
 * HTTP routes of a member's own notifications and recent activity (docs/api.md, "users"),
 * registered under /users. Every route is for the signed-in member alone.
 */
import {
  errorResponseSchema,
  markAllNotificationsReadResponseSchema,
  markNotificationReadRequestSchema,
  markNotificationReadResponseSchema,
  notificationListQuerySchema,
  notificationsResponseSchema,
  recentActivityQuerySchema,
  recentActivityResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notificationsService: NotificationsService }> = async (
  app,
  { notificationsService },
) => {
  // Checked on request, before the query or body is validated: without a token the answer is 401.
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['users'],
        summary: 'My notifications, newest first, and how many of all of them are unread',
        querystring: notificationListQuerySchema,
        response: { 200: notificationsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => notificationsService.listNotifications(currentMember(request).id, request.query.limit),
  );

  app.post(
    '/notifications',
    {
      schema: {
        tags: ['users'],
        summary: 'Mark one of my notifications read (again is fine); another member’s is not found',
        body: markNotificationReadRequestSchema,
        response: {
          200: markNotificationReadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => notificationsService.markRead(currentMember(request).id, request.body.notificationId),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['users'],
        summary: 'Mark all my notifications read',
        response: { 200: markAllNotificationsReadResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => notificationsService.markAllRead(currentMember(request).id),
  );

  app.get(
    '/recent-activity',
    {
      schema: {
        tags: ['users'],
        summary: 'What I did lately (sign-ins, bids, profile changes; administrators also their changes), newest first',
        querystring: recentActivityQuerySchema,
        response: { 200: recentActivityResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => notificationsService.recentActivity(currentMember(request).id, request.query.limit),
  );
};
