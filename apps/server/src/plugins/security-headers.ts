/**
 * Helmet's security headers on every answer. `@fastify/helmet` builds helmet's middleware anew on
 * every request, parsing the Content-Security-Policy each time (2 % of a polled read's cost in
 * docs/performance.md); the headers are the same for every answer, so the middleware is built once.
 * The headers are set on the raw response when the request arrives, so the live stream, which
 * writes its own head, carries them too.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export const securityHeaders = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const setHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security-headers' },
);
