/**
 * StationBid's push service worker (issue 15). Shows each Web Push the server sends ("your turn",
 * "2 turns away", "your award": a JSON { title, body, url, tag }, see PushMessage in
 * packages/domain/src/schemas/push.ts) as a notification, and on a click focuses a StationBid
 * window on that page, or opens one.
 *
 * Plain JavaScript served as it is from public/, so it works without a build step: the app's one
 * service worker (sw.js, written by vite-plugin-pwa, see apps/web/vite.config.ts) pulls it in with
 * `importScripts('/push-service-worker.js')`; on vite's dev server, where there is no sw.js, it is
 * registered alone (apps/web/src/lib/service-worker.ts).
 */

const FALLBACK = { title: 'StationBid', body: 'Something changed in your bid session.', url: '/', tag: 'stationbid' };

/** The push's message; a push without a readable one still shows something (browsers require it). */
function readMessage(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === 'string' ? data.title : FALLBACK.title,
      body: typeof data.body === 'string' ? data.body : FALLBACK.body,
      url: typeof data.url === 'string' ? data.url : FALLBACK.url,
      tag: typeof data.tag === 'string' ? data.tag : FALLBACK.tag,
    };
  } catch {
    return FALLBACK;
  }
}

/** Only pages of this origin are opened: a message cannot send the member elsewhere. */
function pageUrl(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin) return target.href;
    // PUBLIC_WEB_URL names another address for the same app (a proxy): keep the page, not the host.
    return new URL(target.pathname + target.search + target.hash, self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      // The same tag replaces the older notification ("your turn" replaces "2 turns away"); renotify
      // makes the replacement sound and vibrate again instead of changing silently.
      renotify: true,
      // PNGs: Android shows neither an SVG icon nor a coloured badge (it uses the badge's alpha only).
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: pageUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pageUrl(event.notification.data?.url ?? '/');
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const onPage = windows.find((client) => client.url === target);
      if (onPage) return onPage.focus();
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours && 'navigate' in ours) {
        const navigated = await ours.navigate(target).catch(() => null);
        if (navigated) return navigated.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
