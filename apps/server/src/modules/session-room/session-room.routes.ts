/**
 * HTTP routes of bid-session management and reading (spec section 7, Bid sessions; the paths the
 * engine issue fixes). The engine steps (start, pause, bids, turns) are in session-actions.routes.
 */
import {
  addParticipantsRequestSchema,
  BID_MESSAGES,
  bidSessionListQuerySchema,
  bidSessionListResponseSchema,
  bidSessionMutationResponseSchema,
  bidSessionResponseSchema,
  createBidSessionRequestSchema,
  currentBidSessionResponseSchema,
  currentSessionSummaryResponseSchema,
  exportStatusSchema,
  idParamsSchema,
  joinSessionSummaryResponseSchema,
  messageResponseSchema,
  myParticipationResponseSchema,
  participantListResponseSchema,
  participantPageQuerySchema,
  participantPageResponseSchema,
  participantParamsSchema,
  resolveSessionTimes,
  sessionBoardResponseSchema,
  sessionHistoryResponseSchema,
  sessionIdBodySchema,
  sessionReadViewQuerySchema,
  sessionResultsResponseSchema,
  updateBidSessionRequestSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import { buildSessionWorkbook, exportFileName, XLSX_CONTENT_TYPE } from '../session-admin/session-export.ts';
import { sendCachedAnswer } from '../session-engine/session-read-cache.ts';
import type { SessionBoardService } from './session-board.service.ts';
import type { BidSessionsService } from './session-room.service.ts';

export const bidSessionRoutes: FastifyPluginAsyncZod<{
  bidSessionsService: BidSessionsService;
  sessionBoards: SessionBoardService;
  clock: Clock;
  /**
   * The department's IANA time zone now (the administrators' setting, issue 16), for datetime-local
   * values of the spec's session form and the times in the results' reasons; UTC when not given.
   */
  departmentTimeZone?: () => string;
}> = async (app, { bidSessionsService, sessionBoards, clock, departmentTimeZone = () => 'UTC' }) => {
  app.get(
    '/',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Sessions, newest first; members see every status but draft; ?status= filters',
        querystring: bidSessionListQuerySchema,
        response: { 200: bidSessionListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      sessions: await bidSessionsService.list(currentMember(request), request.query.status, request.query.view),
    }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Create a session; participants (active members) are queued by seniority and tie-break chain',
        body: createBidSessionRequestSchema,
        response: { 201: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const body = resolveSessionTimes(request.body, departmentTimeZone(), clock.now());
      const session = await bidSessionsService.create(body, currentMember(request));
      return reply.status(201).send({ session, message: BID_MESSAGES.sessionCreated });
    },
  );

  app.get(
    '/current',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "The viewer's current session (active or paused, else scheduled; their own first); and all of them. view=summary leaves out its participants and stations",
        querystring: sessionReadViewQuerySchema,
        response: {
          200: z.union([currentBidSessionResponseSchema, currentSessionSummaryResponseSchema]),
          ...refusalResponses,
        },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await bidSessionsService.current(currentMember(request), request.query.view)),
  );

  app.get(
    '/history',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: "A session's history, oldest first (administrators and the session's participants)",
        querystring: sessionIdBodySchema,
        response: { 200: sessionHistoryResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(
        request,
        reply,
        await bidSessionsService.history(currentMember(request), request.query.sessionId),
      ),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: 'One session with participants and live station availability; drafts are for administrators',
        params: idParamsSchema,
        response: { 200: bidSessionResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await bidSessionsService.getShared(currentMember(request), request.params.id)),
  );

  app.get(
    '/:id/board',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'The shared board: turn, next in queue, free seats per station, shift and position, last picks; ETag is the version (304 on If-None-Match)',
        params: idParamsSchema,
        response: { 200: sessionBoardResponseSchema, 304: z.null().describe('Not modified'), ...refusalResponses },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(request, reply, await sessionBoards.read(currentMember(request), request.params.id)),
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
      session: await bidSessionsService.update(
        request.params.id,
        resolveSessionTimes(request.body, departmentTimeZone(), clock.now()),
        currentMember(request),
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
    async (request) => ({ message: await bidSessionsService.delete(request.params.id, currentMember(request)) }),
  );

  app.get(
    '/:id/participants',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "The session's participants in queue order (administrators and the session's participants); paged with limit, cursor and search, else all",
        params: idParamsSchema,
        querystring: participantPageQuerySchema,
        response: { 200: participantPageResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const viewer = currentMember(request);
      const { cursor, limit, search } = request.query;
      if (cursor === undefined && limit === undefined && !search) {
        return sendCachedAnswer(request, reply, await bidSessionsService.participants(viewer, request.params.id));
      }
      return bidSessionsService.participantPage(viewer, request.params.id, request.query);
    },
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
      participants: await bidSessionsService.addParticipants(request.params.id, request.body.userIds),
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
      participants: await bidSessionsService.removeParticipant(request.params.id, request.params.userId),
    }),
  );

  app.get(
    '/:id/my-participation',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: "The signed-in member's place, turn and time left in a session",
        params: idParamsSchema,
        response: { 200: myParticipationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => bidSessionsService.myParticipation(currentMember(request), request.params.id),
  );

  app.post(
    '/:id/join',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'A participant or administrator joins the live session and shows as connected. view=summary answers the session without its participants and stations',
        params: idParamsSchema,
        querystring: sessionReadViewQuerySchema,
        response: {
          200: z.union([bidSessionMutationResponseSchema, joinSessionSummaryResponseSchema]),
          ...refusalResponses,
        },
      },
    },
    async (request) => bidSessionsService.join(currentMember(request), request.params.id, request.query.view),
  );

  app.get(
    '/:id/results',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: "Results with statistics, participants and history (administrators and the session's participants)",
        params: idParamsSchema,
        response: { 200: sessionResultsResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      results: await bidSessionsService.results(currentMember(request), request.params.id, {
        timeZone: departmentTimeZone(),
      }),
    }),
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
    async (request) => bidSessionsService.exportStatus(request.params.id),
  );

  app.post(
    '/:id/export',
    {
      onRequest: app.requireMember,
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
      const { results, session } = await bidSessionsService.resultsForExport(
        currentMember(request),
        request.params.id,
        {
          timeZone: departmentTimeZone(),
        },
      );
      const exportedAt = clock.now();
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${exportFileName(results.name, exportedAt)}"`)
        .send(buildSessionWorkbook(results, session, exportedAt));
    },
  );
};

/** DELETE /admin/delete-completed-session (spec section 7): completed sessions only. */
export const completedSessionAdminRoutes: FastifyPluginAsyncZod<{ bidSessionsService: BidSessionsService }> = async (
  app,
  { bidSessionsService },
) => {
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
      await bidSessionsService.deleteCompleted(request.body.sessionId, currentMember(request));
      return { message: BID_MESSAGES.completedSessionDeleted };
    },
  );
};
