import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { type Mailbox, openMailbox } from '../../fixtures/mailbox.ts';
import { callApi, createAndStartSession, endSession, signInAdminInNewContext } from '../../fixtures/sessions.ts';

// A member of this file only, so no other spec sees the session in their history.
const MEMBER = {
  firstName: 'Remi',
  lastName: 'Nder',
  email: 'remi.nder@stationbid.example',
  employeeId: 'E2E-REMIND-1',
  password: 'remi-the-reminded',
};
const SESSION_NAME = 'E2E Reminder Bid';
const CUSTOM_MESSAGE = 'Results are posted; check your new seat.';

let mailbox: Mailbox;
let adminPage: Page;
let memberId: string;

test.beforeAll(async ({ browser }) => {
  mailbox = await openMailbox();
  adminPage = await signInAdminInNewContext(browser);
  const created = await callApi<{ user: { id: string } }>(adminPage, 'POST', '/admin/users', MEMBER);
  memberId = created.user.id;
  const sessionId = await createAndStartSession(adminPage, {
    name: SESSION_NAME,
    year: 2026,
    startDate: '2026-04-01',
    endDate: '2026-04-30',
    participantEmails: [MEMBER.email],
  });
  await endSession(adminPage, sessionId);
});

test.afterAll(async () => {
  await adminPage.evaluate(async (id) => {
    await fetch(`/api/admin/users/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
  }, memberId);
  await adminPage.context().close();
  await mailbox.close();
});

test('the administrator sends a reminder with a message to a session, and the member receives it', async ({ page }) => {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/bid-sessions');
  await page.getByRole('button', { name: `Reminders ${SESSION_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Send Reminders: ${SESSION_NAME}` });
  await expect(dialog.getByText('1 of 1 participants have an e-mail address', { exact: false })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Custom message (optional)' }).fill(CUSTOM_MESSAGE);
  await dialog.getByRole('button', { name: 'Send Reminders' }).click();
  await expect(dialog.getByText('Reminders sent successfully! 1 email sent, 0 failed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(
      () =>
        mailbox.messages.find(
          (message) => message.to.includes(MEMBER.email) && message.subject === `Reminder: ${SESSION_NAME}`,
        )?.text ?? '',
      { timeout: 20_000 },
    )
    .toContain(`Message from your administrator:\n${CUSTOM_MESSAGE}`);
});
