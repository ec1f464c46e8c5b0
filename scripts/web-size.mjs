/**
 * `npm run size`: the JavaScript each page of the web app downloads on a first load, gzipped, from
 * the Vite build manifest (apps/web/dist/.vite/manifest.json). A page's first load is the entry
 * (index.html's script), the page's route module, the layout it sits in (the signed-in shell, lazy
 * too: apps/web/scripts/route-table.mjs), and every chunk any of them imports
 * statically; dynamic imports (other pages, dialogs loaded on demand) are not counted, since they
 * load only when used. The member's pages carry a budget (issue 14: 250 kB on a phone); the script
 * prints one line per route and exits 1 when a budgeted route is over, so CI fails on it.
 * Builds the web app first when its build is missing or older than its sources.
 * It also fails when chunks import each other in a circle (a page would fail to start).
 * `npm run size -- --chunks` lists each route's chunks as well, largest first; `-- --dist <dir>` reads
 * another build (e.g. one made with `vite build --outDir <dir>` to compare), without building.
 * kB here are Vite's: 1,000 bytes, gzip at zlib's default level (what servers commonly use).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readLazyRoutes } from '../apps/web/scripts/route-table.mjs';
import { buildWebIfStale } from './web-build.mjs';

/**
 * URL pattern (as in apps/web/src/config/paths.ts) → budget in kB of gzipped JavaScript.
 * - /login: what a phone downloads before it can sign in (bench/phone-sign-in.ts: Sign In within 3 s
 *   on a throttled phone). 203 kB since what the entry always loads is one chunk of libraries and
 *   one of app code (apps/web/entry-chunks.ts; it was 217, and 239 before the shell became lazy).
 * - /dashboard and /live-bid: 250, the phone budget of the member's pages (232 and 246 kB).
 */
const BUDGETS_KB = {
  '/login': 210,
  '/dashboard': 250,
  '/live-bid/:sessionId': 250,
};

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const distArgument = process.argv.indexOf('--dist');
const distDir = distArgument === -1 ? path.join(webDir, 'dist') : path.resolve(process.argv[distArgument + 1] ?? '');
const manifestFile = path.join(distDir, '.vite/manifest.json');

if (distArgument === -1) buildWebIfStale();
if (!existsSync(manifestFile)) {
  console.error(
    `No build manifest at ${path.relative(root, manifestFile)}: apps/web/vite.config.ts must keep ` +
      '`build.manifest: true`. Rebuild with `npm run build -w @stationbid/web`.',
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
  return gzipSizes.get(file);
}

/** The JavaScript files loaded with `key`: its own file and its static imports, recursively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`The build manifest has no chunk "${key}".`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

/**
 * Chunks that import each other in a circle: the browser then runs one before the chunk that defines
 * what it uses, and the page fails to start ("Cannot read properties of undefined"). Chunk groups
 * whose pieces merge (vite.config.ts) can make one.
 */
function findChunkCycle() {
  const state = new Map();
  const visit = (key, trail) => {
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) {
      if (state.get(imported) === 'open') return [...trail.slice(trail.indexOf(imported)), key, imported];
      if (!state.has(imported)) {
        const cycle = visit(imported, [...trail, key]);
        if (cycle) return cycle;
      }
    }
    state.set(key, 'done');
    return null;
  };
  for (const key of Object.keys(manifest)) {
    if (state.has(key)) continue;
    const cycle = visit(key, []);
    if (cycle) return cycle;
  }
  return null;
}

const cycle = findChunkCycle();
if (cycle) {
  console.error(`These chunks import each other in a circle, so a page can fail to start:\n  ${cycle.join('\n  -> ')}`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const rows = [];
for (const { module: moduleKey, url, layouts } of readLazyRoutes(webDir)) {
  const missing = [moduleKey, ...layouts].find((key) => manifest[key] === undefined);
  if (missing !== undefined) {
    console.error(`The build manifest has no chunk for ${missing} (${url}); is the build stale?`);
    process.exit(1);
  }
  const files = [moduleKey, ...layouts].reduce((loaded, key) => staticClosure(key, loaded), staticClosure(entryKey));
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const budget = BUDGETS_KB[url];
  rows.push({
    url,
    files,
    chunks: files.size,
    kb: bytes / 1000,
    budget,
    ok: budget === undefined || bytes / 1000 <= budget,
  });
}

for (const url of Object.keys(BUDGETS_KB)) {
  if (!rows.some((row) => row.url === url)) {
    console.error(`scripts/web-size.mjs budgets ${url}, but apps/web/src/app/router.tsx has no lazy route for it.`);
    process.exit(1);
  }
}

const header = ['route', 'chunks', 'kB gz', 'budget', ''];
const lines = rows.map((row) => [
  row.url,
  String(row.chunks),
  row.kb.toFixed(1),
  row.budget === undefined ? '-' : String(row.budget),
  row.budget === undefined ? '' : row.ok ? 'ok' : 'OVER',
]);
const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
const format = (cells) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
    .join('  ')
    .trimEnd();
console.log('First load of each page: gzipped JavaScript (entry + route module + their static imports)\n');
console.log(format(header));
for (const line of lines) console.log(format(line));

if (process.argv.includes('--chunks')) {
  for (const row of rows) {
    console.log(`\n${row.url}`);
    const sized = [...row.files].map((file) => [file, gzipSize(file)]).sort((a, b) => b[1] - a[1]);
    for (const [file, bytes] of sized) console.log(`  ${(bytes / 1000).toFixed(1).padStart(6)}  ${file}`);
  }
}

const over = rows.filter((row) => !row.ok);
if (over.length > 0) {
  console.error(
    `\n${over.map((row) => `${row.url} loads ${row.kb.toFixed(1)} kB, over its ${row.budget} kB budget.`).join('\n')}\n` +
      'Keep what only some pages need out of the shared chunks: load it in the route module, or with import().',
  );
  process.exit(1);
}
