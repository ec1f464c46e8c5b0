import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { callApi, endSession, findMemberIdsByEmail } from '../../fixtures/sessions.ts';

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

/**
 * Places the phone-in bid of the turn holder on the first free seat the picker offers, confirmed in
 * words to be read back on the phone ("Confirm for Grace Whitfield: Station 2 · A shift · Lieutenant").
 */
async function placePhoneInBid(control: Locator, memberName: string): Promise<void> {
  const page = control.page();
  const form = control.getByRole('form', { name: `Phone-in bid for ${memberName}` });
  await form.getByRole('combobox', { name: 'Station' }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: 'Shift' }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: 'Position' }).selectOption({ index: 1 });
  await form.getByRole('button', { name: `Submit Bid for ${memberName}` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm the phone-in bid' });
  const readBack = confirmation.getByText(new RegExp(`^Confirm for ${memberName}: Station \\d+ · [ABC] shift · \\w+$`));
  await expect(readBack).toBeVisible();
  await expect(readBack).toBeInViewport();
  const seat = ((await readBack.textContent()) ?? '').replace(`Confirm for ${memberName}: `, '');
  await confirmation.getByRole('button', { name: `Confirm bid for ${memberName}` }).click();
  await expect(page.getByText(`Bid placed for ${memberName}: ${seat}`).last()).toBeVisible();
  await expect(confirmation).toBeHidden();
}

/** Starts the session from its card through the start check, which lists what will go wrong. */
async function startThroughCheck(page: Page, card: Locator, sessionName: string): Promise<void> {
  await card.getByRole('button', { name: `Start ${sessionName}` }).click();
  const check = page.getByRole('dialog', { name: `Start ${sessionName}?` });
  // The test server sends e-mail to a test mailbox but has no SMS provider: the check says so.
  const findings = check.getByRole('list', { name: 'What the start check found' });
  await expect(findings).toContainText(/SMS is not configured/);
  await expect(findings).toBeInViewport();
  await check.getByRole('button', { name: /^Start (now|anyway)$/ }).click();
  await expect(page.getByText(`${sessionName} started: the first turn is running`)).toBeVisible();
  await expect(check).toBeHidden();
}

test.describe('bid session administration', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

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
    await expect(page.getByText(`${SESSION_NAME} created`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: SESSION_NAME });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    await expect(card).toContainText('Participants3');
    await startThroughCheck(page, card, SESSION_NAME);

    // The control panel follows the running session: Derek bids first, Grace is next.
    const control = page.getByRole('region', { name: 'Admin Session Control' });
    await expect(control).toContainText(SESSION_NAME);
    await expect(control).toContainText(`Current participant${MEMBERS[0]}`);
    await expect(control).toContainText(`Next up${MEMBERS[1]}`);
    await expect(control.getByRole('timer')).toHaveText(/^[45]:\d{2}$/);
    await expect(control).toContainText('0 of 3 participants done');

    // The next in queue, online or not, with how each one's turn notice went per channel.
    const queue = control.getByRole('region', { name: 'Next in queue' });
    await expect(queue.getByRole('listitem')).toHaveCount(3);
    for (const name of [`Holds the turn: ${MEMBERS[0]}`, `Next: ${MEMBERS[1]}`, `2 turns away: ${MEMBERS[2]}`]) {
      await expect(queue.getByRole('listitem', { name })).toBeVisible();
    }
    await expect(queue.getByRole('listitem').first()).toContainText(/Offline|Online/);
    await expect(queue.getByRole('listitem').first()).toContainText(/E-mail: (Your turn|none sent)/);
    await expect(queue.getByRole('listitem').first()).toContainText('Text: none sent');
    // "Was Derek told?": his notices, from the outbox, with their channel and result.
    await queue.getByRole('button', { name: `Notices to ${MEMBERS[0]}` }).click();
    const log = page.getByRole('dialog', { name: `Delivery log: ${SESSION_NAME}` });
    await expect(log.getByLabel('Member')).toHaveValue(MEMBERS[0]);
    await expect(log.getByRole('list', { name: 'Notices' })).toContainText(`${MEMBERS[0]} · E-mail · Your turn`);
    await log.getByRole('button', { name: 'Close dialog' }).click();
    await expect(log).toBeHidden();

    await control.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText(`${SESSION_NAME} paused: the turn clock is stopped`)).toBeVisible();
    await expect(control.getByText('Session paused')).toBeVisible();
    await expect(control.getByRole('timer')).toHaveAccessibleName(/left, paused$/);
    await expect(card.getByText('Paused', { exact: true })).toBeVisible();

    await control.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText(`${SESSION_NAME} resumed: the turn clock is running again`)).toBeVisible();
    await expect(control.getByText('Session paused')).toBeHidden();

    await control.getByRole('button', { name: 'Move to Back' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Move to Back of Queue' });
    await expect(confirmation).toContainText(`Move ${MEMBERS[0]} to the back of the queue?`);
    await confirmation.getByRole('button', { name: 'Move to Back' }).click();
    await expect(page.getByText(`${MEMBERS[0]} moved to the back`)).toBeVisible();
    await expect(control).toContainText(`Current participant${MEMBERS[1]}`);
    await expect(control).toContainText(`Next up${MEMBERS[2]}`);

    // Phone-in bids for each member in turn; Derek, moved to the back, comes last.
    await placePhoneInBid(control, MEMBERS[1]);
    await expect(control).toContainText(`Current participant${MEMBERS[2]}`);
    await expect(control).toContainText('1 of 3 participants done');
    await placePhoneInBid(control, MEMBERS[2]);
    await expect(control).toContainText(`Current participant${MEMBERS[0]}`);
    // Named in the turn panel and in the queue.
    await expect(control.getByText('Second chance')).toHaveCount(2);
    await expect(queue.getByRole('listitem', { name: `Holds the turn: ${MEMBERS[0]}` })).toContainText('Second chance');
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

  test('on a phone the start check fits the screen, the control panel comes into view after Start, and a phone-in bid is read back', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    await openSessionManagement(page);
    const sessionName = `E2E Phone Start ${Date.now().toString(36)}`;
    const participantIds = await findMemberIdsByEmail(page, await memberEmails(page));
    const { session } = await callApi<{ session: { id: string } }>(page, 'POST', '/bid-sessions', {
      name: sessionName,
      year: 2026,
      startDate: '2026-05-01',
      endDate: '2026-05-31',
      participantIds,
    });
    try {
      await page.reload();
      const card = page.getByRole('article', { name: sessionName });
      await card.scrollIntoViewIfNeeded();
      await startThroughCheck(page, card, sessionName);

      // The panel sits above every card: after Start it is brought into view, its heading focused.
      const control = page.getByRole('region', { name: 'Admin Session Control' });
      await expect(control).toContainText(sessionName);
      const heading = control.getByRole('heading', { name: 'Admin Session Control' });
      await expect(heading).toBeInViewport();
      await expect(heading).toBeFocused();

      const queue = control.getByRole('region', { name: 'Next in queue' });
      await queue.scrollIntoViewIfNeeded();
      await expect(queue.getByRole('listitem')).toHaveCount(3);
      await expect(queue.getByRole('listitem').first()).toHaveAccessibleName(`Holds the turn: ${MEMBERS[0]}`);
      await expect(queue.getByRole('listitem').first()).toContainText(/E-mail: (Your turn|none sent)/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await placePhoneInBid(control, MEMBERS[0]);
      await expect(control).toContainText(`Current participant${MEMBERS[1]}`);
    } finally {
      await endSession(page, session.id).catch(() => undefined);
    }
  });
});

/** The e-mails of this file's members, as the administrators' member list has them. */
async function memberEmails(page: Page): Promise<string[]> {
  const { users } = await callApi<{ users: { email: string; firstName: string; lastName: string }[] }>(
    page,
    'GET',
    '/admin/users',
  );
  return MEMBERS.map((name) => {
    const member = users.find((user) => `${user.firstName} ${user.lastName}` === name);
    if (member === undefined) throw new Error(`No member ${name}`);
    return member.email;
  });
}
