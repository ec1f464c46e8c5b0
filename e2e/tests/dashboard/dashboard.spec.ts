import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { callApi, createAndStartSession, signInAdminInNewContext } from '../../fixtures/sessions.ts';

// Marcus Bell belongs to this file: no other spec signs in as him. He is a Captain (Officer, 16
// years, score 480) holding Station 3, shift B in the demo data. In the session made here he has the
// highest score of the three participants, so he holds the first turn.
const MEMBER = { email: 'marcus.bell@stationbid.example', password: 'stationbid-member' };
const PARTICIPANTS = [
  { name: 'Marcus Bell', email: MEMBER.email },
  { name: 'Hannah Okafor', email: 'hannah.okafor@stationbid.example' },
  { name: 'Caleb Murphy', email: 'caleb.murphy@stationbid.example' },
] as const;
const SESSION_NAME = 'E2E Dashboard Turn';

/** As the administrator: creates the session of `PARTICIPANTS` and starts it; answers its id. */
function startDashboardSession(adminPage: Page): Promise<string> {
  return createAndStartSession(adminPage, {
    name: SESSION_NAME,
    description: 'Started by the dashboard browser test.',
    year: 2026,
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    participantEmails: PARTICIPANTS.map((participant) => participant.email),
  });
}

/** Pauses the session again, so its turn clock cannot assign seats behind the later specs' backs. */
async function pauseSession(adminPage: Page, sessionId: string): Promise<void> {
  await callApi(adminPage, 'POST', '/bid-sessions/session-actions', { sessionId, action: 'pause' });
}

test.describe('member dashboard', () => {
  test('the member sees where they stand, then their turn as soon as the administrator starts the session', async ({
    page,
    browser,
  }) => {
    await signInThroughForm(page, MEMBER.email, MEMBER.password);
    await expect(page.getByRole('heading', { name: 'Welcome back, Marcus!' })).toBeVisible();
    const welcome = page.getByRole('region', { name: 'Welcome' });
    await expect(welcome).toContainText('Captain · Officer');
    await expect(welcome).toContainText(/Station 3 · \S+/);
    await expect(welcome).toContainText('Shift B');
    // The demo session is a draft: nothing runs yet.
    await expect(page.getByRole('heading', { name: 'No Active Bid Sessions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'System Status' })).toContainText('All systems operational');
    await expect(page.getByText("It's your turn to bid!")).toBeHidden();

    const adminPage = await signInAdminInNewContext(browser);
    let sessionId: string | undefined;
    try {
      sessionId = await startDashboardSession(adminPage);

      // No reload: the dashboard's 10-second poll brings the session and the turn.
      const banner = page.getByRole('region', { name: "It's your turn to bid!" });
      await expect(banner).toBeVisible({ timeout: 15_000 });
      const timer = banner.getByRole('timer');
      await expect(timer).toHaveText(/^[45]:\d{2}$/);
      const first = await timer.textContent();
      await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
      await expect(banner.getByRole('link', { name: 'Bid Now' })).toHaveAttribute('href', /^\/live-bid\/[\w-]+$/);
      await expect(page.getByRole('region', { name: 'Current bid session' })).toContainText(SESSION_NAME);
      await expect(page.getByRole('region', { name: 'Current Bid Status' })).toContainText('Your position#1');

      // The engine writes a turn_started notification as the turn begins; it may land just after.
      const notifications = page.getByRole('region', { name: 'Notifications' });
      await expect(async () => {
        await page.reload();
        await expect(notifications.getByRole('button', { name: 'Your bid time has begun Unread' })).toBeVisible({
          timeout: 3000,
        });
      }).toPass({ timeout: 20_000 });
      await expect(notifications).toContainText(`It is your turn to bid in ${SESSION_NAME}`);

      // On a phone the page fits the screen.
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(page.getByRole('region', { name: "It's your turn to bid!" })).toBeVisible();
      // Once the layout has followed the new width (the shell's phone mode comes with a re-render).
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      if (sessionId !== undefined) await pauseSession(adminPage, sessionId).catch(() => undefined);
      await adminPage.context().close();
    }
  });
});
