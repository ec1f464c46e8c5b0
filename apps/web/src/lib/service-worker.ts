/**
 * Registers the origin's one service worker: the built app's /sw.js (offline app shell and the
 * Web Push handlers it imports). In development (vite's dev server) there is no built worker, so
 * the push handlers register alone and push can still be tried; the app shell is not cached there.
 */
import { APP_SERVICE_WORKER_URL, PUSH_HANDLER_SCRIPT_URL } from './service-worker-urls.ts';

/** The worker's URL for this build: the app's worker when built, the push handlers alone in development. */
export function serviceWorkerUrl(isDevelopment: boolean = import.meta.env.DEV): string {
  return isDevelopment ? PUSH_HANDLER_SCRIPT_URL : APP_SERVICE_WORKER_URL;
}

/**
 * Registers the worker for the whole origin, or finds its registration again: registering the same
 * URL again keeps the registration (the browser only checks the script for an update).
 */
export function registerAppServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(serviceWorkerUrl(), { scope: '/' });
}

/**
 * Called by main.tsx once the page has loaded. Failing to register only costs offline use and push
 * (the app works without them), so the error is logged, not shown.
 */
export async function startAppServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await registerAppServiceWorker();
  } catch (error) {
    console.warn('StationBid could not register its service worker, so offline use and push are off:', error);
  }
}
