/** HTTP routes of sign-in, tokens and registration (docs/api.md, "auth"). */
import {
  authResponseSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  idParamsSchema,
  loginRequestSchema,
  MESSAGES,
  messageResponseSchema,
  PASSWORD_RESET_MESSAGES,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  resetTokenParamsSchema,
  userResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService; allowSelfRegistration: boolean }> = async (
  app,
  { authService, allowSelfRegistration },
) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    // A 429's Retry-After is set by the error handler from the error's retryAfterSeconds.
    async (request) => authService.login(request.body, request.ip),
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (single use)',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => authService.refresh(request.body.refreshToken),
  );

  app.get(
    '/me',
    {
      preHandler: app.requireMember,
      schema: { tags: ['auth'], summary: 'The signed-in member', response: { 200: userResponseSchema } },
    },
    async (request) => ({ user: await authService.getUser(currentMember(request).id) }),
  );

  app.post(
    '/logout',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes this sign-in and its tokens',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await authService.logout(currentMember(request));
      return { message: 'Logged out successfully' };
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link; the same answer whether or not the e-mail has an account',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => ({ message: await authService.requestPasswordReset(request.body, request.ip) }),
  );

  app.post(
    '/reset-password/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset or setup link; ends every sign-in of the member',
        params: resetTokenParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      await authService.resetPassword(request.params.token, request.body.password);
      return { message: PASSWORD_RESET_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/register',
    {
      // Closed registration is refused before the body is read, whatever was sent.
      preValidation: async () => {
        if (!allowSelfRegistration) throw new AppError('REGISTRATION_CLOSED', MESSAGES.registrationClosed);
      },
      schema: {
        tags: ['auth'],
        summary:
          'Self-registration; closed unless ALLOW_SELF_REGISTRATION=true. The account waits, inactive and with ' +
          'neutral seniority, for an administrator to approve it; no sign-in is given. The same answer whether ' +
          'or not the e-mail or employee ID is in use (its holder is told by e-mail); 5 an hour per address',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await authService.register(request.body, request.ip);
      return reply.status(201).send(result);
    },
  );
};

/**
 * An administrator's Unlock on a member's page (docs/security.md, 15), registered under /admin:
 * clears the member's sign-in back-off from every address.
 */
export const adminSignInRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (app, { authService }) => {
  app.post(
    '/users/:id/unlock',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Unlock a member's sign-in: clears the back-off that failed sign-ins caused, from every address",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...refusalResponses },
      },
    },
    async (request) => authService.unlockSignIn(currentMember(request), request.params.id),
  );
};
