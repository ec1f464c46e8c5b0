import { expect, type Page, test } from '@playwright/test';
import { DEMO_MEMBER } from '../../fixtures/accounts.ts';
import { E2E_OIDC_NAME, type OidcProvider, openOidcProvider } from '../../fixtures/oidc-provider.ts';

let provider: OidcProvider;

test.beforeAll(async ({ baseURL, request }) => {
  provider = await openOidcProvider(String(baseURL), {
    elena: { email: DEMO_MEMBER.email, email_verified: true, given_name: 'Elena', family_name: 'Ramirez' },
    stranger: { email: 'stranger@city.example', email_verified: true },
  });
  // The server discovers the provider on first use and waits 15 s after a failed try (another spec may
  // have asked while no provider ran): wait until it knows the provider's sign-out page.
  await expect
    .poll(async () => (await (await request.get('/api/auth/oidc/config')).json()).endSessionUrl, { timeout: 30_000 })
    .toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
});

test.afterAll(async () => {
  await provider?.close();
});

/** The provider's development pages: its login form (any password), then its consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`single sign-on at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a member signs in with the provider and lands on the dashboard', async ({ page }) => {
      await page.goto('/login');
      const button = page.getByRole('link', { name: `Sign in with ${E2E_OIDC_NAME}` });
      await expect(button).toBeVisible();
      await button.focus();
      await page.keyboard.press('Enter');

      await signInAtProvider(page, 'elena');

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('banner').getByText(`Welcome, ${DEMO_MEMBER.name}`)).toBeVisible();

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('link', { name: `Also sign out of ${E2E_OIDC_NAME}` })).toBeVisible();
    });

    test('a person no member matches is told to ask an administrator', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('link', { name: `Sign in with ${E2E_OIDC_NAME}` }).click();
      await signInAtProvider(page, 'stranger');

      await expect(page).toHaveURL(/\/auth\/sso\?error=unknown_member$/);
      await expect(page.getByRole('heading', { name: 'Could not sign you in' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Ask your administrator to add you.');
      await page.getByRole('link', { name: 'Back to sign-in' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}
