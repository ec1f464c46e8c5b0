/**
 * Strict-Transport-Security only on answers that went out over HTTPS (issue 13, finding 12).
 * Sent over plain HTTP, the header is ignored by browsers at best, and on a department's LAN
 * address or localhost it would tell a browser to refuse that host's plain HTTP for a year. Behind
 * a TLS-terminating proxy the protocol comes from X-Forwarded-Proto, believed only from the proxies
 * listed in TRUST_PROXY.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One year, with subdomains: helmet's default. */
export const HSTS_HEADER_VALUE = 'max-age=31536000; includeSubDomains';

export const httpsOnlyHsts = fp(
  async (app: FastifyInstance) => {
    // Set when the request arrives, so the live stream (which writes its own head) carries it too.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER_VALUE);
      done();
    });
  },
  { name: 'https-only-hsts' },
);
