import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../fixtures/accounts.ts';
import { signInThroughForm } from '../fixtures/auth.ts';

// The session "E2E Bid History" belongs to this file. Its members are signed in by no other spec:
// Sofia Marchetti (Engineer) and Mia Sullivan (Firefighter). The administrator takes part too, and
// exports from their own Bid History as a member does. Every bid is a phone-in bid placed through the API, so the session completes at once.
const SESSION_NAME = 'E2E Bid History';
const PASSWORD = 'stationbid-member';
const MEMBERS = {
  sofia: { email: 'sofia.marchetti@stationbid.example', name: 'Sofia Marchetti' },
  mia: { email: 'mia.sullivan@stationbid.example', name: 'Mia Sullivan' },
} as const;
type Shift = 'A' | 'B' | 'C';
type SeatPosition = 'Captain' | 'Lieutenant' | 'Engineer' | 'Firefighter';

interface OfferedStation {
  id: string;
  name: string;
  number: number;
  availablePositions: Record<Shift, { position: SeatPosition; count: number }[]>;
}
interface SessionDetail {
  id: string;
  status: string;
  currentTurn: { user: { id: string; rank: string; firstName: string; lastName: string } } | null;
  availableStations: OfferedStation[];
}

/** The seat each member won, by name, for the checks below. */
const seatsWon = new Map<string, { station: string; shift: Shift }>();

/** The domain's rule (getSeatPositionForRank): Captain and every higher rank sit in the Captain's seat. */
function seatPositionForRank(rank: string): SeatPosition {
  if (rank === 'Firefighter' || rank === 'Engineer' || rank === 'Lieutenant') return rank;
  return 'Captain';
}

/** Calls the API as the signed-in administrator, with the token the app stored. */
async function callApi<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

function findFreeSeat(session: SessionDetail, position: SeatPosition) {
  // From the last station and shift C backwards, away from the seats other specs look at.
  for (const station of [...session.availableStations].reverse()) {
    for (const shift of ['C', 'B', 'A'] as const) {
      if (station.availablePositions[shift].some((seat) => seat.position === position && seat.count > 0)) {
        return { station, shift };
      }
    }
  }
  throw new Error(`No free ${position} seat in the session`);
}

/** The administrator creates the session, starts it and bids by phone for everyone until it completes. */
async function runSessionToCompletion(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const { users } = await callApi<{ users: { id: string; email: string }[] }>(page, 'GET', '/admin/users');
  const participantIds = [DEMO_ADMIN.email, MEMBERS.sofia.email, MEMBERS.mia.email].map((email) => {
    const member = users.find((user) => user.email === email);
    if (member === undefined) throw new Error(`No member ${email}`);
    return member.id;
  });
  const { session } = await callApi<{ session: SessionDetail }>(page, 'POST', '/bid-sessions', {
    name: SESSION_NAME,
    year: 2026,
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    participantIds,
  });
  await callApi(page, 'POST', `/bid-sessions/${session.id}/start`, {});

  for (let turn = 0; turn < participantIds.length; turn += 1) {
    const { session: running } = await callApi<{ session: SessionDetail }>(page, 'GET', `/bid-sessions/${session.id}`);
    const holder = running.currentTurn;
    if (holder === null) throw new Error(`No turn holder at turn ${turn + 1}`);
    const position = seatPositionForRank(holder.user.rank);
    const { station, shift } = findFreeSeat(running, position);
    await callApi(page, 'POST', '/bid-sessions/submit-bid', {
      sessionId: session.id,
      bidData: { station: station.id, shift, position },
      userId: holder.user.id,
    });
    seatsWon.set(`${holder.user.firstName} ${holder.user.lastName}`, {
      station: `Station ${station.number} (${station.name})`,
      shift,
    });
  }
  const { session: done } = await callApi<{ session: SessionDetail }>(page, 'GET', `/bid-sessions/${session.id}`);
  expect(done.status).toBe('completed');
  await context.close();
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

    await dialog.getByRole('tab', { name: 'Participants' }).click();
    const participants = dialog.getByRole('table', { name: 'Participants' });
    for (const member of Object.values(MEMBERS)) {
      const participant = participants.getByRole('row', { name: new RegExp(member.name) });
      await expect(participant).toContainText('Assigned');
      await expect(participant).not.toContainText('Not Assigned');
      await expect(participant).toContainText(seatsWon.get(member.name)?.station ?? 'missing seat');
    }

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

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughForm(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await adminPage.goto('/bid-history');
    await adminPage.getByRole('button', { name: `View Results of ${SESSION_NAME}` }).click();
    const adminDialog = adminPage.getByRole('dialog', { name: `Results of ${SESSION_NAME}` });
    const downloading = adminPage.waitForEvent('download');
    await adminDialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(adminPage.getByText('Export completed successfully!')).toBeVisible();
    await adminContext.close();
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
    await expect(participants.getByRole('listitem').filter({ hasText: MEMBERS.mia.name })).toContainText('Assigned');
    await dialog.getByRole('tab', { name: 'Session History' }).click();
    await expect(dialog.getByRole('list', { name: 'Session history' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  });
});
