/** POST /bid-sessions/:id/send-reminders (docs/api.md, "bid-sessions"): an administrator's reminder e-mails. */
import { idParamsSchema, sendRemindersRequestSchema, sendRemindersResponseSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import type { SessionMessagesService } from './session-messages.service.ts';

export const sessionMessagesRoutes: FastifyPluginAsyncZod<{ sessionMessages: SessionMessagesService }> = async (
  app,
  { sessionMessages },
) => {
  app.post(
    '/:id/send-reminders',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['bid-sessions'],
        summary:
          'Queue a reminder e-mail to every participant with an address who has not turned notifications off (administrators)',
        params: idParamsSchema,
        body: sendRemindersRequestSchema,
        response: { 200: sendRemindersResponseSchema, ...refusalResponses },
      },
    },
    async (request) => ({
      result: await sessionMessages.sendReminderEmails(request.params.id, request.body.customMessage ?? null),
    }),
  );
};
