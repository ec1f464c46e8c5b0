/**
 * HTTP routes of what a member reads of a bid session, under /bid-sessions (docs/api.md, "bid-sessions"):
 * the list, the current session, one session, its board, participants, history and results, the
 * member's own place, and joining the live session. Administrators read through the same routes.
 * Creating and changing sessions is session-admin's; the engine steps are session-engine's
 * session-actions.routes.
 */
import {
  bidSessionListQuerySchema,
  bidSessionListResponseSchema,
  bidSessionResponseSchema,
  currentBidSessionResponseSchema,
  currentSessionSummaryResponseSchema,
  forecastResponseSchema,
  idParamsSchema,
  joinSessionResponseSchema,
  joinSessionSummaryResponseSchema,
  myParticipationResponseSchema,
  participantPageQuerySchema,
  participantPageResponseSchema,
  sessionBoardResponseSchema,
  sessionHistoryResponseSchema,
  sessionIdBodySchema,
  sessionReadViewQuerySchema,
  sessionResultsResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember, currentViewer } from '../../plugins/auth.ts';
import type { RevalidationMemo } from '../session-engine/revalidation-memo.ts';
import { sendCachedAnswer, sendRevalidatedAnswer, sendSessionAnswer } from '../session-engine/session-read-cache.ts';
import type { SessionBoardService } from './session-board.service.ts';
import type { SessionForecastService } from './session-forecast.service.ts';
import type { SessionRoomService } from './session-room.service.ts';

export const sessionRoomRoutes: FastifyPluginAsyncZod<{
  sessionRoom: SessionRoomService;
  sessionBoards: SessionBoardService;
  sessionForecasts: SessionForecastService;
  /** Where the polled reads (board, history, own place) note the ETag they gave (decision 016). */
  revalidationMemo: RevalidationMemo;
  /** The department's IANA time zone now (the administrators' setting, issue 16), for the times in the results' reasons; UTC when not given. */
  departmentTimeZone?: () => string;
}> = async (
  app,
  { sessionRoom, sessionBoards, sessionForecasts, revalidationMemo: memo, departmentTimeZone = () => 'UTC' },
) => {
  app.get(
    '/',
    {
      onRequest: app.requireScope('sessions:read', app.requireMember),
      schema: {
        tags: ['bid-sessions'],
        summary: 'Sessions, newest first; members see every status but draft; ?status= filters',
        querystring: bidSessionListQuerySchema,
        response: { 200: bidSessionListResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      sessions: await sessionRoom.list(currentViewer(request), request.query.status, request.query.view),
    }),
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
      sendSessionAnswer(request, reply, await sessionRoom.current(currentMember(request), request.query.view)),
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
      sendCachedAnswer(request, reply, await sessionRoom.history(currentMember(request), request.query.sessionId), {
        memo,
        sessionId: request.query.sessionId,
      }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireScope('sessions:read', app.requireMember),
      schema: {
        tags: ['bid-sessions'],
        summary:
          "One session with participants and live station availability; drafts are for administrators. Participants read the others' public facts, members who take no part no participants",
        params: idParamsSchema,
        response: { 200: bidSessionResponseSchema, ...refusalResponses },
      },
    },
    async (request, reply) =>
      sendSessionAnswer(request, reply, await sessionRoom.getShared(currentViewer(request), request.params.id)),
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
      sendCachedAnswer(request, reply, await sessionBoards.read(currentMember(request), request.params.id), {
        memo,
        sessionId: request.params.id,
      }),
  );

  app.get(
    '/:id/forecast',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "The member's own forecast: for each seat on their ranked list, whether it is likely still free at their turn, and how sure that is",
        params: idParamsSchema,
        response: { 200: forecastResponseSchema, 304: z.null().describe('Not modified'), ...refusalResponses },
      },
    },
    async (request, reply) =>
      sendRevalidatedAnswer(request, reply, 'forecast', {
        forecast: await sessionForecasts.read(currentMember(request), request.params.id),
      }),
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
        return sendCachedAnswer(request, reply, await sessionRoom.participants(viewer, request.params.id));
      }
      return sessionRoom.participantPage(viewer, request.params.id, request.query);
    },
  );

  app.get(
    '/:id/my-participation',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "The signed-in member's place, turn and time left in a session; ETag is a hash of the answer (304 on If-None-Match)",
        params: idParamsSchema,
        response: { 200: myParticipationResponseSchema, 304: z.null().describe('Not modified'), ...refusalResponses },
      },
    },
    // Polled by pages without a live stream: unchanged while the member waits (not while their
    // turn's seconds run), so most polls are answered 304, and before the route while it holds.
    async (request, reply) => {
      const { answer, versionsKey, isSteady } = await sessionRoom.myParticipation(
        currentMember(request),
        request.params.id,
      );
      return sendRevalidatedAnswer(
        request,
        reply,
        'mine',
        myParticipationResponseSchema.parse(answer),
        isSteady ? { memo, sessionId: request.params.id, versionsKey } : undefined,
      );
    },
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
          200: z.union([joinSessionResponseSchema, joinSessionSummaryResponseSchema]),
          ...refusalResponses,
        },
      },
    },
    async (request) => sessionRoom.join(currentMember(request), request.params.id, request.query.view),
  );

  app.get(
    '/:id/results',
    {
      onRequest: app.requireScope('results:read', app.requireMember),
      schema: {
        tags: ['bid-sessions'],
        summary: "Results with statistics, participants and history (administrators and the session's participants)",
        params: idParamsSchema,
        response: { 200: sessionResultsResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      results: await sessionRoom.results(currentViewer(request), request.params.id, {
        timeZone: departmentTimeZone(),
      }),
    }),
  );
};
