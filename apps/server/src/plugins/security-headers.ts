/**
 * Security headers on every answer, set on the raw response when the request arrives, so the live
 * stream, which writes its own head, carries them too.
 *
 * - Pages (the web app and its files) get helmet's headers with the app's Content-Security-Policy.
 *   `@fastify/helmet` builds helmet's middleware anew on every request, parsing the policy each
 *   time (2 % of a polled read's cost in docs/performance.md), so it is built once here.
 * - API answers (/api/*) are data, never a document a browser renders: they get the short set
 *   OWASP's REST Security Cheat Sheet recommends, a policy that allows nothing
 *   (`default-src 'none'`) and no framing. It is stricter than the page's, and it is about a fifth
 *   of the header bytes on the most frequent answer there is, a polled read (docs/performance.md,
 *   "header strings" in the 20,000-member profile).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers of every /api/ answer; HSTS is added over HTTPS by plugins/https-only-hsts.ts. */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
];

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api';
}

export const securityHeaders = fp(
  async (app: FastifyInstance, pageOptions: HelmetOptions) => {
    const setPageHeaders = helmet(pageOptions);
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) {
        for (const [name, value] of API_SECURITY_HEADERS) reply.raw.setHeader(name, value);
        done();
        return;
      }
      setPageHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security-headers' },
);
