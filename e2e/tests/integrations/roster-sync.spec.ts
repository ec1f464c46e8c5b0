import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { createTokenInBrowser } from '../../fixtures/api-tokens.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

/**
 * Roster sync: an administrator creates a roster:write token in the browser; another system sends
 * the roster with it (a dry run first, then for real, then the same roster again, which changes
 * nothing); the Integrations page lists the sync with who sent it, and the new member is in the
 * member list. At a phone's and a laptop's size.
 *
 * Every spec shares one database, so the roster lists every active member (by employee ID alone: a
 * field left out keeps its value) and deactivates no one; the one member it adds is deleted after.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface RosterMember {
  employeeId: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

interface RosterSyncAnswer {
  results: { dryRun?: boolean; created: number; updated?: number; deactivated: number; errors: unknown[] };
  message: string;
}

/** The administrator's own bearer token, as the signed-in app keeps it. */
async function readAdminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (token === null) throw new Error('The administrator is not signed in');
  return token;
}

/** Every active member by employee ID alone, so that sending it keeps everyone as they are. */
async function listActiveRoster(request: APIRequestContext, adminToken: string): Promise<RosterMember[]> {
  const answer = await request.get('/api/admin/users', { headers: { authorization: `Bearer ${adminToken}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { users } = (await answer.json()) as { users: { employeeId: string; isActive: boolean }[] };
  return users.filter((user) => user.isActive).map((user) => ({ employeeId: user.employeeId }));
}

async function sendRoster(
  request: APIRequestContext,
  secret: string,
  members: RosterMember[],
  { dryRun = false } = {},
): Promise<RosterSyncAnswer> {
  const answer = await request.put(`/api/admin/roster${dryRun ? '?dryRun=1' : ''}`, {
    headers: { authorization: `Bearer ${secret}` },
    data: { members },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as RosterSyncAnswer;
}

for (const viewport of VIEWPORTS) {
  test.describe(`Roster sync at ${viewport.width}x${viewport.height}`, () => {
    test('a roster sent with a token made in the browser adds a member, changes nothing the second time, and is listed', async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/admin/integrations');
      await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

      // Unique per run and size: a retry must not meet the first attempt's token or member.
      const suffix = `${viewport.width}-${Date.now().toString(36)}`;
      const tokenName = `E2E roster ${suffix}`;
      const newMember = {
        employeeId: `E2E-ROSTER-${suffix}`,
        firstName: 'Rowan',
        lastName: `Roster-${suffix}`,
        email: `rowan.roster.${suffix}@stationbid.example`,
      };
      const fullName = `${newMember.firstName} ${newMember.lastName}`;
      const secret = await createTokenInBrowser(page, tokenName, { scope: 'roster:write' });
      const adminToken = await readAdminToken(page);
      const roster = [...(await listActiveRoster(request, adminToken)), newMember];

      try {
        const preview = await sendRoster(request, secret, roster, { dryRun: true });
        expect(preview.results).toMatchObject({ dryRun: true, created: 1, deactivated: 0, errors: [] });
        const synced = await sendRoster(request, secret, roster);
        expect(synced.results).toMatchObject({ dryRun: false, created: 1, updated: 0, deactivated: 0, errors: [] });
        const again = await sendRoster(request, secret, roster);
        expect(again.results).toMatchObject({ created: 0, updated: 0, deactivated: 0, errors: [] });

        await page.reload();
        const section = page.getByRole('region', { name: 'Roster sync' });
        const syncs = section.getByRole('list', { name: 'Latest roster syncs' }).getByRole('listitem');
        // Newest first: the second sending (nothing new), then the one that added the member.
        await expect(syncs.nth(0)).toContainText(`Sent by: API token "${tokenName}"`);
        await expect(syncs.nth(0)).toContainText('0 new members, 0 updated, 0 deactivated');
        await expect(syncs.nth(1)).toContainText(`Sent by: API token "${tokenName}"`);
        await expect(syncs.nth(1)).toContainText('Synced');
        await expect(syncs.nth(1)).toContainText('1 new member, 0 updated, 0 deactivated');
        // Nothing in the section is wider than a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );

        await page.goto('/admin/users');
        await page.getByRole('searchbox', { name: 'Search users' }).fill(fullName);
        // A card on a phone, a table row on a laptop.
        const member = page
          .getByRole('article', { name: fullName })
          .or(page.getByRole('row').filter({ hasText: fullName }));
        await expect(member).toBeVisible();
        await expect(member).toContainText(newMember.employeeId);
      } finally {
        // The member would otherwise join the queues and counts of the specs after this one.
        const headers = { authorization: `Bearer ${adminToken}` };
        const found = await request.get(`/api/admin/users?search=${encodeURIComponent(newMember.employeeId)}`, {
          headers,
        });
        const { users } = (await found.json()) as { users: { id: string; employeeId: string }[] };
        for (const user of users.filter((entry) => entry.employeeId === newMember.employeeId)) {
          const deleted = await request.delete(`/api/admin/users/${user.id}`, { headers });
          expect(deleted.status(), await deleted.text()).toBe(200);
        }
      }
    });
  });
}
