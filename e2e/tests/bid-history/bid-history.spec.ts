import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import {
  callApi,
  createAndStartSession,
  placePhoneInBidForTurnHolder,
  type SessionDetail,
  type Shift,
  signInAdminInNewContext,
} from '../../fixtures/sessions.ts';

// The session "E2E Bid History" belongs to this file. Its members are signed in by no other spec:
// Sofia Marchetti (Engineer) and Mia Sullivan (Firefighter). The administrator takes part too, and
// exports from their own Bid History as a member does. The most senior participant is moved to the
// back first; then every bid is a phone-in bid placed through the API, so the session completes at once.
const SESSION_NAME = 'E2E Bid History';
const PASSWORD = 'stationbid-member';
const MEMBERS = {
  sofia: { email: 'sofia.marchetti@stationbid.example', name: 'Sofia Marchetti' },
  mia: { email: 'mia.sullivan@stationbid.example', name: 'Mia Sullivan' },
} as const;

/** The seat each member won, by name, for the checks below. */
const seatsWon = new Map<string, { station: string; shift: Shift }>();
/** The most senior participant, moved to the back: they bid last but stay #1 in the results. */
let seniorMovedBack = '';

/** The administrator creates the session, starts it and bids by phone for everyone until it completes. */
async function runSessionToCompletion(browser: Browser): Promise<void> {
  const page = await signInAdminInNewContext(browser);
  const participantEmails = [DEMO_ADMIN.email, MEMBERS.sofia.email, MEMBERS.mia.email];
  const sessionId = await createAndStartSession(page, {
    name: SESSION_NAME,
    year: 2026,
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    participantEmails,
  });

  const { session: started } = await callApi<{ session: SessionDetail }>(page, 'GET', `/bid-sessions/${sessionId}`);
  const senior = started.currentTurn?.user;
  seniorMovedBack = `${senior?.firstName} ${senior?.lastName}`;
  await callApi(page, 'POST', `/bid-sessions/${sessionId}/move-to-back`, { sessionId });
  for (let turn = 0; turn < participantEmails.length; turn += 1) {
    const { holder, station, shift } = await placePhoneInBidForTurnHolder(page, sessionId);
    seatsWon.set(`${holder.firstName} ${holder.lastName}`, {
      station: `Station ${station.number} (${station.name})`,
      shift,
    });
  }
  const { session: done } = await callApi<{ session: SessionDetail }>(page, 'GET', `/bid-sessions/${sessionId}`);
  expect(done.status).toBe('completed');
  await page.context().close();
}

test.describe('bid history', () => {
  test.beforeAll(async ({ browser }) => {
    await runSessionToCompletion(browser);
  });

  test('a member finds their phone-in bid and the session results; the administrator exports them', async ({
    page,
    browser,
  }) => {
    await signInThroughForm(page, MEMBERS.sofia.email, PASSWORD);
    await page.goto('/bid-history');
    await expect(page.getByRole('heading', { name: 'Bid History', level: 1 })).toBeVisible();

    const seat = seatsWon.get(MEMBERS.sofia.name);
    const row = page.getByRole('table', { name: 'Your bids' }).getByRole('row', { name: new RegExp(SESSION_NAME) });
    await expect(row).toContainText(seat?.station ?? 'missing seat');
    await expect(row).toContainText(/phone-in/i);
    await expect(row).toContainText('Completed');
    const summary = page.getByLabel('Bid summary');
    await expect(summary).toContainText('Total Bids1');
    await expect(summary).toContainText('Successful1');

    await row.getByRole('button', { name: `View Results of ${SESSION_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Results of ${SESSION_NAME}` });
    await expect(dialog.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    await expect(dialog).toContainText('Successful assignments3');
    // A participant may download the results they can read.
    const memberDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    expect((await memberDownload).suggestedFilename()).toMatch(/\.xlsx$/);

    // The figures count what the rows below say: nobody skipped or went without a seat.
    await expect(dialog).toContainText('Moved to back1');
    await expect(dialog).toContainText('Skipped0');
    await expect(dialog).toContainText('Not assigned0');
    // One clock for every time: the department's, on the 12-hour clock with its zone, as the PDF.
    await expect(dialog.getByText('Started').locator('xpath=following-sibling::*[1]')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, 2\d{3}, \d{1,2}:\d{2} [AP]M [A-Z]/,
    );

    await dialog.getByRole('tab', { name: 'Participants' }).click();
    const participants = dialog.getByRole('table', { name: 'Participants' });
    await expect(participants.getByRole('columnheader', { name: 'Seniority' })).toBeVisible();
    // Numbered and ordered by seniority: the senior member moved to the back bid last, yet is #1.
    const rows = participants.getByRole('row');
    await expect(rows.nth(1)).toContainText(`#1${seniorMovedBack}`);
    await expect(rows.nth(1)).toContainText('Moved to the back');
    await expect(rows.nth(2)).toContainText('#2');
    await expect(rows.nth(3)).toContainText('#3');
    for (const member of Object.values(MEMBERS)) {
      const participant = participants.getByRole('row', { name: new RegExp(member.name) });
      await expect(participant).toContainText('Phone-in bid');
      await expect(participant).not.toContainText(/Not assigned|Skipped/);
      await expect(participant).toContainText(seatsWon.get(member.name)?.station ?? 'missing seat');
    }
    // Sofia's own reason speaks to her; Mia's is told of Mia, with the same clock.
    await expect(participants.getByRole('row', { name: new RegExp(MEMBERS.sofia.name) })).toContainText(
      /bid Station \d+, [ABC], \w+ for you at \d{1,2}:\d{2} [AP]M/,
    );
    const miaRow = participants.getByRole('row', { name: new RegExp(MEMBERS.mia.name) });
    await expect(miaRow).toContainText(/bid Station \d+, [ABC], \w+ for them at \d{1,2}:\d{2} [AP]M/);
    await expect(miaRow).not.toContainText(/\byou\b/i);

    await dialog.getByRole('tab', { name: 'Session History' }).click();
    const history = dialog.getByRole('list', { name: 'Session history' });
    await expect(history.getByRole('listitem').filter({ hasText: `Bid submitted: ${MEMBERS.mia.name}` })).toBeVisible();
    await expect(history.getByRole('listitem').filter({ hasText: 'Session completed' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog).toBeHidden();

    // The profile reads the same history.
    await page.goto('/profile');
    const statistics = page.getByRole('region', { name: 'Bid Statistics' });
    await expect(statistics).toContainText('Success Rate100%');
    await expect(page.getByRole('list', { name: 'Latest bids' })).toContainText(seat?.station ?? 'missing seat');

    const adminPage = await signInAdminInNewContext(browser);
    await adminPage.goto('/bid-history');
    await adminPage.getByRole('button', { name: `View Results of ${SESSION_NAME}` }).click();
    const adminDialog = adminPage.getByRole('dialog', { name: `Results of ${SESSION_NAME}` });
    const downloading = adminPage.waitForEvent('download');
    await adminDialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(adminPage.getByText('Export completed successfully!')).toBeVisible();
    await adminPage.context().close();
  });

  test('on a phone the bids are cards and the results fill the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInThroughForm(page, MEMBERS.mia.email, PASSWORD);
    await page.goto('/bid-history');

    const card = page.getByRole('list', { name: 'Your bids' }).getByRole('listitem').filter({ hasText: SESSION_NAME });
    await expect(card).toContainText(seatsWon.get(MEMBERS.mia.name)?.station ?? 'missing seat');
    await expect(card).toContainText(/phone-in/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await card.getByRole('button', { name: `View Results of ${SESSION_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Results of ${SESSION_NAME}` });
    await expect(dialog.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);

    await dialog.getByRole('tab', { name: 'Participants' }).click();
    const participants = dialog.getByRole('list', { name: 'Participants' });
    await expect(participants.getByRole('listitem')).toHaveCount(3);
    await expect(participants.getByRole('listitem').first()).toContainText(`#1 ${seniorMovedBack}`);
    const miaCard = participants.getByRole('listitem').filter({ hasText: MEMBERS.mia.name });
    await expect(miaCard).toContainText('Phone-in bid');
    // Her own reason, addressed to her.
    await expect(miaCard).toContainText(/for you at \d{1,2}:\d{2} [AP]M/);
    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
    await dialog.getByRole('tab', { name: 'Session History' }).click();
    await expect(dialog.getByRole('list', { name: 'Session history' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  });
});
