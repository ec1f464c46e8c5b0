/**
 * HTTP routes of a live session's steps (docs/api.md, "bid-sessions", with the paths the engine
 * issue fixes): the administrators' start, pause, resume, end and move-to-back, under both the
 * `/:id/...` paths and the flat `start-session` and `session-actions`; the members' bid and skip;
 * the idempotent expiry trigger; the administrators' rewind and its preview; and their what-if
 * run, which writes nothing. Every step runs in SessionEngineService.
 */
import {
  BID_MESSAGES,
  bidSessionMutationResponseSchema,
  checkTimeExpirationResponseSchema,
  idParamsSchema,
  moveToBackRequestSchema,
  rewindPreviewQuerySchema,
  rewindPreviewResponseSchema,
  rewindRequestSchema,
  sessionActionRequestSchema,
  sessionIdBodySchema,
  submitBidRequestSchema,
  submitBidResponseSchema,
  whatIfResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { SessionEngineService } from './session-engine.service.ts';

const skipTurnResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const sessionActionRoutes: FastifyPluginAsyncZod<{ sessionEngine: SessionEngineService }> = async (
  app,
  { sessionEngine },
) => {
  const steps = [
    { path: 'start', summary: 'Start a draft or scheduled session: the first turn begins', run: 'start' },
    { path: 'pause', summary: 'Pause an active session; the time left in the turn is kept', run: 'pause' },
    { path: 'resume', summary: 'Resume a paused session; the turn gets its time back, at least 60 s', run: 'resume' },
    { path: 'end', summary: 'End the session early; those still waiting are Not Assigned', run: 'end' },
  ] as const;
  for (const step of steps) {
    app.post(
      `/:id/${step.path}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['bid-sessions'],
          summary: step.summary,
          params: idParamsSchema,
          response: { 200: bidSessionMutationResponseSchema, ...refusalResponses },
        },
      },
      async (request) => sessionEngine[step.run](currentMember(request), request.params.id),
    );
  }

  app.post(
    '/:id/simulate',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "A what-if run to the session's end through the engine, each member's ranked list standing for their choice (guesses marked); nothing is written",
        params: idParamsSchema,
        response: { 200: whatIfResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({ whatIf: await sessionEngine.whatIf(request.params.id) }),
  );

  app.post(
    '/:id/rewind',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "Undo every turn from a member's on and begin bidding again from them (the senior affected member), with the reason everyone affected is told; corrected seniority data is applied",
        params: idParamsSchema,
        body: rewindRequestSchema,
        response: { 200: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => sessionEngine.rewind(currentMember(request), request.params.id, request.body),
  );

  app.get(
    '/:id/rewind-preview',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "Who a rewind to a member's turn would affect, and which places corrected seniority data moves (the senior-most first); nothing is written",
        params: idParamsSchema,
        querystring: rewindPreviewQuerySchema,
        response: { 200: rewindPreviewResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      preview: await sessionEngine.previewRewind(currentMember(request), request.params.id, request.query.toUserId),
    }),
  );

  app.post(
    '/:id/move-to-back',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Send the turn holder to the back of the queue; the next turn begins',
        params: idParamsSchema,
        // The admin screen sends no body at all for the turn holder.
        body: moveToBackRequestSchema.nullish(),
        response: { 200: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => sessionEngine.moveToBack(currentMember(request), request.params.id, request.body?.userId),
  );

  app.post(
    '/start-session',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Start a session (the spec path of POST /bid-sessions/:id/start)',
        body: sessionIdBodySchema,
        response: { 200: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => sessionEngine.start(currentMember(request), request.body.sessionId),
  );

  app.post(
    '/session-actions',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Pause, resume, or move the turn holder (userId) to the back',
        body: sessionActionRequestSchema,
        response: { 200: bidSessionMutationResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const { sessionId, action, userId } = request.body;
      if (action === 'pause') return sessionEngine.pause(member, sessionId);
      if (action === 'resume') return sessionEngine.resume(member, sessionId);
      return sessionEngine.moveToBack(member, sessionId, userId);
    },
  );

  app.post(
    '/submit-bid',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "Bid for a seat on your own turn; an administrator may add userId for a phone-in bid. The position is a seat position, or the spec dialog's Paramedic, Driver or Officer, read by the bidder's rank",
        body: submitBidRequestSchema,
        response: { 200: submitBidResponseSchema, ...refusalResponses },
      },
    },
    async (request) => sessionEngine.submitBid(currentMember(request), request.body),
  );

  app.post(
    '/skip-turn',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: 'Pass your turn, keeping the seat you hold',
        body: sessionIdBodySchema,
        response: { 200: skipTurnResponseSchema, ...refusalResponses },
      },
    },
    async (request) => {
      await sessionEngine.skipTurn(currentMember(request), request.body.sessionId);
      return { success: true as const, message: BID_MESSAGES.turnSkipped };
    },
  );

  const checkTimeExpirationSchema = {
    tags: ['bid-sessions'],
    summary: 'Process the current turn if its deadline has passed (idempotent; the turn clock does it too)',
    response: { 200: checkTimeExpirationResponseSchema, ...refusalResponses },
  };

  app.post(
    '/check-time-expiration',
    { onRequest: app.requireMember, schema: { ...checkTimeExpirationSchema, body: sessionIdBodySchema } },
    async (request) => ({
      timeExpired: await sessionEngine.checkTimeExpiration(currentMember(request), request.body.sessionId),
    }),
  );

  app.post(
    '/:id/check-time-expiration',
    { onRequest: app.requireMember, schema: { ...checkTimeExpirationSchema, params: idParamsSchema } },
    async (request) => ({
      timeExpired: await sessionEngine.checkTimeExpiration(currentMember(request), request.params.id),
    }),
  );
};
