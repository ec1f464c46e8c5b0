/** HTTP routes of single sign-on with OpenID Connect (docs/integrations.md, "Single sign-on"). */
import {
  authResponseSchema,
  errorResponseSchema,
  singleSignOnCallbackQuerySchema,
  singleSignOnConfigSchema,
  singleSignOnExchangeSchema,
  singleSignOnSettingsSchema,
  singleSignOnSettingsUpdateSchema,
} from '@stationbid/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import { cookieAttributes, readCookie, SIGN_IN_COOKIE, SIGN_IN_LIFETIME_MS } from './sign-in-cookie.ts';
import type { Redirect, SingleSignOnService } from './single-sign-on.service.ts';

/** A 303 to where the step says, setting or clearing the pending sign-in's cookie. */
function sendRedirect(reply: FastifyReply, redirect: Redirect) {
  if (redirect.cookie) {
    const { value, isSecure } = redirect.cookie;
    reply.header(
      'set-cookie',
      value === null
        ? `${SIGN_IN_COOKIE}=; ${cookieAttributes(isSecure, 0)}`
        : `${SIGN_IN_COOKIE}=${value}; ${cookieAttributes(isSecure, SIGN_IN_LIFETIME_MS / 1000)}`,
    );
  }
  // Nothing of a sign-in is cached, and the address it goes to is not sent on as a referrer.
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return reply.code(303).header('location', redirect.location).send();
}

/** Registered under /auth: the sign-in page's button, the provider's callback and the code's exchange. */
export const singleSignOnRoutes: FastifyPluginAsyncZod<{ singleSignOnService: SingleSignOnService }> = async (
  app,
  { singleSignOnService },
) => {
  app.get(
    '/oidc/config',
    {
      schema: {
        tags: ['auth'],
        summary: "Whether single sign-on is on, the button's name, and the provider's sign-out page",
        response: { 200: singleSignOnConfigSchema },
      },
    },
    async () => singleSignOnService.publicConfig(),
  );

  app.get(
    '/oidc/start',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start a single sign-on: 303 to the OpenID provider (PKCE S256, state and nonce in a signed, HttpOnly, ' +
          'ten-minute cookie), or to /auth/sso?error=<reason> when it is not configured or cannot be reached',
      },
    },
    async (_request, reply) => sendRedirect(reply, await singleSignOnService.start()),
  );

  app.get(
    '/oidc/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The provider's redirect back: 303 to /auth/sso?code=<one-time code> when a member is matched, else to " +
          '/auth/sso?error=<reason> (expired, not_confirmed, email_not_verified, unknown_member, ...); never an error page',
        querystring: singleSignOnCallbackQuerySchema,
      },
    },
    async (request, reply) =>
      sendRedirect(
        reply,
        await singleSignOnService.callback(
          request.query,
          readCookie(request.headers.cookie, SIGN_IN_COOKIE),
          request.ip,
        ),
      ),
  );

  app.post(
    '/oidc/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: "Exchange the callback's one-time code (a minute, once) for the same answer as a password sign-in",
        body: singleSignOnExchangeSchema,
        response: { 200: authResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => singleSignOnService.exchange(request.body.code, request.ip),
  );
};

/** Registered under /admin: the department's single sign-on settings. */
export const adminSingleSignOnRoutes: FastifyPluginAsyncZod<{ singleSignOnService: SingleSignOnService }> = async (
  app,
  { singleSignOnService },
) => {
  app.get(
    '/single-sign-on',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The department's single sign-on settings, whether OIDC is configured, and the redirect URI",
        response: { 200: singleSignOnSettingsSchema, ...refusalResponses },
      },
    },
    async () => singleSignOnService.settings(),
  );

  app.put(
    '/single-sign-on',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Require single sign-on for members (administrators keep their passwords), and whether unknown people ' +
          'become inactive members waiting for approval; requiring it needs OIDC configured',
        body: singleSignOnSettingsUpdateSchema,
        response: { 200: singleSignOnSettingsSchema, ...refusalResponses },
      },
    },
    async (request) => singleSignOnService.saveSettings(currentMember(request), request.body, request.log),
  );
};
