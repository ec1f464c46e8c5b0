import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

// Sessions named "E2E ..." belong to this file. Its members hold no seat in the demo data, and
// their ranks have free seats: Derek Lindqvist (Captain, score 288), Grace Whitfield (Lieutenant,
// 165) and Ethan Brooks (Firefighter, 80), who bid in that order.
// Unique per run: a retry in CI must not meet the first attempt's session under the same name.
const SESSION_NAME = `E2E Phone-in Bid ${Date.now().toString(36)}`;
const MEMBERS = ['Derek Lindqvist', 'Grace Whitfield', 'Ethan Brooks'] as const;

async function openSessionManagement(page: Page): Promise<void> {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/bid-sessions');
  await expect(page.getByRole('heading', { name: 'Bid Session Management', level: 1 })).toBeVisible();
}

async function pickMember(dialog: Locator, name: string): Promise<void> {
  const search = dialog.getByRole('searchbox', { name: 'Search members' });
  await search.fill(name);
  await dialog.getByRole('checkbox', { name }).check();
  await search.fill('');
}

/** Places the phone-in bid of the turn holder on the first free seat the picker offers. */
async function placePhoneInBid(control: Locator, memberName: string): Promise<void> {
  const form = control.getByRole('form', { name: `Phone-in bid for ${memberName}` });
  await form.getByRole('combobox', { name: 'Station' }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: 'Shift' }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: 'Position' }).selectOption({ index: 1 });
  await form.getByRole('button', { name: `Submit Bid for ${memberName}` }).click();
  await expect(
    control
      .page()
      .getByText(/^Bid submitted successfully! Station: .+, Shift: [ABC], Position: \w+$/)
      .last(),
  ).toBeVisible();
}

test.describe('bid session administration', () => {
  test('the administrator creates a session of three members, steers it live, bids by phone and exports it', async ({
    page,
  }) => {
    // Two or three sign-ins and a whole session through the UI: more than the default minute on a busy runner.
    test.slow();
    await openSessionManagement(page);

    await page.getByRole('button', { name: 'Create Session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Bid Session' });
    await expect(dialog.getByRole('button', { name: 'Create Session' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Session Name' }).fill(SESSION_NAME);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Run from end to end by the browser test.');
    await dialog.getByLabel('Start Date').fill('2026-04-01');
    await dialog.getByLabel('End Date').fill('2026-04-30');
    for (const name of MEMBERS) await pickMember(dialog, name);
    await expect(dialog.getByText(/^3 of \d+ active members selected$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Session' }).click();
    await expect(page.getByText('Bid session created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: SESSION_NAME });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await expect(card).toContainText('Participants3');
    await card.getByRole('button', { name: `Start ${SESSION_NAME}` }).click();
    await expect(page.getByText('Bid session started successfully')).toBeVisible();

    // The control panel follows the running session: Derek bids first, Grace is next.
    const control = page.getByRole('region', { name: 'Admin Session Control' });
    await expect(control).toContainText(SESSION_NAME);
    await expect(control).toContainText(`Current participant${MEMBERS[0]}`);
    await expect(control).toContainText(`Next up${MEMBERS[1]}`);
    await expect(control.getByRole('timer')).toHaveText(/^[45]:\d{2}$/);
    await expect(control).toContainText('0 of 3 participants done');

    await control.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('Bid session paused successfully')).toBeVisible();
    await expect(control.getByText('Session paused')).toBeVisible();
    await expect(control.getByRole('timer')).toHaveAccessibleName(/left, paused$/);
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();

    await control.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Bid session resumed successfully')).toBeVisible();
    await expect(control.getByText('Session paused')).toBeHidden();

    await control.getByRole('button', { name: 'Move to Back' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Move to Back of Queue' });
    await expect(confirmation).toContainText(`Move ${MEMBERS[0]} to the back of the queue?`);
    await confirmation.getByRole('button', { name: 'Move to Back' }).click();
    await expect(page.getByText('User moved to back of queue successfully')).toBeVisible();
    await expect(control).toContainText(`Current participant${MEMBERS[1]}`);
    await expect(control).toContainText(`Next up${MEMBERS[2]}`);

    // Phone-in bids for each member in turn; Derek, moved to the back, comes last.
    await placePhoneInBid(control, MEMBERS[1]);
    await expect(control).toContainText(`Current participant${MEMBERS[2]}`);
    await expect(control).toContainText('1 of 3 participants done');
    await placePhoneInBid(control, MEMBERS[2]);
    await expect(control).toContainText(`Current participant${MEMBERS[0]}`);
    await expect(control.getByText('Second chance')).toBeVisible();
    await placePhoneInBid(control, MEMBERS[0]);

    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    // The panel lets go of the finished session (it may go on to another session of the shared database).
    await expect(control.filter({ hasText: SESSION_NAME })).toHaveCount(0);

    await card.getByRole('button', { name: `History of ${SESSION_NAME}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${SESSION_NAME}` });
    const historyTable = history.getByRole('table', { name: 'Session history' });
    await expect(historyTable.getByRole('row', { name: /Moved to back of queue/ })).toContainText(MEMBERS[0]);
    await expect(historyTable.getByRole('row', { name: /Bid submitted/ })).toHaveCount(3);
    await expect(historyTable.getByRole('row', { name: /Session completed/ })).toBeVisible();
    await history.getByRole('button', { name: 'Close dialog' }).click();

    await card.getByRole('button', { name: `View details of ${SESSION_NAME}` }).click();
    const details = page.getByRole('dialog', { name: SESSION_NAME });
    const participants = details.getByRole('table', { name: 'Participants in queue order' });
    for (const name of MEMBERS) {
      await expect(participants.getByRole('row', { name: new RegExp(name) })).toContainText('Phone-in bid: Station');
    }
    await details.getByRole('button', { name: 'Close dialog' }).click();

    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: `Export ${SESSION_NAME}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(page.getByText('Export completed successfully!')).toBeVisible();
  });

  test('on a phone the sessions are cards and the form fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openSessionManagement(page);

    const demo = page.getByRole('article', { name: 'Spring Station Bid' });
    await expect(demo).toBeVisible();
    await expect(demo.getByRole('button', { name: 'Start Spring Station Bid' })).toBeVisible();
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Create Session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Bid Session' });
    await expect(dialog.getByRole('textbox', { name: 'Session Name' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);
    await expect(dialog.getByRole('checkbox', { name: 'Elena Ramirez' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await demo.getByRole('button', { name: 'View details of Spring Station Bid' }).click();
    const details = page.getByRole('dialog', { name: 'Spring Station Bid' });
    // On a phone the participants are a list of cards rather than a wide table.
    const participants = details.getByRole('list', { name: 'Participants in queue order' });
    await expect(participants.getByRole('listitem')).toHaveCount(12);
    await expect(participants.getByRole('listitem').first()).toContainText('Priority #1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
