import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

test.describe('signing in', () => {
  test('the demo administrator signs in, sees the welcome line and Admin badge, opens an admin page and logs out', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(`Welcome, ${DEMO_ADMIN.name}`)).toBeVisible();
    await expect(banner.getByText('Admin', { exact: true })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'User Management' })
      .click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    // Signed out for real: the admin page now sends the visitor to sign in, and back there after.
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);
  });

  test('a member is sent from /admin to /dashboard and sees no admin entries', async ({ page }) => {
    await signInThroughForm(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await expect(page.getByRole('banner').getByText(`Welcome, ${DEMO_MEMBER.name}`)).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  });

  test('a wrong password shows its error and keeps the visitor on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the form explains what is missing before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('signing in works by keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(DEMO_MEMBER.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_MEMBER.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the navigation is a drawer behind the menu button', async ({ page }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Station Management' })).toBeHidden();

    await page.getByRole('button', { name: /navigation/i }).click();
    await expect(navigation.getByRole('link', { name: 'Station Management' })).toBeVisible();
    await navigation.getByRole('link', { name: 'Station Management' }).click();
    await expect(page).toHaveURL(/\/admin\/stations$/);
    await expect(page.getByRole('heading', { name: 'Station Management', level: 1 })).toBeVisible();
    // The drawer closes after choosing a page, so the page is usable.
    await expect(navigation.getByRole('link', { name: 'Station Management' })).toBeHidden();
  });
});
