import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import {
  callApi,
  createAndStartSession,
  endSession,
  placePhoneInBidForTurnHolder,
  signInAdminInNewContext,
} from '../../fixtures/sessions.ts';

// The session "E2E Dashboard Bid" belongs to this file, and so do its two members, whom no other
// spec uses: Daniel Yilmaz (Firefighter, 2 years) bids before Harper Quinn (Firefighter, 1 year).
// Neither holds a seat in the demo data, and Firefighter seats are free.
const SESSION_NAME = 'E2E Dashboard Bid';
const PARTICIPANTS = ['daniel.yilmaz@stationbid.example', 'harper.quinn@stationbid.example'] as const;

/** The parts of GET /api/admin/stats the spec compares with the screen. */
interface Stats {
  members: { active: number };
  onlineMembers: number;
  seats: { total: number; filled: number };
  sessions: { active: number; paused: number; completed: number };
  bids: { total: number };
}

async function readStats(page: Page): Promise<Stats> {
  return (await callApi<{ stats: Stats }>(page, 'GET', '/admin/stats')).stats;
}

async function openAdminDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

test.describe('admin dashboard', () => {
  test('follows a running session live, pauses it, and its figures match the database afterwards', async ({
    page,
    browser,
  }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // A second administrator places the phone-in bids, as a colleague at another desk would.
    const colleague = await signInAdminInNewContext(browser);
    let sessionId: string | null = null;
    let isRunning = false;
    try {
      const before = await readStats(page);
      sessionId = await createAndStartSession(colleague, {
        name: SESSION_NAME,
        year: 2026,
        startDate: '2026-05-01',
        endDate: '2026-05-31',
        participantEmails: PARTICIPANTS,
      });
      isRunning = true;
      const startedSessionId = sessionId;

      await openAdminDashboard(page);
      const windows = page.getByRole('region', { name: 'Active Bid Windows' });
      const bidWindow = windows.getByRole('article', { name: SESSION_NAME });
      await expect(bidWindow).toContainText('Daniel Yilmaz (Firefighter)');
      await expect(bidWindow.getByRole('timer')).toHaveText(/^[0-5]:\d\d$/);
      await expect(bidWindow).toContainText('0 of 2 participants done');

      // View Live Draft brings the live draft of the running session into view, keyboard included.
      const liveDraft = page.getByRole('region', { name: 'Live Draft' });
      await expect(liveDraft).toContainText(SESSION_NAME);
      await page.getByRole('button', { name: 'View Live Draft' }).focus();
      await page.keyboard.press('Enter');
      await expect(liveDraft).toBeInViewport();

      // A bid placed elsewhere reaches the dashboard on the live stream, without a reload.
      await placePhoneInBidForTurnHolder(colleague, startedSessionId);
      await expect(bidWindow).toContainText('Harper Quinn (Firefighter)');
      await expect(bidWindow).toContainText('1 of 2 participants done');

      await bidWindow.getByRole('button', { name: `Pause ${SESSION_NAME}` }).click();
      await expect(page.getByText(`${SESSION_NAME} paused: the turn clock is stopped`)).toBeVisible();
      await expect(bidWindow.getByText('Paused', { exact: true })).toBeVisible();
      await bidWindow.getByRole('button', { name: `Resume ${SESSION_NAME}` }).click();
      await expect(page.getByText(`${SESSION_NAME} resumed: the turn clock is running again`)).toBeVisible();
      await expect(bidWindow.getByRole('button', { name: `Pause ${SESSION_NAME}` })).toBeVisible();

      // The last bid completes the session: its window goes, and the figures are counted again.
      await placePhoneInBidForTurnHolder(colleague, startedSessionId);
      isRunning = false;
      await expect(bidWindow).toBeHidden();

      const after = await readStats(page);
      expect(after.bids.total).toBe(before.bids.total + 2);
      expect(after.sessions.completed).toBe(before.sessions.completed + 1);
      expect(after.sessions.active + after.sessions.paused).toBe(before.sessions.active + before.sessions.paused);

      const figures = page.getByRole('list', { name: 'Department figures' });
      await expect(figures.getByRole('listitem', { name: 'Bids Placed' })).toContainText(String(after.bids.total));
      await expect(figures.getByRole('listitem', { name: 'Seats Filled' })).toContainText(
        `${after.seats.filled} / ${after.seats.total}`,
      );
      await expect(figures.getByRole('listitem', { name: 'Running Sessions' })).toContainText(
        String(after.sessions.active + after.sessions.paused),
      );
      await expect(figures.getByRole('listitem', { name: 'Active Members' })).toContainText(
        String(after.members.active),
      );

      // The phone-in bids are in everyone's activity, under the member's name and the administrator's.
      const activity = page.getByRole('list', { name: 'Recent activity' });
      await expect(activity.getByText(`Harper Quinn, by ${DEMO_ADMIN.name}`)).toBeVisible();
      await expect(activity.getByText(`Daniel Yilmaz, by ${DEMO_ADMIN.name}`)).toBeVisible();
      // Both administrators are signed in and using the app.
      await expect(page.getByRole('list', { name: 'Online users' })).toContainText(DEMO_ADMIN.name);
    } finally {
      if (sessionId !== null && isRunning) await endSession(colleague, sessionId).catch(() => undefined);
      await colleague.context().close();
    }
  });

  test('on a phone the dashboard fits the screen, and Export Data downloads the members and stations workbook', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await openAdminDashboard(page);
    await expect(page.getByRole('list', { name: 'Department figures' }).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'System Status' })).toContainText('Operational');
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);

    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users');
    await expect(page.getByRole('button', { name: /Manage Permissions|System Settings/ })).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await actions.getByRole('button', { name: 'Export Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^stationbid-data-\d{8}-\d{6}\.xlsx$/);
    await expect(page.getByText('Export completed successfully!')).toBeVisible();
    // An .xlsx is a zip whose directory names each sheet's part: two sheets, Members and Stations.
    const content = await readFile(await download.path());
    expect(content.subarray(0, 2).toString('latin1')).toBe('PK');
    const directory = content.toString('latin1');
    expect(directory).toContain('xl/worksheets/sheet1.xml');
    expect(directory).toContain('xl/worksheets/sheet2.xml');
    expect(directory).not.toContain('xl/worksheets/sheet3.xml');
  });
});
