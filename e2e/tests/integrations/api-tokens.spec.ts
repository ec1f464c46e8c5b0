import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { createTokenInBrowser } from '../../fixtures/api-tokens.ts';
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
      const secret = await createTokenInBrowser(page, name, { scope: 'sessions:read', expiresLabel: 'In 30 days' });
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
