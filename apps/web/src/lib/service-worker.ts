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
 * Called once the first page is up (startAppServiceWorkerWhenIdle). Failing to register only costs offline use and push
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

/** The longest the worker waits for an idle moment once the first page is up. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Called by the app once its first page has rendered (app/root-layout.tsx): registers the worker
 * after the page's load event, at the browser's first idle moment. Its install downloads the
 * precache (a member's pages, some hundred files) and must not compete with the first page's own
 * code on a slow phone, whose page module and its chunks load after the load event.
 */
export function startAppServiceWorkerWhenIdle(): void {
  const start = () => void startAppServiceWorker();
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(start, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
