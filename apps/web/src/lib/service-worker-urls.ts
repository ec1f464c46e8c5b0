/**
 * Where the service worker files are served. Shared by the build (vite.config.ts writes the worker
 * under this name and imports the push handlers into it) and the page (which registers it), so the
 * two cannot drift apart. No imports: vite.config.ts loads this file in Node.
 */

/** The one service worker of the origin, written by vite-plugin-pwa at build time: offline app shell + Web Push. */
export const APP_SERVICE_WORKER_URL = '/sw.js';

/** The Web Push handlers (public/push-service-worker.js), pulled into the app's worker with importScripts. */
export const PUSH_HANDLER_SCRIPT_URL = '/push-service-worker.js';
