import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';

/*
 * Each test signs in as its own demo member, one no other spec uses, because saving changes what
 * the member has stored.
 */
const MEMBER_PASSWORD = 'stationbid-member';
const DESKTOP_MEMBER = 'priya.natarajan@stationbid.example';
const PHONE_MEMBER = 'chloe.bennett@stationbid.example';

async function openNotificationSettings(page: Page) {
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Notification Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
  await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  return dialog;
}

/** A switch's name is its label followed by its description. */
const switchNamed = (dialog: ReturnType<Page['getByRole']>, label: string) =>
  dialog.getByRole('switch', { name: new RegExp(`^${label} `) });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? Number.POSITIVE_INFINITY,
  );
}

/** Turns SMS on with a phone number, saves, reloads, and finds both stored. */
async function turnOnSmsAndReload(page: Page) {
  // Reached by address: at 375 px wide the navigation is folded away in a drawer.
  await page.goto('/profile');
  const dialog = await openNotificationSettings(page);
  await expect(switchNamed(dialog, 'Notifications')).toBeChecked();
  await expect(switchNamed(dialog, 'E-mail notifications')).toBeChecked();
  await expect(switchNamed(dialog, 'Bid reminders')).toBeChecked();
  await expect(switchNamed(dialog, 'SMS notifications')).not.toBeChecked();
  await expect(dialog.getByText('An e-mail reminder the day before the bid session.')).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save Settings' });
  await expect(save).toBeDisabled();
  const phone = dialog.getByRole('textbox', { name: /Mobile phone number/ });
  await expect(phone).toBeHidden();

  await switchNamed(dialog, 'SMS notifications').check();
  await expect(phone).toBeVisible();
  await expect(save).toBeDisabled();
  // The seeded profile phone is a 7-digit local number, which no text message can reach.
  await phone.fill('12345');
  await expect(
    dialog.getByText(/Enter a 10-digit mobile number with its area code, like \(555\) 201-4477/),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await phone.fill('(415) 555-0123');
  await expect(dialog.getByText(/Enter a 10-digit mobile number with its area code/)).toBeHidden();
  await expectNoSidewaysScroll(page);
  await save.click();
  await expect(page.getByText('Notification preferences updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  const reopened = await openNotificationSettings(page);
  await expect(switchNamed(reopened, 'SMS notifications')).toBeChecked();
  // Stored in E.164, shown as people write it.
  await expect(reopened.getByRole('textbox', { name: /Mobile phone number/ })).toHaveValue('(415) 555-0123');
  return reopened;
}

test('a member turns on text messages with a phone number, and turning notifications off disables the rest', async ({
  page,
}) => {
  await signInThroughForm(page, DESKTOP_MEMBER, MEMBER_PASSWORD);
  const dialog = await turnOnSmsAndReload(page);

  await switchNamed(dialog, 'Notifications').uncheck();
  for (const name of ['Bid reminders', 'E-mail notifications', 'SMS notifications']) {
    await expect(switchNamed(dialog, name)).toBeDisabled();
  }
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Notification preferences updated successfully!')).toBeVisible();

  await page.reload();
  const reopened = await openNotificationSettings(page);
  await expect(switchNamed(reopened, 'Notifications')).not.toBeChecked();
  await expect(switchNamed(reopened, 'SMS notifications')).toBeDisabled();
  await expect(reopened.getByText('Notifications are off, so none of these is sent to you.')).toBeVisible();
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopened).toBeHidden();
});

test('on a phone 375 px wide the settings fill the screen and save the same way', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await signInThroughForm(page, PHONE_MEMBER, MEMBER_PASSWORD);
    const dialog = await turnOnSmsAndReload(page);
    await expectNoSidewaysScroll(page);
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);
  } finally {
    await context.close();
  }
});
