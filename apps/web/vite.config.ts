/**
 * Build and dev server of the StationBid web app. The root is pinned to this folder so the build
 * works from any working directory; in development, /api is forwarded to the API server on port 5000
 * so the browser sees one origin, as it does in production. The build also writes the installable
 * app's manifest and its service worker (vite-plugin-pwa, see `pwa` below).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_SERVICE_WORKER_URL, PUSH_HANDLER_SCRIPT_URL } from './src/lib/service-worker-urls.ts';

const SIDE_EFFECT_FREE = /[\\/](packages[\\/]domain[\\/]src|apps[\\/]web[\\/]src[\\/]features)[\\/].*\.tsx?$/;
/** entriesAware pieces smaller than this merge into a neighbouring chunk (see codeSplitting below). */
const MERGE_BELOW_BYTES = 2_000;
const apiProxy = { '/api': { target: 'http://localhost:5000', changeOrigin: true } };
/** index.html's theme-color: the app's red. */
const THEME_COLOR = '#e03131';

/**
 * The installable app: dist/manifest.webmanifest and ONE service worker for the whole origin,
 * dist/sw.js (Workbox's generateSW). It precaches the app shell (index.html, the scripts, styles and
 * icons of this build), so StationBid opens offline and each page's code loads from the cache; it
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
  plugins: [react(), pwa],
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
