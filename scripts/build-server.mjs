/**
 * `npm run build` (server half): bundles the server and the domain package it imports as
 * TypeScript source into one ES module, `apps/server/dist/server.js`, that plain Node runs with the
 * server's production dependencies only (they stay imports; nothing of node_modules is inlined).
 *
 * A bundle has one `import.meta.dirname`, the bundle's own. The sources that find files next to
 * them (the migrations folder, the built web app) get theirs rewritten to their source folder,
 * relative to the bundle, so the compiled server reads `apps/server/src/db/migrations` and
 * `apps/web/dist` exactly as `npm start` in development does, wherever the tree is installed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
const serverPackage = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
// Every dependency stays an import, except the workspace's own TypeScript source.
const external = Object.keys(serverPackage.dependencies).filter((name) => !name.startsWith('@stationbid/'));

const DIRNAME_HELPER = '__stationbidSourceDir';

/** Rewrites `import.meta.dirname` of each bundled source file to that file's own folder. */
const sourceDirnamePlugin = {
  name: 'source-dirname',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (/import\.meta\.(filename|url)\b/.test(source)) {
        return {
          errors: [
            {
              text: `${path.relative(root, args.path)}: use import.meta.dirname (rewritten for the bundle), not filename/url`,
            },
          ],
        };
      }
      if (!source.includes('import.meta.dirname')) return { contents: source, loader: 'ts' };
      const relativeDir = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.dirname', `${DIRNAME_HELPER}(${JSON.stringify(relativeDir)})`),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
await build({
  entryPoints: [path.join(serverDir, 'src/server.ts')],
  outfile: path.join(outDir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceDirnamePlugin],
  banner: {
    js: [
      '// Built by scripts/build-server.mjs from apps/server/src and packages/domain/src; do not edit.',
      `import ${DIRNAME_HELPER}Path from 'node:path';`,
      `const ${DIRNAME_HELPER} = (relative) => ${DIRNAME_HELPER}Path.join(import.meta.dirname, relative);`,
    ].join('\n'),
  },
});
console.log(
  `Built the server: ${path.relative(root, path.join(outDir, 'server.js'))} (${Math.round(performance.now() - started)} ms)`,
);
