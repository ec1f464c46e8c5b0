import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';

/*
 * Each test signs in as its own demo member, one no other spec uses, because these tests change
 * what they sign in with: names, contacts and a password.
 */
const MEMBER_PASSWORD = 'stationbid-member';
const EDITING_MEMBER = { email: 'grace.whitfield@stationbid.example', firstName: 'Grace', lastName: 'Whitfield' };
const PASSWORD_MEMBER = { email: 'tomas.kowalski@stationbid.example', name: 'Tomas Kowalski' };
const RANK_MEMBER = { email: 'naomi.fischer@stationbid.example', rank: 'Lieutenant' };
const PHONE_MEMBER = { email: 'lucy.tran@stationbid.example' };

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

test.describe('the profile page', () => {
  test('a member edits their name, phone and emergency contact, and the changes stay after a reload', async ({
    page,
  }) => {
    await signInThroughForm(page, EDITING_MEMBER.email, MEMBER_PASSWORD);
    await openProfile(page);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(page.getByLabel('First Name')).toHaveValue(EDITING_MEMBER.firstName);
    await expect(save).toBeDisabled();

    await page.getByLabel('First Name').fill('Gracie');
    await page.getByLabel('Phone', { exact: true }).fill('(555) 201-0188');
    const emergencyContact = page.getByRole('region', { name: 'Emergency Contact' });
    await emergencyContact.getByLabel('Contact Name').fill('Tom Whitfield');
    await emergencyContact.getByLabel('Contact Phone').fill('555-0111');
    await emergencyContact.getByLabel('Relationship').fill('Brother');
    await save.click();

    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByRole('banner').getByText(`Welcome, Gracie ${EDITING_MEMBER.lastName}`)).toBeVisible();
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Gracie');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 201-0188');
    await expect(emergencyContact.getByLabel('Contact Name')).toHaveValue('Tom Whitfield');
    await expect(emergencyContact.getByLabel('Contact Phone')).toHaveValue('555-0111');
    await expect(emergencyContact.getByLabel('Relationship')).toHaveValue('Brother');
    await expect(page.getByRole('banner').getByText(`Welcome, Gracie ${EDITING_MEMBER.lastName}`)).toBeVisible();

    // Her name back as the demo data has it: the session administration spec picks her by name.
    await page.getByLabel('First Name').fill(EDITING_MEMBER.firstName);
    await save.click();
    await expect(
      page.getByRole('banner').getByText(`Welcome, ${EDITING_MEMBER.firstName} ${EDITING_MEMBER.lastName}`),
    ).toBeVisible();
  });

  test('a member changes their password; the old one no longer signs in and the new one does', async ({ page }) => {
    const newPassword = 'engine-company-7';
    await signInThroughForm(page, PASSWORD_MEMBER.email, MEMBER_PASSWORD);
    await openProfile(page);

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await expect(page.getByText('Password changed successfully')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Current Password', exact: true })).toHaveCount(0);
    // This sign-in is kept: the page still works without signing in again.
    await page.reload();
    await expect(page.getByRole('banner').getByText(`Welcome, ${PASSWORD_MEMBER.name}`)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(PASSWORD_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughForm(page, PASSWORD_MEMBER.email, newPassword);
    await expect(page.getByRole('banner').getByText(`Welcome, ${PASSWORD_MEMBER.name}`)).toBeVisible();
  });

  test('a member cannot change their own rank, on the page or by calling the API', async ({ page }) => {
    await signInThroughForm(page, RANK_MEMBER.email, MEMBER_PASSWORD);
    await openProfile(page);
    const professional = page.getByRole('region', { name: 'Professional Information' });
    const rank = professional.getByLabel('Rank', { exact: true });
    await expect(rank).toHaveValue(RANK_MEMBER.rank);
    await expect(rank).not.toBeEditable();
    await expect(
      professional.getByText('Only an administrator can change these, because they decide bid priority.'),
    ).toBeVisible();

    // Going around the page does not help: the server refuses it.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/users/profile', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ rank: 'Chief' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      error: 'Rank, position, years of service and employee ID can only be changed by an administrator.',
      code: 'FORBIDDEN',
    });

    await page.reload();
    await expect(professional.getByLabel('Rank', { exact: true })).toHaveValue(RANK_MEMBER.rank);
  });
});

test.describe('the profile page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the form fits the screen and can be saved', async ({ page }) => {
    await signInThroughForm(page, PHONE_MEMBER.email, MEMBER_PASSWORD);
    await page.getByRole('button', { name: /navigation/i }).click();
    await openProfile(page);

    const phone = page.getByLabel('Phone', { exact: true });
    await phone.fill('(555) 201-0123');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await save.tap();

    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    // Nothing sticks out sideways, so nothing needs a sideways scroll.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);

    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(555) 201-0123');
  });
});
