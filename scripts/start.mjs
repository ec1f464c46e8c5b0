/**
 * `npm start`, in this same process so that Ctrl+C and SIGTERM reach the server's clean shutdown.
 *
 * - Development (the default): builds the web app if it is missing or stale, then runs the
 *   server's TypeScript through tsx, on http://localhost:5000 with the embedded database in ./data.
 * - `NODE_ENV=production`: runs what `npm run build` compiled (`apps/server/dist/server.js` and
 *   `apps/web/dist`) with the production dependencies only; it never builds, and stops with what to
 *   run when the build is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV === 'production') {
  const compiledServer = path.join(root, 'apps/server/dist/server.js');
  const builtWeb = path.join(root, 'apps/web/dist/index.html');
  const missing = [compiledServer, builtWeb].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      [
        `StationBid is not built: missing ${missing.map((file) => path.relative(root, file)).join(' and ')}.`,
        'NODE_ENV=production npm start runs the compiled server and never builds. Build first, with the',
        'development dependencies installed:',
        '',
        '  npm ci && npm run build && npm prune --omit=dev && NODE_ENV=production npm start',
      ].join('\n'),
    );
    process.exit(1);
  }
  await import(pathToFileURL(compiledServer).href);
} else {
  // Imported here only: neither Vite nor tsx is installed in production.
  const { buildWebIfStale } = await import('./web-build.mjs');
  buildWebIfStale();
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
}
