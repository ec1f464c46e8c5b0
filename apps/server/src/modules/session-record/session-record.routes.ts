/**
 * The session record (issue 16): `GET /api/bid-sessions/:id/record` and `GET /api/record-key`.
 * The record is sent as the exact JSON text that was signed, not through the response serializer,
 * which would drop any field its schema does not list and so break the signature.
 */
import { idParamsSchema, recordKeyResponseSchema, sessionRecordSchema } from '@stationbid/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentMember } from '../../plugins/auth.ts';
import type { SessionRecordService } from './session-record.service.ts';

export const sessionRecordRoutes: FastifyPluginAsyncZod<{ sessionRecordService: SessionRecordService }> = async (
  app,
  { sessionRecordService },
) => {
  app.get(
    '/bid-sessions/:id/record',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary:
          "A session's signed record: settings, commands, hash-chained history, final assignments (administrators once started; participants once completed). Check it with `npx stationbid-verify record.json`",
        params: idParamsSchema,
        response: { 200: sessionRecordSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const record = await sessionRecordService.record(currentMember(request), request.params.id);
      return sendJsonText(reply, JSON.stringify(record), `session-record-${request.params.id}.json`);
    },
  );

  app.get(
    '/record-key',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['bid-sessions'],
        summary: 'The public Ed25519 key that signs session records, with its fingerprint',
        response: { 200: recordKeyResponseSchema, ...refusalResponses },
      },
    },
    async () => sessionRecordService.recordKey(),
  );
};

/** JSON text sent as it is: a Buffer passes by the serializer (fastify serializes only objects). */
function sendJsonText(reply: FastifyReply, text: string, fileName: string) {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .send(Buffer.from(text));
}
