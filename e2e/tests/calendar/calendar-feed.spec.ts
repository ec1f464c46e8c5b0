import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

// The administrator's own calendar feed (every member has one on their profile); no other spec
// makes or resets it.
test('the profile makes a private calendar feed, copies its link, and a reset ends the old link', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Calendar feed' });
  await expect(section).toBeVisible();
  // A feed left on by an earlier run shows Reset link instead: either way a new link is made.
  const make = section.getByRole('button', { name: /^(Create calendar feed|Reset link)$/ });
  await make.click();

  const link = section.getByRole('textbox', { name: 'Feed link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const firstUrl = await link.inputValue();
  await section.getByRole('button', { name: 'Copy link' }).click();
  await expect(section.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

  // The feed answers without signing in (a calendar app cannot): the address is the secret. The
  // path is asked of this test server, whatever PUBLIC_WEB_URL the link was written with.
  const firstPath = new URL(firstUrl).pathname;
  const feed = await request.get(firstPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await section.getByRole('button', { name: 'Reset link' }).click();
  await expect(link).not.toHaveValue(firstUrl);
  const secondPath = new URL(await link.inputValue()).pathname;
  expect((await request.get(secondPath)).status()).toBe(200);
  expect((await request.get(firstPath)).status()).toBe(404);

  // Turned off, the feed answers nothing.
  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByRole('button', { name: 'Create calendar feed' })).toBeVisible();
  expect((await request.get(secondPath)).status()).toBe(404);
});
