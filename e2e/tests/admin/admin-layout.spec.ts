import { expect, type Page, test } from '@playwright/test';
import { signInAdminInNewContext } from '../../fixtures/sessions.ts';

/**
 * Every /admin page at a laptop's and a phone's size: no button, badge or tab has its label cut
 * (its text wider than its box), and no table header breaks a word across lines ("E-/mail").
 * SCREENSHOT_DIR set: each page is also saved there as a full-page screenshot, to look at.
 */
const ADMIN_PAGES = [
  { path: '/admin', heading: 'Admin Dashboard' },
  { path: '/admin/users', heading: 'User Management' },
  { path: '/admin/stations', heading: 'Station Management' },
  { path: '/admin/bid-sessions', heading: 'Bid Session Management' },
  { path: '/admin/notifications', heading: 'Notification Management' },
  { path: '/admin/seniority', heading: 'User Management' },
  { path: '/admin/settings', heading: 'Department Settings' },
] as const;

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Labels whose text is wider than the box that shows it: the box itself or any part of it (a part
 * 1 px wide is visually hidden text for screen readers, not a cut label).
 */
function cutLabels(page: Page): Promise<string[]> {
  return page
    .locator('button, a.mantine-Button-root, .mantine-Badge-root, [role="tab"], .mantine-SegmentedControl-label')
    .evaluateAll((elements) =>
      elements
        .filter(
          (element) => element.getBoundingClientRect().width > 0 && element.closest('[aria-hidden="true"]') === null,
        )
        .filter((element) =>
          [element, ...element.querySelectorAll('*')].some(
            (part) => part.clientWidth > 1 && part.scrollWidth > part.clientWidth + 1,
          ),
        )
        .map((element) => `${element.tagName} "${element.textContent?.trim()}"`),
    );
}

/** Table headers with a word laid out over more than one line. */
function headersWithSplitWords(page: Page): Promise<string[]> {
  return page.locator('th').evaluateAll((headers) => {
    const split: string[] = [];
    for (const header of headers) {
      if (header.getBoundingClientRect().width === 0) continue;
      const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lineTops.size > 1) split.push(`${header.textContent?.trim()}: "${match[0]}"`);
        }
      }
    }
    return split;
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`admin pages at ${viewport.width}x${viewport.height}`, () => {
    // Six pages with their data on one test: more than the default minute on a busy machine.
    test.describe.configure({ timeout: 240_000 });
    test('no label is cut and no table header splits a word', async ({ browser }) => {
      const page = await signInAdminInNewContext(browser);
      await page.setViewportSize(viewport);
      try {
        for (const adminPage of ADMIN_PAGES) {
          await page.goto(adminPage.path);
          await expect(page.getByRole('heading', { name: adminPage.heading, level: 1 })).toBeVisible();
          // The page's data is in (no loader left), so what is measured is what the administrator sees.
          await expect(page.getByRole('status', { name: /^(Loading|Checking)/ })).toHaveCount(0, { timeout: 15_000 });
          await page.evaluate(() => document.fonts.ready);
          if (process.env.SCREENSHOT_DIR) {
            const name = `${adminPage.path.replaceAll('/', '_')}-${viewport.width}.png`;
            await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}`, fullPage: true });
          }
          // A cut label stays cut; a button that a background refetch makes busy (System Status's
          // Check Again) swaps its label for a spinner for a moment, with a transition. Polling
          // tells the two apart.
          await expect.soft
            .poll(() => cutLabels(page), { message: `cut labels on ${adminPage.path}`, timeout: 5_000 })
            .toEqual([]);
          expect.soft(await headersWithSplitWords(page), `split headers on ${adminPage.path}`).toEqual([]);
          // Nothing wider than the screen: the page never scrolls sideways (tables scroll in their own box).
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect.soft(overflow, `sideways scroll on ${adminPage.path}`).toBeLessThanOrEqual(0);
        }
      } finally {
        await page.context().close();
      }
    });
  });
}
