/**
 * HTTP routes of the administrators' work on bid sessions, under /bid-sessions (docs/api.md,
 * "bid-sessions"): creating, changing and deleting sessions, their participants, the export and its
 * status, the check before a start, the session's delivery log and the queue's head with its turn
 * notices; and DELETE /admin/delete-completed-session. What members read is session-room's; the
 * engine steps (start, pause, bids, turns) are session-engine's session-actions.routes.
 */
import {
  addParticipantsRequestSchema,
  BID_MESSAGES,
  bidSessionMutationResponseSchema,
  createBidSessionRequestSchema,
  deliveryLogQuerySchema,
  deliveryLogSchema,
  exportStatusSchema,
  idParamsSchema,
  messageResponseSchema,
  nextInQueueSchema,
  participantCertificationsResponseSchema,
  participantListResponseSchema,
  participantParamsSchema,
  resolveSessionTimes,
  sessionIdBodySchema,
  sessionSeniorityCheckSchema,
  startCheckSchema,
  takeSessionDatesFromSchedule,
  updateBidSessionRequestSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember, currentViewer } from '../../plugins/auth.ts';
import type { SessionRoomService } from '../session-room/session-room.service.ts';
import { buildSessionWorkbook, exportFileName, XLSX_CONTENT_TYPE } from './session-export.ts';
import type { SessionManagementService } from './session-management.service.ts';

export const sessionAdminRoutes: FastifyPluginAsyncZod<{
  sessionManagement: SessionManagementService;
  /** The session's reads, for the export's figures: the export writes the results the room shows. */
  sessionRoom: SessionRoomService;
  clock: Clock;
  /**
   * The department's IANA time zone now (the administrators' setting, issue 16), for datetime-local
   * values of the session form and the times in the export's reasons; UTC when not given.
   */
  departmentTimeZone?: () => string;
}> = async (app, { sessionManagement, sessionRoom, clock, departmentTimeZone = () => 'UTC' }) => {
  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'Create a session; participants (active members) are queued by seniority and tie-break chain; without startDate/endDate, the days of scheduledStart/scheduledEnd',
        body: createBidSessionRequestSchema,
        response: { 201: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const timeZone = departmentTimeZone();
      // The spec's form sends its schedule and no dates: the dates are the schedule's days.
      const body = takeSessionDatesFromSchedule(resolveSessionTimes(request.body, timeZone, clock.now()), timeZone);
      const session = await sessionManagement.create(body, currentMember(request), request.log);
      return reply.status(201).send({ session, message: BID_MESSAGES.sessionCreated });
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'Change a session: anything before it starts; only name, description, bid window and auto-assign timeout while it runs',
        params: idParamsSchema,
        body: updateBidSessionRequestSchema,
        response: { 200: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      session: await sessionManagement.update(
        request.params.id,
        resolveSessionTimes(request.body, departmentTimeZone(), clock.now()),
        currentMember(request),
        request.log,
      ),
      message: BID_MESSAGES.sessionUpdated,
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Delete a draft, scheduled or completed session (its results go with it); never a running one',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      message: await sessionManagement.delete(request.params.id, currentMember(request), request.log),
    }),
  );

  app.post(
    '/:id/participants',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Add active members to a draft or scheduled session; the queue is ordered again',
        params: idParamsSchema,
        body: addParticipantsRequestSchema,
        response: { 200: participantListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      participants: await sessionManagement.addParticipants(
        request.params.id,
        request.body.userIds,
        currentMember(request),
        request.log,
      ),
    }),
  );

  app.delete(
    '/:id/participants/:userId',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Remove a member from a draft or scheduled session; the others move up',
        params: participantParamsSchema,
        response: { 200: participantListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      participants: await sessionManagement.removeParticipant(
        request.params.id,
        request.params.userId,
        currentMember(request),
        request.log,
      ),
    }),
  );

  app.get(
    '/:id/participants/:userId/certifications',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "A participant's certifications as the session counts them (frozen at its start), for the seats a phone-in bid may offer them",
        params: participantParamsSchema,
        response: { 200: participantCertificationsResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      certifications: await sessionManagement.participantCertifications(request.params.id, request.params.userId),
    }),
  );

  app.get(
    '/:id/seniority-check',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'The seniority rule the session starts with, and the participants lacking a date or list number it needs (the start refuses while any are listed)',
        params: idParamsSchema,
        response: { 200: sessionSeniorityCheckSchema, ...refusalResponses },
      },
    },
    async (request) => sessionManagement.seniorityCheck(request.params.id),
  );

  app.get(
    '/:id/start-check',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "What will go wrong once the session starts: channels not configured and the participants they leave untold of their turn, texts without a phone, push coverage, the department's time zone",
        params: idParamsSchema,
        response: { 200: startCheckSchema, ...refusalResponses },
      },
    },
    async (request) =>
      sessionManagement.startCheck(request.params.id, {
        isConfigured: (channel) => app.deliveryStatus.isConfigured(channel),
        timeZoneInForce: departmentTimeZone(),
      }),
  );

  app.get(
    '/:id/delivery-log',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "The session's e-mail, SMS and push notices from the outbox, newest first, with their channel, time and result; filter by member or channel, a page at a time",
        params: idParamsSchema,
        querystring: deliveryLogQuerySchema,
        response: { 200: deliveryLogSchema, ...refusalResponses },
      },
    },
    async (request) => app.deliveryStatus.sessionLog(request.params.id, request.query),
  );

  app.get(
    '/:id/next-in-queue',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'The turn holder and the next ten waiting, whether each is online, and how the latest notice of their turn went on each channel',
        params: idParamsSchema,
        response: { 200: nextInQueueSchema, ...refusalResponses },
      },
    },
    async (request) => app.deliveryStatus.nextInQueue(request.params.id, clock.now()),
  );

  app.get(
    '/:id/export-status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Whether the session can be exported and reminded, and how many participants have an e-mail',
        params: idParamsSchema,
        response: { 200: exportStatusSchema, ...refusalResponses },
      },
    },
    async (request) => sessionRoom.exportStatus(request.params.id),
  );

  app.post(
    '/:id/export',
    {
      onRequest: app.requireScope('results:read', app.requireMember),
      schema: {
        tags: ['bid-sessions'],
        summary:
          "A completed session's results as .xlsx (Summary, Participants, Session History), for administrators and its participants",
        params: idParamsSchema,
        // The body is the file's bytes, sent as they are (a Buffer is never serialised).
        response: { 200: z.any().describe('The .xlsx file'), ...refusalResponses },
      },
    },
    async (request, reply) => {
      const { results, session } = await sessionRoom.resultsForExport(currentViewer(request), request.params.id, {
        timeZone: departmentTimeZone(),
      });
      const exportedAt = clock.now();
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName(results.name, exportedAt)}"`)
        .send(buildSessionWorkbook(results, session, exportedAt));
    },
  );
};

/** DELETE /admin/delete-completed-session (docs/api.md, "bid-sessions"): completed sessions only. */
export const completedSessionAdminRoutes: FastifyPluginAsyncZod<{
  sessionManagement: SessionManagementService;
}> = async (app, { sessionManagement }) => {
  app.delete(
    '/delete-completed-session',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Delete a completed session and its results (for testing)',
        body: sessionIdBodySchema,
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await sessionManagement.deleteCompleted(request.body.sessionId, currentMember(request), request.log);
      return { message: BID_MESSAGES.completedSessionDeleted };
    },
  );
};
