/**
 * HTTP routes of the live stream (issue 5, "Time and live updates"): a ticket for a signed-in
 * member, then one Server-Sent Events stream per tab for the sessions it watches. A tab that wants
 * other sessions opens a new stream with the new list (decision 009).
 */
import {
  errorResponseSchema,
  LIVE_MESSAGES,
  liveStreamQuerySchema,
  liveTicketResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { LiveService } from './live.service.ts';

export const liveRoutes: FastifyPluginAsyncZod<{ liveService: LiveService }> = async (app, { liveService }) => {
  app.post(
    '/ticket',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['live'],
        summary: 'A ticket (valid 30 s) to open the live stream with, instead of the access token in the address',
        response: { 200: liveTicketResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      return liveService.issueTicket({ memberId: member.id, familyId: member.familyId });
    },
  );

  app.get(
    '/stream',
    {
      // Without a ticket the caller is not signed in: 401 before the query is validated (finding 10).
      onRequest: async (request) => {
        if (!(request.query as { ticket?: unknown }).ticket) {
          throw new AppError('TOKEN_MISSING', LIVE_MESSAGES.ticketRequired);
        }
      },
      schema: {
        tags: ['live'],
        summary:
          'Server-Sent Events of the listed sessions: session.changed after every engine step, chat.message. ' +
          'Refused with JSON (401, 404; 429 past 5 open streams of one member) before the stream starts. A ticket opens one stream.',
        querystring: liveStreamQuerySchema,
        response: { ...refusalResponses, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { ticket, sessions } = request.query;
      if (!ticket) throw new AppError('TOKEN_MISSING', LIVE_MESSAGES.ticketRequired);
      const watch = await liveService.authorizeStream(ticket, sessions);
      liveService.openStream(request, reply, watch);
      return reply;
    },
  );
};
