/**
 * `npm run build` (server half): bundles the server and the domain package it imports as
 * TypeScript source into one ES module, `apps/server/dist/server.js` (and the db commands into
 * `apps/server/dist/db.js`, the forecast's worker thread into `apps/server/dist/forecast-worker.js`),
 * that plain Node runs with the server's production dependencies only (they stay imports; nothing
 * of node_modules is inlined). Beside them, the session-record verifier as one self-contained file,
 * `apps/server/dist/verify.mjs` (packages/verify/build-verifier.mjs: its dependencies inlined, as it
 * runs anywhere, without our code), which the server hands out at GET /api/verifier.mjs. The server starts its TypeScript workers from those bundles:
 * `STATIONBID_BUNDLE_DIR` (lib/worker-thread.ts) is the bundles' folder.
 *
 * A bundle has one `import.meta`, the bundle's own. The sources that find files next to them (the
 * migrations folder, the built web app) or resolve from themselves get their `import.meta.dirname`,
 * `.filename` and `.url` rewritten to their source file's, relative to the bundle, so the compiled server reads `apps/server/src/db/migrations` and
 * `apps/web/dist` exactly as `npm start` in development does, wherever the tree is installed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { buildVerifier, VERIFIER_FILE_NAME } from '../packages/verify/build-verifier.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
const serverPackage = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
// Every dependency stays an import, except the workspace's own TypeScript source.
const external = Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@stationbid/'));

const SOURCE_PATH_HELPER = '__stationbidSourcePath';

/**
 * Rewrites `import.meta.dirname`, `.filename` and `.url` of each bundled source file to that
 * file's own, relative to the bundle, so they name the same folder or file as under tsx.
 */
const sourcePathsPlugin = {
  name: 'source-paths',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const fromBundle = (target) => JSON.stringify(path.relative(outDir, target).split(path.sep).join('/'));
      const contents = source
        .replaceAll('import.meta.dirname', `${SOURCE_PATH_HELPER}(${fromBundle(path.dirname(args.path))})`)
        .replaceAll('import.meta.filename', `${SOURCE_PATH_HELPER}(${fromBundle(args.path)})`)
        .replaceAll('import.meta.url', `${SOURCE_PATH_HELPER}Url(${fromBundle(args.path)})`);
      return { contents, loader: 'ts' };
    });
  },
};

const started = performance.now();
await build({
  // The server, the db:backup / db:restore / db:move commands (scripts/db.mjs runs db.js when tsx is
  // not installed) and the forecast's worker. Bundles each complete: no shared chunk to keep in step.
  entryPoints: {
    server: path.join(serverDir, 'src/server.ts'),
    db: path.join(serverDir, 'src/db/backup/cli.ts'),
    'forecast-worker': path.join(serverDir, 'src/modules/session-room/forecast-worker.ts'),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourcePathsPlugin],
  define: { STATIONBID_BUNDLE_DIR: `${SOURCE_PATH_HELPER}BundleDir` },
  banner: {
    js: [
      '// Built by scripts/build-server.mjs from apps/server/src and packages/domain/src; do not edit.',
      `import ${SOURCE_PATH_HELPER}Module from 'node:path';`,
      `import { pathToFileURL as ${SOURCE_PATH_HELPER}ToUrl } from 'node:url';`,
      `const ${SOURCE_PATH_HELPER}BundleDir = import.meta.dirname;`,
      `const ${SOURCE_PATH_HELPER} = (relative) => ${SOURCE_PATH_HELPER}Module.join(import.meta.dirname, relative);`,
      `const ${SOURCE_PATH_HELPER}Url = (relative) => ${SOURCE_PATH_HELPER}ToUrl(${SOURCE_PATH_HELPER}(relative)).href;`,
    ].join('\n'),
  },
});
// The verifier's bytes as the server under tsx builds them in memory: the same build function.
const verifier = await buildVerifier();
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, VERIFIER_FILE_NAME), verifier);
const verifierSha256 = createHash('sha256').update(verifier).digest('hex');
console.log(
  `Built the server: ${['server.js', 'db.js', 'forecast-worker.js', VERIFIER_FILE_NAME].map((file) => path.relative(root, path.join(outDir, file))).join(', ')} (${Math.round(performance.now() - started)} ms)`,
);
console.log(`${VERIFIER_FILE_NAME} SHA-256: ${verifierSha256}`);
