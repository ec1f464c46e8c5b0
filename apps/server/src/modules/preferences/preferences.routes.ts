/** HTTP routes of a member's own bid preferences (docs/api.md, "users": GET and PUT /users/preferences). */
import {
  BID_PREFERENCE_MESSAGES,
  bidPreferencesResponseSchema,
  errorResponseSchema,
  updateBidPreferencesRequestSchema,
  updateBidPreferencesResponseSchema,
} from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';
import type { PreferencesService } from './preferences.service.ts';

export const preferencesRoutes: FastifyPluginAsyncZod<{ preferencesService: PreferencesService }> = async (
  app,
  { preferencesService },
) => {
  // Checked on request, before the body is validated: without a token the answer is always 401.
  app.addHook('onRequest', app.requireMember);

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in member’s bid preferences (defaults when none are stored)',
        response: { 200: bidPreferencesResponseSchema },
      },
    },
    async (request) => ({ preferences: await preferencesService.getPreferences(currentMember(request).id) }),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change one’s own bid preferences; fields left out keep their value. With `version`, refused (409) if they changed since that version',
        body: updateBidPreferencesRequestSchema,
        response: { 200: updateBidPreferencesResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const memberId = currentMember(request).id;
      const preferences = await preferencesService.updatePreferences(memberId, request.body);
      // After the commit, to this member's own streams: their other tabs and devices read the list again.
      app.live.publish({ type: 'preferences.changed', memberId, version: preferences.version });
      return { preferences, message: BID_PREFERENCE_MESSAGES.updated };
    },
  );
};
