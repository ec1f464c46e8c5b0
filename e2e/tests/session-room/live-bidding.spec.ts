import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  endSession,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Live Bidding ..." belong to this file, and so do its two members: no other
// spec signs in as them or puts them in a session.
const SESSION_NAME = 'E2E Live Bidding Session';
const PASSWORD = 'stationbid-member';
/** A Captain with 14 years: the higher seniority score, so the first turn. */
const FIRST = { email: 'hannah.okafor@stationbid.example', name: 'Hannah Okafor' };
/** A Firefighter with 8 years: second. */
const SECOND = { email: 'ethan.brooks@stationbid.example', name: 'Ethan Brooks' };

/** As the administrator: creates and starts a session of the two members; answers its id. */
async function startSession(adminPage: Page): Promise<string> {
  const sessionId = await createAndStartSession(adminPage, {
    name: SESSION_NAME,
    description: 'Started by the live bidding browser test.',
    year: 2026,
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    participantEmails: [FIRST.email, SECOND.email],
  });
  const { session: started } = await callApi<{ session: { participants: { user: { firstName: string } }[] } }>(
    adminPage,
    'GET',
    `/bid-sessions/${sessionId}`,
  );
  expect(started.participants.map((participant) => participant.user.firstName)).toEqual(['Hannah', 'Ethan']);
  return sessionId;
}

/** Bids with the one bid action, on the first free seat offered under "Another free seat". */
async function bidThroughPanel(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Your bid' });
  await panel.getByRole('radio', { name: /Another free seat/ }).check();
  const bid = panel.getByRole('button', { name: 'Bid', exact: true });
  await expect(bid).toBeDisabled();
  await panel.getByLabel('Station').selectOption({ index: 1 });
  await panel.getByLabel('Shift').selectOption({ index: 1 });
  await panel.getByLabel('Position').selectOption({ index: 1 });
  await expect(bid).toBeEnabled();
  await bid.click();
  const dialog = page.getByRole('dialog', { name: /^Bid for Station \d+, [ABC] shift, \w+\?$/ });
  await dialog.getByRole('button', { name: 'Confirm bid' }).click();
  await expect(page.getByRole('region', { name: /^You got Station \d+ · [ABC] shift · \w+$/ })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel).toBeHidden();
}

test.describe('live bidding', () => {
  test('two members bid in turn; the other sees each bid without reloading; works on a phone', async ({ browser }) => {
    const adminPage = await signInAdminInNewContext(browser);
    const sessionId = await startSession(adminPage);
    const firstPage = await signInInNewContext(browser, FIRST.email, PASSWORD);
    const secondPage = await signInInNewContext(browser, SECOND.email, PASSWORD, { width: 375, height: 812 });

    try {
      // The second member watches on a phone: their place, and who bids now.
      await secondPage.goto(`/live-bid/${sessionId}`);
      await expect(secondPage.getByRole('heading', { name: SESSION_NAME, level: 1 })).toBeVisible();
      const header = secondPage.getByRole('region', { name: 'On the clock' });
      await expect(header).toContainText("You're next");
      await expect(header).not.toContainText('in queue');
      await expect(header.getByRole('heading', { name: `${FIRST.name} is on the clock` })).toBeVisible();
      await expect(header.getByRole('timer')).toHaveText(/^\d:\d\d$/);
      // Nothing is wider than the phone's screen.
      expect(await secondPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // The first member bids with the one bid action.
      await firstPage.goto(`/live-bid/${sessionId}`);
      const firstHeader = firstPage.getByRole('region', { name: 'On the clock' });
      await expect(firstHeader.getByRole('heading', { name: "You're on the clock" })).toBeVisible();
      await expect(firstHeader.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
      await bidThroughPanel(firstPage);

      // The second member's page shows it without a reload, within a few seconds.
      const participants = secondPage.getByRole('region', { name: /^Participants/ });
      await expect(participants.getByRole('listitem').filter({ hasText: FIRST.name })).toContainText('Assigned:', {
        timeout: 5_000,
      });
      await expect(
        secondPage.getByRole('region', { name: 'Session History' }).getByText(`${FIRST.name} bid on`),
      ).toBeVisible({ timeout: 5_000 });

      // Now it is their turn; they bid on the phone, and the session completes.
      await expect(header.getByRole('heading', { name: "You're on the clock" })).toBeVisible({ timeout: 5_000 });
      await bidThroughPanel(secondPage);
      await expect(secondPage.getByLabel('Status: Completed')).toBeVisible({ timeout: 5_000 });
      await expect(firstPage.getByLabel('Status: Completed')).toBeVisible({ timeout: 5_000 });
      await expect(firstPage.getByRole('region', { name: 'Session Info' }).getByText('2 of 2 completed')).toBeVisible();
    } finally {
      // Ended (when still running), so that no later spec finds this session running.
      await endSession(adminPage, sessionId).catch(() => undefined);
      await secondPage.context().close();
      await firstPage.context().close();
      await adminPage.context().close();
    }
  });
});
