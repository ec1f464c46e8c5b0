/** HTTP routes of a member's own account (docs/api.md, "users"). */
import {
  changePasswordRequestSchema,
  errorResponseSchema,
  messageResponseSchema,
  PROFILE_MESSAGES,
  seniorityInfoSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
  userResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (app, { usersService }) => {
  // Checked on request, before the body is validated: without a token the answer is always 401.
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/profile',
    {
      schema: { tags: ['users'], summary: 'The signed-in member’s profile', response: { 200: userResponseSchema } },
    },
    async (request) => ({ user: await usersService.getProfile(currentMember(request).id) }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Update one’s own personal fields; rank, position, years and employee ID are administrator-only',
        body: updateProfileRequestSchema,
        response: {
          200: updateProfileResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      user: await usersService.updateProfile(currentMember(request), request.body),
      message: PROFILE_MESSAGES.profileUpdated,
    }),
  );

  app.put(
    '/change-password',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change one’s own password; signs out every other device and cancels pending reset links. ' +
          'After a few wrong current passwords, 429 with Retry-After',
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await usersService.changePassword(currentMember(request), request.body);
      return { message: PROFILE_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/seniority',
    {
      schema: {
        tags: ['users'],
        summary: 'The member’s seniority score, how it is worked out, their queue place and tips',
        response: { 200: seniorityInfoSchema },
      },
    },
    async (request) => usersService.getSeniority(currentMember(request).id),
  );
};
