/**
 * Polls answered "not modified" before their route runs (docs/decisions/016-early-revalidation.md).
 *
 * A page without a live stream asks for its board, the history and the member's own place every few
 * seconds with the ETag it holds, and between two steps the answer is a 304. When this process
 * knows, from memory alone, who is asking (`recognizeMemberFromMemory`: the same checks as
 * `requireMember`) and that the route gave them this ETag at this URL at the session's current
 * counters (`RevalidationMemo`), the 304 is sent here, with the headers the route would send,
 * instead of after parsing, validation and the handler. Anything else, and any doubt, goes on to
 * the route, which checks everything and gives every other answer, refusals included.
 *
 * It is an `onRequest` hook registered after the security headers' and CORS's, so the answer
 * carries theirs, and it goes through the rest of Fastify's reply (the request log, onSend).
 */
import type { FastifyInstance } from 'fastify';
import type { RevalidationMemo } from '../session-engine/revalidation-memo.ts';
import { matchesEtag, setRevalidationHeaders } from '../session-engine/session-read-cache.ts';

export function registerEarlyRevalidation(app: FastifyInstance, memo: RevalidationMemo): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers['if-none-match'] === undefined) return done();
    const member = app.recognizeMemberFromMemory(request);
    const held = member ? memo.current(member.id, request.url) : undefined;
    if (!held || !matchesEtag(request, held.etag)) return done();
    setRevalidationHeaders(reply, held.etag, held.variesWithEncoding);
    reply.code(304).send();
  });
}
