import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

// A phone's width: the catalogue and the station form's seat groups must work without sideways scrolling.
test.use({ viewport: { width: 390, height: 844 } });

// Station number 870 belongs to this file; the code is unique per run, so a retry starts clean.
const STATION_NUMBER = 870;
const CODE = `E2E${Date.now().toString(36).slice(-5).toUpperCase()}`;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** DELETE through the API from the signed-in page (clean-up, whatever the test reached). */
async function deleteThroughApi(page: Page, path: string): Promise<void> {
  await page.evaluate(async (url) => {
    await fetch(url, { method: 'DELETE', headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
  }, `/api${path}`);
}

test('an administrator adds a certification, requires it on seats that must be filled, and cannot delete it while they do', async ({
  page,
}) => {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  let stationId: string | undefined;
  try {
    await page.goto('/admin/certifications');
    await expect(page.getByRole('heading', { name: 'Certifications', level: 1 })).toBeVisible();
    const add = page.getByRole('form', { name: 'Add a certification' });
    await add.getByRole('textbox', { name: 'Code' }).fill(CODE.toLowerCase());
    await add.getByRole('textbox', { name: 'Name' }).fill('End-to-end Paramedic');
    await add.getByRole('button', { name: 'Add certification' }).click();
    const item = page.getByRole('listitem', { name: `${CODE} End-to-end Paramedic` });
    await expect(item).toContainText('0 members hold it');
    await expectNoSidewaysScroll(page);

    await page.goto('/admin/stations');
    await page.getByRole('button', { name: 'Add Station' }).click();
    const form = page.getByRole('dialog', { name: 'Add Station' });
    await form.getByRole('textbox', { name: 'Station Number' }).fill(String(STATION_NUMBER));
    await form.getByRole('textbox', { name: 'Station Name' }).fill('Certified Hill');
    await form.getByRole('textbox', { name: 'Address' }).fill('870 Hill Road, Maple Falls');
    await form.getByRole('textbox', { name: 'Shift B Firefighter seats' }).fill('3');
    await form.getByRole('button', { name: 'Add a Shift B seat group' }).click();
    const group = form.getByRole('group', { name: 'Shift B, group 1' });
    await group.getByRole('textbox', { name: 'Seats' }).fill('2');
    await group.getByLabel('Requires').click();
    await page.getByRole('option', { name: `${CODE} – End-to-end Paramedic` }).click();
    await page.keyboard.press('Escape');
    await group.getByRole('checkbox', { name: /Must be filled/ }).check();
    await expect(form.getByText('Shift B Firefighter: 2 in groups, 1 open to anyone')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await form.getByRole('button', { name: 'Create Station' }).click();
    await expect(page.getByText(`Station ${STATION_NUMBER} created`)).toBeVisible();
    await expect(form).toBeHidden();

    stationId = await page.evaluate(async (number) => {
      const response = await fetch('/api/stations?includeInactive=true', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      const { stations } = (await response.json()) as { stations: { id: string; number: number }[] };
      return stations.find((station) => station.number === number)?.id;
    }, STATION_NUMBER);
    expect(stationId).toBeDefined();

    await page.goto('/admin/certifications');
    await page.getByRole('button', { name: `Delete ${CODE}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete certification' });
    await confirmation.getByRole('button', { name: `Delete ${CODE}` }).click();
    await expect(confirmation.getByRole('alert')).toContainText(
      `Station ${STATION_NUMBER}'s B-shift Firefighter seats require ${CODE}: remove the requirement first`,
    );
  } finally {
    if (stationId !== undefined) await deleteThroughApi(page, `/stations/${stationId}`);
    const certifications = await page.evaluate(async () => {
      const response = await fetch('/api/admin/certifications', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await response.json()) as { certifications: { id: string; code: string }[] }).certifications;
    });
    const created = certifications.find((certification) => certification.code === CODE);
    if (created !== undefined) await deleteThroughApi(page, `/admin/certifications/${created.id}`);
  }
});
