import { expect, test } from '@playwright/test';
import {
  createAndStartSession,
  endSession,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Bidding Page ..." belong to this file, and so do its two members: no other
// spec signs in as them or puts them in a session.
const SESSION_NAME = 'E2E Bidding Page Session';
const PASSWORD = 'stationbid-member';
/** A Captain with 12 years: the higher seniority score, so the first turn. */
const FIRST = { email: 'derek.lindqvist@stationbid.example', name: 'Derek Lindqvist' };
/** An Engineer with 6 years: second. */
const SECOND = { email: 'owen.gallagher@stationbid.example', name: 'Owen Gallagher' };
const PHONE_VIEWPORT = { width: 375, height: 812 };

test.describe('bidding page', () => {
  test('a member bids by keyboard alone with the one bid action; the next member sees their turn on a phone', async ({
    browser,
  }) => {
    // Two or three sign-ins and a whole session through the UI: more than the default minute on a busy runner.
    test.slow();
    const adminPage = await signInAdminInNewContext(browser);
    const sessionId = await createAndStartSession(adminPage, {
      name: SESSION_NAME,
      description: 'Started by the bidding page browser test.',
      year: 2026,
      startDate: '2026-07-01',
      endDate: '2026-07-31',
      participantEmails: [FIRST.email, SECOND.email],
    });
    const firstPage = await signInInNewContext(browser, FIRST.email, PASSWORD);
    const secondPage = await signInInNewContext(browser, SECOND.email, PASSWORD, PHONE_VIEWPORT);

    try {
      // The second member waits, on a phone.
      await secondPage.goto('/bidding');
      await expect(secondPage.getByRole('heading', { name: 'Bidding', level: 1 })).toBeVisible();
      await expect(secondPage.getByLabel('Session status: Active')).toBeVisible();
      const secondHeader = secondPage.getByRole('region', { name: 'On the clock' });
      await expect(secondHeader.getByRole('heading', { name: `${FIRST.name} is on the clock` })).toBeVisible();
      // One place, the turns away, with the wait as a range; no queue number beside it.
      await expect(secondHeader).toContainText(
        /You're next, (\d+ to \d+ minutes|up to \d+ minutes?|about \d+ minutes?|less than a minute)/,
      );
      await expect(secondHeader).not.toContainText('in queue');
      await expect(secondHeader.getByRole('timer')).toHaveText(/^\d:\d\d$/);
      await expect(
        secondPage.getByRole('button', { name: /^(bid|bid now|place your bid|submit bid.*)$/i }),
      ).toHaveCount(0);
      await expect(
        secondPage.getByRole('region', { name: 'Active Bid Sessions' }).getByRole('link', { name: SESSION_NAME }),
      ).toHaveAttribute('href', `/live-bid/${sessionId}`);
      // Nothing is wider than the phone's screen.
      expect(await secondPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE_VIEWPORT.width,
      );

      // The first member's turn: focus lands in the bid area, and the whole bid is made by keyboard.
      await firstPage.goto('/bidding');
      const header = firstPage.getByRole('region', { name: 'On the clock' });
      await expect(header.getByRole('heading', { name: "You're on the clock" })).toBeVisible();
      await expect(header.getByRole('timer')).toHaveText(/^[45]:\d\d$/);
      const panel = firstPage.getByRole('region', { name: 'Your bid' });
      await expect(panel.getByRole('heading', { name: 'Your bid' })).toBeFocused();
      // One bid button: none of the old ones (banner, card, station grid) is left. ("View Results of
      // ... Bid" in the stats card names a session, not a bid.)
      await expect(firstPage.getByRole('button', { name: /^(bid|bid now|place your bid|submit bid.*)$/i })).toHaveCount(
        1,
      );

      const other = panel.getByRole('radio', { name: /Another free seat/ });
      await other.focus();
      await firstPage.keyboard.press('Space');
      await expect(other).toBeChecked();
      for (const label of ['Station', 'Shift', 'Position']) {
        const select = panel.getByLabel(label);
        await select.focus();
        // The first real option (the one after "Choose ...") by keyboard.
        await firstPage.keyboard.press('ArrowDown');
        await expect(select).not.toHaveValue('');
      }
      const bid = panel.getByRole('button', { name: 'Bid', exact: true });
      await bid.focus();
      await firstPage.keyboard.press('Enter');
      const dialog = firstPage.getByRole('dialog', { name: /^Bid for Station \d+, [ABC] shift, Captain\?$/ });
      await expect(dialog.getByRole('button', { name: 'Confirm bid' })).toBeFocused();
      await firstPage.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(panel).toBeHidden();
      // The award, in a lasting card in the header's place (not a passing toast).
      await expect(
        firstPage.getByRole('region', { name: /^You got Station \d+ · [ABC] shift · Captain$/ }),
      ).toBeVisible();

      // The second member's phone shows their turn without a reload.
      await expect(secondHeader.getByRole('heading', { name: "You're on the clock" })).toBeVisible({
        timeout: 15_000,
      });
      await expect(secondPage.getByRole('region', { name: 'Your bid' })).toBeVisible();
      const status = secondPage.getByRole('region', { name: 'Live Session Status' });
      await expect(status.getByRole('progressbar', { name: 'Session progress' })).toHaveAttribute('aria-valuenow', '1');
    } finally {
      await endSession(adminPage, sessionId);
      await Promise.all([adminPage, firstPage, secondPage].map((page) => page.context().close()));
    }
  });
});
