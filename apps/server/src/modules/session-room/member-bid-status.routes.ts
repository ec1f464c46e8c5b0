/**
 * A member's own bid status and bid history (docs/api.md, "users"). They live in the session
 * room because they read sessions, participants and bids; the paths stay under /users.
 */
import { bidStatusResponseSchema, errorResponseSchema, userBidHistoryResponseSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';
import type { SessionRoomService } from './session-room.service.ts';

export const memberBidStatusRoutes: FastifyPluginAsyncZod<{ sessionRoom: SessionRoomService }> = async (
  app,
  { sessionRoom },
) => {
  app.get(
    '/bid-status',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        summary: 'Place in the current session, whether it is my turn, and the seconds left in it',
        response: { 200: bidStatusResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => sessionRoom.bidStatus(currentMember(request)),
  );

  app.get(
    '/bid-history',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['users'],
        summary: 'My accepted bids in every session, newest first',
        response: { 200: userBidHistoryResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ bidHistory: await sessionRoom.bidHistory(currentMember(request)) }),
  );
};
