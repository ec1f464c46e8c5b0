/**
 * Serves the built web app from the same origin as the API, with the single-page app's
 * index.html for every non-API path so that deep links such as /admin/users load.
 *
 * Files keep an hour in the browser's cache (the scripts and styles have hashed names), except
 * those that name a release without a hash: the service worker (sw.js), the push handlers it
 * imports and the manifest go out with `Cache-Control: no-cache`, so a browser checks them on every
 * load and a new release's worker is found at once instead of an hour later. A script or stylesheet
 * goes out brotli- or gzip-compressed when the build left a compressed copy beside it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built app's files without a hash in their name, as vite.config.ts writes them. */
export const UNHASHED_WEB_FILES: ReadonlySet<string> = new Set([
  'sw.js',
  'push-service-worker.js',
  'manifest.webmanifest',
  'index.html',
]);

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDistDir, 'index.html'));
  const rootDir = path.resolve(webDistDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes a .br and a .gz beside each script and stylesheet (apps/web/vite.config.ts):
      // sent to a browser that accepts one, they are about a third of the bytes on a slow phone.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (path.dirname(filePath) === rootDir && UNHASHED_WEB_FILES.has(path.basename(filePath))) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
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
