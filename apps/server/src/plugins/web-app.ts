/**
 * Serves the built web app from the same origin as the API, with the single-page app's
 * index.html for every non-API path so that deep links such as /admin/users load.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false, maxAge: '1h' });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ error: `No API route ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm start` (it builds it) or `npm run build`.');
    }
    // index.html must never be cached, so a new release is picked up at the next load.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
  });
}
