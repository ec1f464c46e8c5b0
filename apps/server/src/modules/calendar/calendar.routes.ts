/**
 * The member's calendar (issue 16): the public feed `GET /api/calendar/:token.ics`, the member's
 * own feed address under /api/users, and the department's rotation under /api/admin.
 */
import {
  CALENDAR_MESSAGES,
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  calendarTokenParamsSchema,
  departmentRotationResponseSchema,
  departmentRotationSchema,
  messageResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { CalendarService } from './calendar.service.ts';
import { ICS_CONTENT_TYPE } from './calendar-feed.ts';

type CalendarRoutes = FastifyPluginAsyncZod<{ calendarService: CalendarService }>;

/** `/api/calendar/:token.ics`: no sign-in, the token is the secret. */
export const calendarFeedRoutes: CalendarRoutes = async (app, { calendarService }) => {
  app.get(
    '/:token.ics',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "A member's private calendar feed of their shift days (iCalendar), from the department's rotation; the address is the secret, no sign-in",
        params: calendarTokenParamsSchema,
        response: { 200: z.any().describe('The iCalendar text'), ...refusalResponses },
      },
    },
    async (request, reply) => {
      const text = await calendarService.feed(request.params.token);
      return (
        reply
          .type(ICS_CONTENT_TYPE)
          .header('content-disposition', 'inline; filename="stationbid-shifts.ics"')
          // Calendar applications poll; the feed changes when a session completes or the rotation does.
          .header('cache-control', 'private, max-age=3600')
          .send(text)
      );
    },
  );
};

/** `/api/users/calendar-token`: the signed-in member's own feed address. */
export const memberCalendarRoutes: CalendarRoutes = async (app, { calendarService }) => {
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/calendar-token',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Whether the member has a calendar feed, whether the rotation is set, and their shift',
        response: { 200: calendarFeedStatusSchema, ...refusalResponses },
      },
    },
    async (request) => calendarService.feedStatus(currentMember(request).id),
  );

  app.post(
    '/calendar-token',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "Make (or reset) the member's calendar feed; answers its address once. The previous address stops working",
        response: { 200: calendarFeedCreatedSchema, ...refusalResponses },
      },
    },
    async (request) => calendarService.createFeed(currentMember(request).id),
  );

  app.delete(
    '/calendar-token',
    {
      schema: {
        tags: ['calendar'],
        summary: "Turn the member's calendar feed off; its address stops working",
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await calendarService.deleteFeed(currentMember(request).id);
      return { message: CALENDAR_MESSAGES.feedStopped };
    },
  );
};

/** `/api/admin/rotation`: the department's shift rotation. */
export const rotationRoutes: CalendarRoutes = async (app, { calendarService }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/rotation',
    {
      schema: {
        tags: ['calendar'],
        summary: "The department's shift rotation (null until set) and the time zone its times are in",
        response: { 200: departmentRotationResponseSchema, ...refusalResponses },
      },
    },
    async () => calendarService.rotation(),
  );

  app.put(
    '/rotation',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Set the rotation: the shift on duty each day of the cycle (e.g. ABC for 24 on, 48 off), the date the cycle begins, and the time each tour begins',
        body: departmentRotationSchema,
        response: { 200: departmentRotationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => calendarService.setRotation(currentMember(request).id, request.body),
  );
};
