import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { type Mailbox, openMailbox } from '../../fixtures/mailbox.ts';
import { callApi, signInAdminInNewContext } from '../../fixtures/sessions.ts';

const MEMBER = {
  firstName: 'Pat',
  lastName: 'Forgetful',
  email: 'pat.forgetful@stationbid.example',
  employeeId: 'E2E-RESET-1',
  password: 'the-old-password',
};
const NEW_PASSWORD = 'a-fresh-password-42';

let mailbox: Mailbox;
let adminPage: Page;
let memberId: string;

test.beforeAll(async ({ browser }) => {
  mailbox = await openMailbox();
  adminPage = await signInAdminInNewContext(browser);
  const created = await callApi<{ user: { id: string } }>(adminPage, 'POST', '/admin/users', MEMBER);
  memberId = created.user.id;
});

test.afterAll(async () => {
  // Leave the department as the other specs expect it.
  await adminPage.evaluate(async (id) => {
    await fetch(`/api/admin/users/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
  }, memberId);
  await adminPage.context().close();
  await mailbox.close();
});

/** Waits for the app's outbox to deliver the reset e-mail and returns its link. */
async function readResetLink(): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const message = mailbox.messages.find((candidate) => candidate.to.includes(MEMBER.email));
        link = /^(http\S+\/reset-password\/\S+)$/m.exec(message?.text ?? '')?.[1];
        return message?.subject;
      },
      { timeout: 20_000 },
    )
    .toBe('Reset your StationBid password');
  if (!link) throw new Error('the reset e-mail carries no link');
  return link;
}

test('a member who forgot their password resets it from the e-mailed link and signs in with the new one', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('a link to reset the password is on its way');

  const link = await readResetLink();
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill('not-the-same-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText('Password reset successfully');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('another-password-99');
  await page.getByLabel('Confirm New Password').fill('another-password-99');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInThroughForm(page, MEMBER.email, NEW_PASSWORD);
  await expect(page.getByRole('banner').getByText(`Welcome, ${MEMBER.firstName} ${MEMBER.lastName}`)).toBeVisible();
});
