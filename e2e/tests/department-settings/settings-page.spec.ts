import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { callApi } from '../../fixtures/sessions.ts';

/**
 * Department Settings: while the department's time zone was never chosen, the admin dashboard says so
 * and links to the settings page; the administrator sets the zone there and the warning is gone. At a
 * phone's and a laptop's size. This server has SMTP settings (the test mailbox), so e-mail is not
 * named; the warning's e-mail line is covered by the web app's component tests.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const WARNING = 'The department is not fully set up';

interface DepartmentSettings {
  timeZone: string;
  source: 'setting' | 'default';
}

/** DELETE /api/admin/department-settings from the signed-in page: no zone saved, the default applies. */
async function clearDepartmentZone(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/admin/department-settings', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return response.status;
  });
  expect(status).toBe(200);
}

/** Puts the zone back as this spec found it (another spec may have saved one first). */
async function restoreDepartmentZone(page: Page, before: DepartmentSettings): Promise<void> {
  if (before.source === 'default') await clearDepartmentZone(page);
  else await callApi(page, 'PUT', '/admin/department-settings', { timeZone: before.timeZone });
}

for (const viewport of VIEWPORTS) {
  test.describe(`department settings at ${viewport.width}x${viewport.height}`, () => {
    test('the dashboard warns of an unset time zone until the administrator sets it on Department Settings', async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      const before = await callApi<DepartmentSettings>(page, 'GET', '/department-settings');
      await clearDepartmentZone(page);
      const { timeZone: defaultZone } = await callApi<DepartmentSettings>(page, 'GET', '/department-settings');
      // A zone unlikely to be the server's own, so saving it is a change that shows.
      const chosenZone = defaultZone === 'America/Chicago' ? 'America/Denver' : 'America/Chicago';
      try {
        await page.goto('/admin');
        await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
        const warning = page.getByRole('alert', { name: WARNING });
        await expect(warning).toContainText(
          `The department's time zone is not set: turn times show in ${defaultZone}. Set it in Department Settings.`,
        );
        await expect(warning).not.toContainText('E-mail');

        await warning.getByRole('link', { name: 'Department Settings' }).click();
        await expect(page).toHaveURL(/\/admin\/settings$/);
        await expect(page.getByRole('heading', { name: 'Department Settings', level: 1 })).toBeVisible();

        const zoneCard = page.getByRole('region', { name: 'Department time zone' });
        await expect(zoneCard).toContainText('no zone saved yet');
        const field = zoneCard.getByLabel('Time zone', { exact: true });
        await field.fill(chosenZone.split('/')[1] ?? chosenZone);
        await page.getByRole('option', { name: chosenZone, exact: true }).click();
        await zoneCard.getByRole('button', { name: 'Save time zone' }).click();
        await expect(zoneCard).toContainText('saved by an administrator');
        await expect(zoneCard).toContainText(`In force: ${chosenZone}`);

        // The page's other settings are here too, e-mail read-only as the server's environment sets it.
        await expect(page.getByRole('form', { name: 'Shift rotation' })).toBeVisible();
        await expect(page.getByRole('form', { name: 'Seniority rule' })).toBeVisible();
        await expect(
          page.getByRole('region', { name: 'Session records' }).getByRole('textbox', { name: /Key fingerprint/ }),
        ).not.toHaveValue('');
        const delivery = page.getByRole('region', { name: 'E-mail and text messages' });
        await expect(delivery).toContainText('E-mailConfigured');

        // Nothing on the page scrolls sideways at a phone's width.
        const overflow = await page.evaluate(
          () => (document.scrollingElement?.scrollWidth ?? 0) - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);

        await page.goto('/admin');
        await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
        // Both answers the warning reads are in once the delivery table shows.
        await expect(page.getByRole('table', { name: 'E-mail, SMS and push delivery' })).toBeVisible();
        await expect(page.getByRole('alert', { name: WARNING })).toHaveCount(0);
      } finally {
        await restoreDepartmentZone(page, before);
      }
    });
  });
}
