import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';

/*
 * Each test signs in as its own demo Firefighter, one no other spec uses, because saving changes
 * what the member has stored.
 */
const MEMBER_PASSWORD = 'stationbid-member';
const DESKTOP_MEMBER = 'noah.delgado@stationbid.example';
const PHONE_MEMBER = 'ava.schmidt@stationbid.example';

const FIRST_CHOICE = 'Station 2, A shift, Firefighter';
const SECOND_CHOICE = 'Station 5, C shift, Firefighter';

async function openBidPreferences(page: Page) {
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Bid Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bid Preferences' });
  await expect(dialog.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
  return dialog;
}

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('dialog', { name: 'Bid Preferences' })
    .getByRole('combobox', { name: label, exact: true })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addChoice(page: Page, station: string, shift: string) {
  await choose(page, 'Station', station);
  await choose(page, 'Shift', shift);
  await page.getByRole('button', { name: 'Add seat' }).click();
}

async function rankSeatChoicesAndReload(page: Page) {
  // A dozen steps and a reload, each waiting on the browser: three times the usual minute.
  test.slow();
  // Reached by address: at 375 px wide the navigation is folded away in a drawer.
  await page.goto('/profile');
  const dialog = await openBidPreferences(page);
  const save = dialog.getByRole('button', { name: 'Save Preferences' });
  await expect(save).toBeDisabled();

  await dialog.getByRole('switch', { name: /Auto-bid/ }).check();
  await addChoice(page, 'Station 2 · Northside', 'Shift A');
  await addChoice(page, 'Station 5 · Hillcrest', 'Shift C');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? Number.POSITIVE_INFINITY,
  );
  // Each row's first line: its place and the seat (the station's name and buttons follow).
  const choices = dialog
    .getByRole('list', { name: 'Seat choices, best first' })
    .getByRole('listitem')
    .getByText(/^\d+\. /);
  await expect(choices).toHaveText([`1. ${FIRST_CHOICE}`, `2. ${SECOND_CHOICE}`]);

  await dialog.getByRole('button', { name: `Move up: ${SECOND_CHOICE}` }).click();
  await expect(choices).toHaveText([`1. ${SECOND_CHOICE}`, `2. ${FIRST_CHOICE}`]);
  await save.click();
  await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const reopened = await openBidPreferences(page);
  await expect(reopened.getByRole('switch', { name: /Auto-bid/ })).toBeChecked();
  await expect(
    reopened
      .getByRole('list', { name: 'Seat choices, best first' })
      .getByRole('listitem')
      .getByText(/^\d+\. /),
  ).toHaveText([`1. ${SECOND_CHOICE}`, `2. ${FIRST_CHOICE}`]);
  await expect(reopened.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
}

test.describe('bid preferences', () => {
  test('a member ranks two seat choices for auto-bid, and the order stays after a reload', async ({ page }) => {
    await signInThroughForm(page, DESKTOP_MEMBER, MEMBER_PASSWORD);
    await rankSeatChoicesAndReload(page);
  });

  test('the same on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInThroughForm(page, PHONE_MEMBER, MEMBER_PASSWORD);
    await rankSeatChoicesAndReload(page);
  });
});
