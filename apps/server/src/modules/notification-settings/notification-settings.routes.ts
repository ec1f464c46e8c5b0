/**
 * HTTP routes under /notifications (docs/api.md, "notifications"): a member's own settings (GET and
 * PUT /preferences, PUT /phone) and the administrators' POST /management, one call whose `action`
 * picks what it does.
 */
import {
  errorResponseSchema,
  NOTIFICATION_SETTINGS_MESSAGES,
  notifiableMembersResponseSchema,
  notifiableSessionsResponseSchema,
  notificationManagementRequestSchema,
  notificationSettingsResponseSchema,
  notificationSettingsSavedResponseSchema,
  notificationStatusResponseSchema,
  sendSessionNotificationResponseSchema,
  sendTestNotificationResponseSchema,
  updateNotificationFlagsRequestSchema,
  updatePhoneNumberRequestSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember } from '../../plugins/auth.ts';
import type { NotificationManagementService, NotificationSettingsService } from './notification-settings.service.ts';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema };

export const notificationSettingsRoutes: FastifyPluginAsyncZod<{
  notificationSettingsService: NotificationSettingsService;
  notificationManagementService: NotificationManagementService;
}> = async (app, { notificationSettingsService, notificationManagementService }) => {
  app.get(
    '/preferences',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'The signed-in member’s notification flags and the phone number on file',
        response: { 200: notificationSettingsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => notificationSettingsService.getSettings(currentMember(request).id),
  );

  app.put(
    '/preferences',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Change one’s notification flags; flags left out keep their value. SMS needs a phone on file',
        body: updateNotificationFlagsRequestSchema,
        response: { 200: notificationSettingsSavedResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      ...(await notificationSettingsService.updateFlags(currentMember(request).id, request.body)),
      message: NOTIFICATION_SETTINGS_MESSAGES.updated,
    }),
  );

  app.put(
    '/phone',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary: 'Set one’s mobile number (stored in E.164), or remove it with an empty value, which turns SMS off',
        body: updatePhoneNumberRequestSchema,
        response: { 200: notificationSettingsSavedResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { phoneNumber } = request.body;
      const settings = await notificationSettingsService.updatePhoneNumber(currentMember(request).id, phoneNumber);
      const message =
        phoneNumber === null
          ? NOTIFICATION_SETTINGS_MESSAGES.phoneCleared
          : NOTIFICATION_SETTINGS_MESSAGES.phoneUpdated;
      return { ...settings, message };
    },
  );

  app.delete(
    '/offer',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['notifications'],
        summary:
          'Answer the one-time offer of texts and phone notifications (after turning one on, or to decline): it is not offered again on any device',
        response: { 200: notificationSettingsSavedResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      ...(await notificationSettingsService.answerOffer(currentMember(request).id)),
      message: NOTIFICATION_SETTINGS_MESSAGES.offerAnswered,
    }),
  );

  app.post(
    '/management',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['notifications', 'admin'],
        summary:
          'Administrators: get-status, get-users, get-sessions, send-test (userId, sessionId, type, customMessage) or send-session-notification (sessionId, type, customMessage)',
        body: notificationManagementRequestSchema,
        response: {
          200: z.union([
            notificationStatusResponseSchema,
            notifiableMembersResponseSchema,
            notifiableSessionsResponseSchema,
            sendTestNotificationResponseSchema,
            sendSessionNotificationResponseSchema,
          ]),
          ...refusals,
          403: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const command = request.body;
      switch (command.action) {
        case 'get-status':
          return notificationManagementService.getStatus();
        case 'get-users':
          return { users: await notificationManagementService.listMembers() };
        case 'get-sessions':
          return { sessions: await notificationManagementService.listSessions() };
        case 'send-test':
          return notificationManagementService.sendTest(command);
        case 'send-session-notification':
          return notificationManagementService.sendSessionNotification(command);
      }
    },
  );
};
