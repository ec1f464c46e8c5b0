/**
 * `npm run db:backup | db:restore | db:move`: runs apps/server/src/db/backup/cli.ts. With the
 * development dependencies installed it runs the TypeScript through tsx, as `npm start` does in
 * development; in a production install (`npm prune --omit=dev`: no tsx) it runs the compiled
 * `apps/server/dist/db.js` that `npm run build` writes next to the server.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const compiled = path.join(root, 'apps/server/dist/db.js');

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

let cli;
if (hasTsx()) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(pathToFileURL(path.join(root, 'apps/server/src/db/backup/cli.ts')).href);
} else if (existsSync(compiled)) {
  cli = await import(pathToFileURL(compiled).href);
} else {
  console.error(
    'The database commands need the development dependencies (npm ci) or the build (npm run build), which writes apps/server/dist/db.js.',
  );
  process.exit(1);
}
process.exit(await cli.runCli(process.argv.slice(2)));
