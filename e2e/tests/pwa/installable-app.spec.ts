/**
 * The installable app: index.html links a valid web app manifest (the fields an install prompt
 * needs, icons that load), and one service worker, the app's, registers for the whole origin and
 * controls the page after a reload, with the push handlers imported into it. The worker precaches
 * the app shell, so a page opens with the network gone; API calls always go to the network.
 */
import { expect, test } from '@playwright/test';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebAppManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

test.describe('installable app', () => {
  // Every other spec blocks service workers (playwright.config.ts); this one tests the worker.
  test.use({ serviceWorkers: 'allow' });

  test('index.html links a manifest with what an install needs, and its icons load', async ({ page, request }) => {
    await page.goto('/login');
    const link = page.locator('link[rel="manifest"]');
    await expect(link).toHaveCount(1);
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();

    const answer = await request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as WebAppManifest;
    expect(manifest).toMatchObject({
      name: 'StationBid',
      short_name: 'StationBid',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

    const bySize = (size: string, purpose: string) =>
      manifest.icons.find((icon) => icon.sizes === size && (icon.purpose ?? 'any').split(' ').includes(purpose));
    const icons = [bySize('192x192', 'any'), bySize('512x512', 'any'), bySize('512x512', 'maskable')];
    for (const icon of icons) {
      expect(icon, 'a 192 and a 512 icon, and a maskable 512').toBeDefined();
      const image = await request.get(icon?.src ?? '');
      expect(image.status(), icon?.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      // The PNG's own size (IHDR width and height) is the one the manifest claims.
      const bytes = await image.body();
      const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
      expect(`${width}x${height}`).toBe(icon?.sizes);
    }
  });

  test('one service worker registers for the origin and controls the page after a reload', async ({ page }) => {
    await page.goto('/login');
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const registrations = await navigator.serviceWorker.getRegistrations();
      return {
        scope: registration.scope,
        scriptURL: registration.active?.scriptURL ?? null,
        count: registrations.length,
      };
    });
    expect(new URL(registered.scope).pathname).toBe('/');
    expect(new URL(registered.scriptURL ?? 'about:blank').pathname).toBe('/sw.js');
    expect(registered.count).toBe(1);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(new URL(controller ?? 'about:blank').pathname).toBe('/sw.js');

    // The push handlers are part of that one worker (importScripts), not a second registration.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await worker.text()).toContain('/push-service-worker.js');
  });

  test('the app shell opens offline, while API calls still go to the network', async ({ page, context }) => {
    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      // Nothing answers /api/ from a cache: offline, the API cannot be reached.
      const apiReached = await page.evaluate(async () => {
        try {
          await fetch('/api/health', { cache: 'no-store' });
          return true;
        } catch {
          return false;
        }
      });
      expect(apiReached).toBe(false);
    } finally {
      await context.setOffline(false);
    }
  });
});
