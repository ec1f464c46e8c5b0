import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

/**
 * Integrations: an administrator creates an API token in the browser and copies its secret, another
 * system calls the API with it (a route of its scope works, any other is refused), and after the
 * administrator revokes it in the browser every call is refused. At a phone's and a laptop's size.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Creates a token through the dialog, by label, and answers the secret the dialog shows once. */
async function createTokenInBrowser(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API token' }).click();
  const form = page.getByRole('form', { name: 'Create API token' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: /sessions:read/ }).check();
  await form.getByRole('combobox', { name: 'Expires' }).selectOption({ label: 'In 30 days' });
  // Submitted from the keyboard, as a person tabbing through the form would.
  await form.getByRole('button', { name: 'Create token' }).focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: `API token "${name}" created` });
  await expect(dialog.getByText('This token will not be shown again.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const secret = await dialog.getByRole('textbox', { name: 'API token' }).inputValue();
  expect(secret).toMatch(/^sbt_[A-Za-z0-9_-]{43,}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return secret;
}

for (const viewport of VIEWPORTS) {
  test.describe(`API tokens at ${viewport.width}x${viewport.height}`, () => {
    test('a token made in the browser reads sessions, is refused elsewhere, and stops working once revoked', async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/admin/integrations');
      await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

      // Unique per run: a retry must not meet the first attempt's token under the same name.
      const name = `E2E scheduler ${viewport.width} ${Date.now().toString(36)}`;
      const secret = await createTokenInBrowser(page, name);
      const row = page.getByRole('listitem', { name });
      await expect(row).toContainText('Active');
      await expect(row).toContainText('sessions:read');
      await expect(page.getByText(secret)).toHaveCount(0);

      const headers = { authorization: `Bearer ${secret}` };
      const sessions = await request.get('/api/bid-sessions', { headers });
      expect(sessions.status(), await sessions.text()).toBe(200);
      expect(await sessions.json()).toHaveProperty('sessions');
      const profile = await request.get('/api/users/profile', { headers });
      expect(profile.status()).toBe(403);
      expect((await profile.json()).error).toContain('API tokens can only call integration routes');

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke API token' });
      await confirm.getByRole('button', { name: 'Revoke token' }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toContainText('Revoked');
      await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

      const refused = await request.get('/api/bid-sessions', { headers });
      expect(refused.status()).toBe(401);
      expect((await refused.json()).error).toContain('revoked');
    });
  });
}
