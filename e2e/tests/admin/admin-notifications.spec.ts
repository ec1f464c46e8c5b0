import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { type Mailbox, openMailbox } from '../../fixtures/mailbox.ts';
import { callApi, findMemberIdsByEmail } from '../../fixtures/sessions.ts';

/** A demo member no other spec uses: the test e-mail goes to them. */
const RECIPIENT = { email: 'liam.oconnell@stationbid.example', name: "Liam O'Connell" };
const SESSION_NAME = 'Notification check (e2e)';

interface ChannelStatus {
  isConfigured: boolean;
  lastSentAt: string | null;
  queued: number;
  failed: number;
}

let mailbox: Mailbox;

test.beforeAll(async () => {
  mailbox = await openMailbox();
});

test.afterAll(async () => {
  await mailbox.close();
});

/** A session scheduled years ahead, so that it can be notified but never starts during the run. */
async function createScheduledSession(page: Page): Promise<string> {
  const [memberId] = await findMemberIdsByEmail(page, [RECIPIENT.email]);
  const { session } = await callApi<{ session: { id: string } }>(page, 'POST', '/bid-sessions', {
    name: SESSION_NAME,
    year: 2035,
    startDate: '2035-03-01',
    endDate: '2035-03-31',
    scheduledStart: '2035-03-01T08:00:00.000Z',
    participantIds: [memberId],
  });
  return session.id;
}

async function deleteSession(page: Page, sessionId: string): Promise<void> {
  await page.evaluate(async (id) => {
    await fetch(`/api/bid-sessions/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
  }, sessionId);
}

async function readStatus(page: Page) {
  return callApi<{ status: { email: ChannelStatus; sms: ChannelStatus } }>(page, 'POST', '/notifications/management', {
    action: 'get-status',
  });
}

test('the administrator sees real delivery figures and sends a test e-mail that arrives', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const sessionId = await createScheduledSession(page);
  try {
    await page.getByRole('link', { name: 'Notification Management' }).click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notification Management', level: 1 })).toBeVisible();

    // The e2e server has SMTP settings (the test mailbox) and no SMS account.
    const email = page.getByRole('region', { name: 'E-mail delivery' });
    const sms = page.getByRole('region', { name: 'SMS delivery' });
    await expect(email.getByText('Configured', { exact: true })).toBeVisible();
    await expect(sms.getByText('Not configured', { exact: true })).toBeVisible();
    await expect(sms.getByText(/SMS is not configured/)).toBeVisible();
    // Nothing sends SMS here, so its figures hold still and must be the server's.
    const before = await readStatus(page);
    await expect(sms.getByText('Queued', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
      String(before.status.sms.queued),
    );
    await expect(sms.getByText('Failed', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
      String(before.status.sms.failed),
    );

    await page.getByRole('tab', { name: 'Test Notifications' }).click();
    await page.getByRole('button', { name: 'Send Test' }).click();
    await expect(page.getByRole('alert')).toContainText('Please select both a user and a session');

    const customMessage = `Checking delivery ${Date.now()}`;
    // Typing narrows the searchable lists, as a person with a long roster would.
    await page.getByRole('combobox', { name: 'User' }).fill('liam.oconnell');
    await page.getByRole('option', { name: `${RECIPIENT.name} (${RECIPIENT.email})` }).click();
    await page.getByRole('combobox', { name: 'Session' }).fill('Notification check');
    await page.getByRole('option', { name: /Notification check \(e2e\) \(Scheduled, 1 participant\)/ }).click();
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await page.getByRole('textbox', { name: /Custom message/ }).fill(customMessage);
    await page.getByRole('button', { name: 'Send Test' }).click();
    await expect(page.getByText(`Test e-mail queued for ${RECIPIENT.email}`)).toBeVisible();

    await expect
      .poll(
        () =>
          mailbox.messages.find(
            (message) => message.to.includes(RECIPIENT.email) && message.text.includes(customMessage),
          ) !== undefined,
        { timeout: 20_000 },
      )
      .toBe(true);

    // Delivered: the status says so once refreshed.
    await page.getByRole('tab', { name: 'System Status' }).click();
    await expect
      .poll(async () => (await readStatus(page)).status.email.lastSentAt !== null, { timeout: 10_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(
      email.getByText('Last delivered', { exact: true }).locator('xpath=following-sibling::*[1]'),
    ).toHaveText('Just now');

    // On a phone 375 px wide the status and its failures table fit without scrolling the page sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(email).toBeVisible();
    // Polled: the sidebar slides away into the drawer for a moment after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  } finally {
    await deleteSession(page, sessionId);
  }
});

test('a member is sent to the dashboard, and the API refuses them', async ({ page }) => {
  await signInThroughForm(page, RECIPIENT.email, 'stationbid-member');
  await page.goto('/admin/notifications');
  await expect(page).toHaveURL(/\/dashboard$/);
  const refusal = await page.evaluate(async () => {
    const response = await fetch('/api/notifications/management', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'get-status' }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(refusal).toEqual({
    status: 403,
    body: { error: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' },
  });
});
