import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_MEMBER } from '../../fixtures/accounts.ts';
import { signInInNewContext } from '../../fixtures/sessions.ts';

/**
 * Dark mode: it follows the system until the member chooses on the profile's Appearance switch;
 * the choice stays on this device across reloads and is applied before the app's code runs (no
 * white flash); text in dark mode meets WCAG AA contrast.
 */

function colorSchemeOf(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
}

async function expectNoContrastViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const violations = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(violations).toEqual([]);
}

test.describe('appearance', () => {
  // Several pages, reloads and axe runs per test: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 240_000 });
  test('follows the system, then keeps the chosen scheme on this device from the first paint', async ({ browser }) => {
    const page = await signInInNewContext(browser, DEMO_MEMBER.email, DEMO_MEMBER.password, {
      width: 390,
      height: 844,
    });
    try {
      // The system says dark; nothing is chosen yet, so the app is dark.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/profile');
      const appearance = page.getByRole('region', { name: 'Appearance' });
      const scheme = appearance.getByRole('radiogroup', { name: 'Color scheme' });
      await expect(scheme.getByRole('radio', { name: 'System' })).toBeChecked();
      await expect.poll(() => colorSchemeOf(page)).toBe('dark');

      // Chosen Light: it holds although the system is dark, after a reload too.
      await scheme.getByText('Light', { exact: true }).click();
      await expect(scheme.getByRole('radio', { name: 'Light' })).toBeChecked();
      await expect.poll(() => colorSchemeOf(page)).toBe('light');
      await page.reload();
      await expect(
        page.getByRole('radiogroup', { name: 'Color scheme' }).getByRole('radio', { name: 'Light' }),
      ).toBeChecked();
      expect(await colorSchemeOf(page)).toBe('light');

      // Chosen Dark, with the system light: before any of the app's code runs the page is dark
      // already (public/color-scheme.js), so there is no white flash.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('radiogroup', { name: 'Color scheme' }).getByText('Dark', { exact: true }).click();
      await expect.poll(() => colorSchemeOf(page)).toBe('dark');
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto('/dashboard');
      expect(await colorSchemeOf(page)).toBe('dark');
      await page.unroute(/\/assets\/.*\.js$/);

      // Back to System: light again, as the system now is.
      await page.goto('/profile');
      await page.getByRole('radiogroup', { name: 'Color scheme' }).getByText('System', { exact: true }).click();
      await expect.poll(() => colorSchemeOf(page)).toBe('light');
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`text meets WCAG AA contrast in dark mode at ${viewport.width}x${viewport.height}`, async ({ browser }) => {
      const page = await signInInNewContext(browser, DEMO_MEMBER.email, DEMO_MEMBER.password, viewport);
      try {
        await page.emulateMedia({ colorScheme: 'dark' });
        for (const path of ['/dashboard', '/profile', '/stations', '/bidding']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
          expect(await colorSchemeOf(page)).toBe('dark');
          await expectNoContrastViolations(page);
        }
      } finally {
        await page.context().close();
      }
    });
  }

  test('nothing moves for a member whose system asks for reduced motion', async ({ browser }) => {
    const page = await signInInNewContext(browser, DEMO_MEMBER.email, DEMO_MEMBER.password);
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Notification Settings' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The longest transition or animation left on any element (and its ::before and ::after).
      const longestSeconds = await page.evaluate(() => {
        const seconds = (value: string) => Math.max(...value.split(',').map((part) => Number.parseFloat(part) || 0));
        let longest = 0;
        for (const element of document.querySelectorAll('*')) {
          for (const pseudo of [null, '::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            longest = Math.max(longest, seconds(style.transitionDuration), seconds(style.animationDuration));
          }
        }
        return longest;
      });
      expect(longestSeconds).toBeLessThan(0.001);
    } finally {
      await page.context().close();
    }
  });
});
