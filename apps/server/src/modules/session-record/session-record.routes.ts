/**
 * The session record: `GET /api/bid-sessions/:id/record`, `GET /api/record-key` and the verifier
 * that checks records without the server, `GET /api/verifier.mjs`.
 *
 * The record is sent as the exact JSON text that was signed, not through the response serializer,
 * which would drop any field its schema does not list and so break the signature. The key and the
 * verifier are public: what a record is checked against, and with, must be there for anyone who
 * holds a record, signed in or not (neither holds a secret).
 */
import { idParamsSchema, recordKeyResponseSchema, sessionRecordSchema } from '@stationbid/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusalResponses } from '../../lib/refusal-responses.ts';
import { currentViewer } from '../../plugins/auth.ts';
import { matchesEtag } from '../session-engine/session-read-cache.ts';
import type { SessionRecordService } from './session-record.service.ts';
import { readVerifierFile } from './verifier-file.ts';

/** The header that names the verifier's SHA-256, for `sha256sum verify.mjs` to be compared with. */
export const VERIFIER_SHA256_HEADER = 'x-content-sha256';

export const sessionRecordRoutes: FastifyPluginAsyncZod<{ sessionRecordService: SessionRecordService }> = async (
  app,
  { sessionRecordService },
) => {
  app.get(
    '/bid-sessions/:id/record',
    {
      onRequest: app.requireScope('results:read', app.requireMember),
      schema: {
        tags: ['bid-sessions'],
        summary:
          "A session's signed record: settings, commands, hash-chained history, final assignments (administrators once started; participants once completed). The same bytes at every download of a completed session (its time is the completion; a running session's, its last step's); the bid sheet prints their SHA-256. Check it with `node verify.mjs record.json --fingerprint <key fingerprint>` (GET /api/verifier.mjs)",
        params: idParamsSchema,
        response: { 200: sessionRecordSchema, ...refusalResponses },
      },
    },
    async (request, reply) => {
      const file = await sessionRecordService.recordFile(currentViewer(request), request.params.id);
      return sendJsonBytes(reply, file.bytes, file.fileName);
    },
  );

  app.get(
    '/record-key',
    {
      schema: {
        tags: ['bid-sessions'],
        summary:
          'The public Ed25519 key that signs session records, with its fingerprint (no sign-in: what anyone checks a record against)',
        response: { 200: recordKeyResponseSchema, ...refusalResponses },
      },
    },
    async () => sessionRecordService.recordKey(),
  );

  app.get(
    '/verifier.mjs',
    {
      schema: {
        tags: ['bid-sessions'],
        summary:
          'The record verifier as one JavaScript file for Node 20 (no sign-in): `node verify.mjs record.json --fingerprint <hex>`. Its SHA-256 is the ETag and the x-content-sha256 header; a checkout of the same commit builds the same bytes (docs/verifying-records.md)',
        // The body is the file's bytes, sent as they are (a Buffer is never serialised).
        response: { 200: z.any().describe('The verifier, an ES module'), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const file = await readVerifierFile();
      const etag = `"${file.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600')
        .header(VERIFIER_SHA256_HEADER, file.sha256);
      if (matchesEtag(request, etag)) return notModified(reply);
      return reply
        .type('text/javascript; charset=utf-8')
        .header('content-disposition', 'inline; filename="verify.mjs"')
        .send(file.bytes);
    },
  );
};

/** 304 with no body at all (the serializer would write `null`). */
function notModified(reply: FastifyReply) {
  return reply.code(304).send();
}

/** JSON bytes sent as they are: a Buffer passes by the serializer (fastify serializes only objects). */
function sendJsonBytes(reply: FastifyReply, bytes: Buffer, fileName: string) {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .send(bytes);
}
