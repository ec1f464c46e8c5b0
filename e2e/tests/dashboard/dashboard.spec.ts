import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';
import {
  callApi,
  createAndStartSession,
  createMember,
  endSession,
  type NewMember,
  placePhoneInBidForTurnHolder,
  signInAdminInNewContext,
  specFirefighters,
} from '../../fixtures/sessions.ts';

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

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

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

/** The page fits the screen: nothing scrolls sideways (once the layout has followed a new width). */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe('member dashboard', () => {
  test.use({ viewport: DESKTOP });

  test('the member sees their turn as soon as the administrator starts the session, and a pause puts it on hold', async ({
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
    await expect(page.getByText("It's your turn to bid!")).toBeHidden();
    // The system's health is for administrators; the department place is on the seniority page.
    await expect(page.getByRole('region', { name: 'Current Bid Status' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'System Status' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(/#\d+ in queue/);

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
      // One truth: nothing beside it says no session runs, and the session's terms agree.
      await expect(page.getByRole('heading', { name: 'No Active Bid Sessions' })).toHaveCount(0);
      const terms = page.getByRole('region', { name: 'Current Bid Status' });
      await expect(terms).toContainText(SESSION_NAME);
      await expect(terms).toContainText('StatusActive');

      // The engine writes a turn_started notification as the turn begins; it may land just after.
      const notifications = page.getByRole('region', { name: 'Notifications' });
      await expect(async () => {
        await page.reload();
        await expect(notifications.getByRole('button', { name: 'Your bid time has begun Unread' })).toBeVisible({
          timeout: 3000,
        });
      }).toPass({ timeout: 20_000 });
      await expect(notifications).toContainText(`It is your turn to bid in ${SESSION_NAME}`);

      // The administrator pauses: the card no longer says it is the member's turn to bid.
      await callApi(adminPage, 'POST', '/bid-sessions/session-actions', { sessionId, action: 'pause' });
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        const onHold = page.getByRole('region', { name: 'Session paused: your turn is on hold' });
        await expect(onHold).toBeVisible({ timeout: 15_000 });
        await expect(onHold.getByRole('timer')).toHaveText(/^\d:\d{2}$/);
        await expect(onHold).toContainText('no bid can be made until the administrator resumes');
        await expect(page.getByText(/your turn to bid!/i)).toHaveCount(0);
        await expect(page.getByRole('link', { name: 'Bid Now' })).toHaveCount(0);
        await expect(terms).toContainText('StatusPaused');
        await expectNoSidewaysScroll(page, viewport.width);
      }
    } finally {
      if (sessionId !== undefined) await endSession(adminPage, sessionId).catch(() => undefined);
      await adminPage.context().close();
    }
  });

  test('a waiting member sees one place in the session and the wait as a range, on a phone and a desktop', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const runId = Date.now().toString(36);
    // Avery is the most senior and bids first, then Blair; Casey waits with two ahead of her.
    const members = specFirefighters('Dash', 'DB', runId, [30, 20, 10]);
    const [, , casey] = members as [NewMember, NewMember, NewMember];
    const adminPage = await signInAdminInNewContext(browser);
    let sessionId: string | undefined;
    try {
      for (const member of members) await createMember(adminPage, member);
      sessionId = await createAndStartSession(adminPage, {
        name: `E2E Dashboard Wait ${runId}`,
        year: 2026,
        startDate: '2026-06-01',
        endDate: '2026-06-30',
        participantEmails: members.map((member) => member.email),
      });

      await signInThroughForm(page, casey.email, casey.password);
      const banner = page.getByRole('region', { name: 'Current bid session' });
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await expect(banner.getByText('2 people ahead of you')).toBeVisible();
        // A range, lower figure first: no pick yet, so a minute a turn at least; at most the turn
        // holder's rest and Blair's whole window.
        const wait = banner.getByText(/^Your turn in /);
        await expect(wait).toHaveText(/^Your turn in \d+ to \d+ minutes$/);
        const [lower, upper] = ((await wait.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
        expect(lower).toBeLessThan(upper ?? 0);
        // One number for the place: no "#N" anywhere on the page, and no "It's your turn".
        await expect(page.getByRole('main')).not.toContainText(/#\d/);
        await expect(page.getByText(/your turn to bid/i)).toHaveCount(0);
        await expectNoSidewaysScroll(page, viewport.width);
      }

      // Avery's turn ends with a phone-in bid: the place moves on live, and the range with it.
      await placePhoneInBidForTurnHolder(adminPage, sessionId);
      await expect(banner.getByText("You're next")).toBeVisible({ timeout: 15_000 });
      await expect(banner.getByText('2 people ahead of you')).toHaveCount(0);
      await expect(banner.getByText(/^Your turn in /)).toHaveText(
        /^Your turn in (\d+ to \d+ minutes|up to \d+ minutes)$/,
      );
    } finally {
      if (sessionId !== undefined) await endSession(adminPage, sessionId).catch(() => undefined);
      await adminPage.context().close();
    }
  });
});
