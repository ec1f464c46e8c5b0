/**
 * Build and dev server of the StationBid web app. The root is pinned to this folder so the build
 * works from any working directory; in development, /api is forwarded to the API server on port 5000
 * so the browser sees one origin, as it does in production. The build also writes the installable
 * app's manifest and its service worker (vite-plugin-pwa, see `pwa` below).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { entryChunks, isEntryScanPass } from './entry-chunks.ts';
import { routePreload } from './route-preload.ts';
import { APP_SERVICE_WORKER_URL, PUSH_HANDLER_SCRIPT_URL } from './src/lib/service-worker-urls.ts';

const SIDE_EFFECT_FREE = /[\\/](packages[\\/]domain[\\/]src|apps[\\/]web[\\/]src[\\/]features)[\\/].*\.tsx?$/;
/** entriesAware pieces smaller than this merge into a neighbouring chunk (see codeSplitting below). */
const MERGE_BELOW_BYTES = 2_000;
const apiProxy = { '/api': { target: 'http://localhost:5000', changeOrigin: true } };
/** index.html's theme-color: the app's red. */
const THEME_COLOR = '#e03131';
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** The entry's own chunks, found by a first pass of the build (entry-chunks.ts). */
const entry = entryChunks(fileURLToPath(import.meta.url));

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each built script and stylesheet, which the
 * server sends to a browser that accepts them (@fastify/static's `preCompressed`,
 * apps/server/src/plugins/web-app.ts). Compressed once here at the highest levels, not per request:
 * a phone on a slow network downloads about a third of the bytes (bench/phone-sign-in.ts).
 * The hashed files under assets/ and index.html (which carries the first page's preload table,
 * route-preload.ts); the other files without a hash are small and keep being sent as they are.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'stationbid:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).filter((file) => /^assets\/.+\.(js|css)$/.test(file) || file === 'index.html');
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(dir, file));
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(path.join(dir, `${file}.br`), br), writeFile(path.join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/** Route modules and features only administrators open: a member's device never needs them. */
const ADMINISTRATORS_ONLY = /^src\/(app\/routes\/admin|features\/(admin|session-admin))\//;
/**
 * Chunks loaded only online, on their own, when a page needs them: the common-password list (about
 * 80 kB gzipped) checks a new password, which the server must accept anyway.
 */
const ONLINE_ONLY_CHUNK_NAMES = new Set(['new-password']);

interface BuildManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The built files (under assets/) a member's pages can load: from the entry, every static and
 * dynamic import (each page, each part loaded on demand), except the administrators' routes and
 * features and the online-only chunks, and what only they import. Read from the build manifest
 * (dist/.vite/manifest.json), which the build writes before the service worker is generated.
 */
function memberAssetFiles(): Set<string> | null {
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest: Record<string, BuildManifestChunk> = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const reached = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || reached.has(key)) return;
    if (ADMINISTRATORS_ONLY.test(key) || ONLINE_ONLY_CHUNK_NAMES.has(chunk.name ?? '')) return;
    reached.add(key);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const files = new Set<string>();
  for (const key of reached) {
    const chunk = manifest[key];
    for (const file of [chunk?.file, ...(chunk?.css ?? []), ...(chunk?.assets ?? [])]) if (file) files.add(file);
  }
  return files;
}

/**
 * The precache list keeps the files outside assets/ (index.html, the icons) and, of assets/, only
 * what a member's pages load (memberAssetFiles): the administrators' screens and the password list
 * are fetched when opened, online, like any file the worker does not hold.
 */
function onlyMemberAssets<Entry extends { url: string }>(entries: Entry[]) {
  const memberFiles = memberAssetFiles();
  if (memberFiles === null) {
    return { manifest: entries, warnings: ['dist/.vite/manifest.json not found: the whole build is precached.'] };
  }
  return {
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || memberFiles.has(entry.url)),
    warnings: [],
  };
}

/**
 * The installable app: dist/manifest.webmanifest and ONE service worker for the whole origin,
 * dist/sw.js (Workbox's generateSW). It precaches the app shell (index.html, the icons, and the
 * scripts and styles of a member's pages: onlyMemberAssets), so StationBid opens offline and each
 * of those pages' code loads from the cache; it
 * pulls in public/push-service-worker.js, the Web Push handlers, with importScripts, so pushes and
 * offline share the one registration (a scope has only one worker). Nothing else is cached:
 * /api/* is never answered from a cache, and the worker registers no route for it, so API calls
 * and the live event stream (server-sent events) go to the network untouched. The page registers
 * the worker itself after it has loaded (src/lib/service-worker.ts), hence `injectRegister: false`.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  filename: APP_SERVICE_WORKER_URL.slice(1),
  injectRegister: false,
  registerType: 'autoUpdate',
  // The icons (made once by scripts/generate-app-icons.mjs and committed) are precached by the
  // glob below with the rest of public/, not a second time as the manifest's.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'StationBid',
    short_name: 'StationBid',
    description: 'Seniority-ordered shift bidding for fire departments.',
    lang: 'en',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // The worker itself and the push handlers are fetched by the browser, never from the precache.
    globIgnores: [APP_SERVICE_WORKER_URL.slice(1), PUSH_HANDLER_SCRIPT_URL.slice(1), '.vite/**'],
    // Of the built files, only a member's: see onlyMemberAssets.
    manifestTransforms: [async (entries) => onlyMemberAssets(entries)],
    importScripts: [PUSH_HANDLER_SCRIPT_URL],
    // A page the member opens offline (or any deep link) gets the app shell; the router shows the page.
    navigateFallback: '/index.html',
    // The server's own answers to a navigation: the API (calendar feeds, exports, the API docs).
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // A new release takes over at once: the precache holds only hashed files and index.html.
    clientsClaim: true,
    skipWaiting: true,
    // No source maps of the worker in dist (they would be served and precached for nothing).
    sourcemap: false,
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The entry scan (entry-chunks.ts) only chunks the app in memory: nothing that writes files.
  plugins: isEntryScanPass()
    ? [react()]
    : [
        react(),
        entry.plugin,
        pwa,
        precompressAssets(),
        routePreload(fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '')),
      ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, read by `npm run size` (scripts/web-size.mjs).
    manifest: true,
    rolldownOptions: {
      // The domain package and the features' modules only define things: importing one runs nothing
      // worth keeping. So a page takes only the modules it uses, not all that the domain package or a
      // feature's index.ts re-exports. (Stylesheets keep their side effect.)
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // `entriesAware` splits a library group by the set of pages that use each part, so the
        // administrators' components stay out of a member's first load; pieces under 2 kB merge into
        // a neighbour rather than cost a request each. Not more: a merged piece makes every page that
        // needs it load its neighbour too. At 4 kB, the chat's Affix (0.6 kB) merged with the bid
        // dialog's NativeSelect, which pulled Mantine's Input, Combobox and Card (about 7 kB) into the
        // live page's first load although only the dialog, loaded on demand, uses them. Mantine's
        // pieces do not merge at all: merged, they came to import each other in a circle, and a
        // chunk then ran before the one defining what it used ("Cannot read properties of undefined
        // (reading 'createContext')" on every page); `npm run size` fails on such a circle.
        codeSplitting: {
          groups: [
            // What the entry loads on every page: one chunk of libraries and one of the app's code.
            ...(isEntryScanPass() ? [] : entry.groups),
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]/,
              priority: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
            },
            // A group of its own, ranked above Mantine's: a group takes its modules' dependencies
            // along, so Mantine's took @floating-ui, where a small piece every page uses
            // (use-merged-ref) merged into it and brought its 15 kB into every first load, though
            // only popovers, tooltips, dialogs and scroll areas need it (issue 14).
            {
              name: 'floating-ui',
              test: /node_modules[\\/]@floating-ui[\\/]/,
              priority: 3,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
            },
            // The ranked list's drag and drop (about 15 kB) is for the ranked list's editor alone: in the
            // vendor group, two icons only the dashboard uses merged into its piece and brought it
            // into the dashboard's first load.
            { name: 'dnd-kit', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 3 },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
            },
          ],
        },
      },
    },
  },
});
