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
  test('a member picks a station in the grid by keyboard and bids; the next member sees their turn on a phone', async ({
    browser,
  }) => {
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
      const position = secondPage.getByRole('region', { name: 'Your Position' });
      await expect(position.getByText('#2 in queue')).toBeVisible();
      await expect(position.getByText('You are next!')).toBeVisible();
      const status = secondPage.getByRole('region', { name: 'Live Session Status' });
      await expect(status).toContainText(`Bidding now${FIRST.name}`);
      await expect(status.getByRole('timer')).toHaveText(/^\d:\d\d$/);
      const secondStations = secondPage.getByRole('region', { name: 'Available Stations' });
      await expect(secondStations.getByText('Waiting for your turn')).toBeVisible();
      await expect(
        secondPage.getByRole('region', { name: 'Active Bid Sessions' }).getByRole('link', { name: SESSION_NAME }),
      ).toHaveAttribute('href', `/live-bid/${sessionId}`);
      // Nothing is wider than the phone's screen.
      expect(await secondPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE_VIEWPORT.width,
      );

      // The first member's turn: a station is picked in the grid by keyboard, then Submit Bid.
      await firstPage.goto('/bidding');
      const banner = firstPage.getByRole('region', { name: "It's Your Turn!" });
      await expect(banner).toBeVisible();
      const countdown = firstPage.getByRole('region', { name: 'Your Turn!', exact: true }).getByRole('timer');
      await expect(countdown).toHaveText(/^[45]:\d\d$/);
      const stations = firstPage.getByRole('region', { name: 'Available Stations' });
      const submitFromGrid = stations.getByRole('button', { name: 'Submit Bid', exact: true });
      await submitFromGrid.click();
      await expect(stations.getByRole('alert')).toHaveText('Please select a station first');

      const selectStation = stations.getByRole('button', { name: /^Select Station \d+$/ }).first();
      await selectStation.focus();
      await firstPage.keyboard.press('Enter');
      await expect(selectStation).toHaveAttribute('aria-pressed', 'true');
      // The chosen station's own Submit Bid, beside it in the list (no scrolling back up on a phone).
      await stations.getByRole('button', { name: /^Submit Bid for Station \d+$/ }).click();

      const dialog = firstPage.getByRole('dialog', { name: 'Place Your Bid' });
      await expect(dialog.getByLabel('Station')).not.toHaveValue('');
      const submit = dialog.getByRole('button', { name: 'Submit Bid' });
      await expect(submit).toBeDisabled();
      await dialog.getByLabel('Shift').selectOption({ index: 1 });
      await dialog.getByLabel('Position').selectOption({ index: 1 });
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(
        firstPage.getByText(/^Bid submitted successfully! Station: .+, Shift: [ABC], Position: Captain$/),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(banner).toBeHidden();
      await expect(stations.getByText('Waiting for your turn')).toBeVisible();

      // The second member's phone shows their turn without a reload.
      await expect(secondPage.getByRole('region', { name: "It's Your Turn!" })).toBeVisible({ timeout: 15_000 });
      await expect(status.getByRole('progressbar', { name: 'Session progress' })).toHaveAttribute('aria-valuenow', '1');
    } finally {
      await endSession(adminPage, sessionId);
      await Promise.all([adminPage, firstPage, secondPage].map((page) => page.context().close()));
    }
  });
});
