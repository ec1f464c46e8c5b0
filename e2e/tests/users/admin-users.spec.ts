import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { callApi } from '../../fixtures/sessions.ts';

// A demo member no other spec signs in as: deactivated and reactivated again within one test.
const RETURNING_MEMBER = { name: 'Jack Fernandes', email: 'jack.fernandes@stationbid.example' };

async function openUserManagement(page: Page) {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

/** Opens a member's actions menu (one per row or card) and answers the open menu. */
async function openActions(page: Page, name: string, within: Locator | Page = page): Promise<Locator> {
  await within.getByRole('button', { name: `Actions for ${name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function chooseAction(page: Page, name: string, action: string, within: Locator | Page = page): Promise<void> {
  const menu = await openActions(page, name, within);
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Picks an option of one of the list's filters (a Mantine select: a combobox and its listbox). */
async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Members made for a test through the API, deleted again after it so other specs meet the demo department. */
async function createMembers(page: Page, count: number): Promise<string[]> {
  const suffix = Date.now().toString(36);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const { user } = await callApi<{ user: { id: string } }>(page, 'POST', '/admin/users', {
      firstName: 'Paging',
      lastName: `Member ${String(index + 1).padStart(2, '0')}`,
      email: `paging.${suffix}.${index}@stationbid.example`,
      employeeId: `PAGE-${suffix}-${index}`,
      // Inactive and without an e-mail: they are in the member list only, never in a queue or an outbox.
      isActive: false,
      sendPasswordEmail: false,
    });
    ids.push(user.id);
  }
  return ids;
}

async function deleteMembers(page: Page, ids: readonly string[]): Promise<void> {
  await page.evaluate(async (memberIds) => {
    for (const id of memberIds) {
      await fetch(`/api/admin/users/${id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
    }
  }, ids);
}

test.describe('member management', () => {
  test('the administrator creates a member through the form, finds them in the list, then deletes them', async ({
    page,
  }) => {
    // Unique per run, so a retry on the same server does not meet the first attempt's member.
    const suffix = Date.now().toString(36);
    const email = `riley.${suffix}@stationbid.example`;
    await openUserManagement(page);

    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('dialog', { name: 'Create New User' });
    await form.getByLabel('First name').fill('Riley');
    await form.getByLabel('Last name').fill('Sutton');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Employee ID').fill(`E2E-${suffix}`);
    await form.getByLabel('Years of service').fill('6');
    await form.getByRole('button', { name: 'Create User' }).click();

    const result = page.getByRole('dialog', { name: 'User Created' });
    // No password was given, so the server speaks of the password-setup e-mail.
    await expect(result.getByText(/password-setup e-mail/)).toBeVisible();
    await result.getByRole('button', { name: 'Done' }).click();

    await searchFor(page, email);
    const row = page.getByRole('row').filter({ hasText: 'Riley Sutton' });
    await expect(row).toBeVisible();
    await expect(row).toContainText(`E2E-${suffix}`);
    await expect(row.getByText('Pending')).toBeVisible();

    // Delete sits apart at the bottom of the row's menu, and still asks first.
    const menu = await openActions(page, 'Riley Sutton', row);
    await expect(menu.getByRole('menuitem').last()).toHaveText('Delete');
    await menu.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Riley Sutton' });
    await expect(
      confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByText('Riley Sutton')).toHaveCount(0);
  });

  test('creating a member with a deactivated member’s e-mail offers to reactivate them', async ({ page }) => {
    await openUserManagement(page);
    await searchFor(page, RETURNING_MEMBER.email);
    const row = page.getByRole('row').filter({ hasText: RETURNING_MEMBER.name });

    await chooseAction(page, RETURNING_MEMBER.name, 'Edit', row);
    const editForm = page.getByRole('dialog', { name: 'Edit User' });
    await editForm.getByRole('checkbox', { name: 'Active', exact: true }).uncheck();
    await editForm.getByRole('button', { name: 'Save Changes' }).click();
    await expect(row.getByText('Inactive')).toBeVisible();

    await page.getByRole('button', { name: 'Add User' }).click();
    const createForm = page.getByRole('dialog', { name: 'Create New User' });
    await createForm.getByLabel('First name').fill('Jack');
    await createForm.getByLabel('Last name').fill('Fernandes');
    await createForm.getByLabel('Email').fill(RETURNING_MEMBER.email);
    await createForm.getByLabel('Employee ID').fill('E2E-RETURN');
    await createForm.getByRole('button', { name: 'Create User' }).click();

    const exists = page.getByRole('dialog', { name: 'User Already Exists' });
    await expect(exists.getByText(/A deactivated user with this email already exists/)).toBeVisible();
    await exists.getByRole('button', { name: 'Reactivate User' }).click();

    await expect(page.getByText(`${RETURNING_MEMBER.name} reactivated successfully`)).toBeVisible();
    await expect(exists).toHaveCount(0);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    const menu = await openActions(page, RETURNING_MEMBER.name, row);
    await expect(menu.getByRole('menuitem', { name: 'Reactivate' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('the administrator’s own row has no Delete action', async ({ page }) => {
    await openUserManagement(page);
    await searchFor(page, DEMO_ADMIN.email);
    const ownRow = page.getByRole('row').filter({ hasText: DEMO_ADMIN.name });
    const ownMenu = await openActions(page, DEMO_ADMIN.name, ownRow);
    await expect(ownMenu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible();
    await expect(ownMenu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(ownMenu).toBeHidden();

    await searchFor(page, 'elena.ramirez');
    const menu = await openActions(page, 'Elena Ramirez');
    await expect(menu.getByRole('menuitem', { name: 'Delete', exact: true })).toBeVisible();
  });
});

test.describe('member management on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list fits the screen and a member’s details open', async ({ page }) => {
    await openUserManagement(page);
    await searchFor(page, 'Elena');
    const card = page.getByRole('article', { name: 'Elena Ramirez' });
    await expect(card).toBeVisible();
    // Nothing sticks out sideways: the page does not scroll horizontally.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await chooseAction(page, 'Elena Ramirez', 'View details', card);
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByText('elena.ramirez@stationbid.example')).toBeVisible();
    await expect(details.getByText('Emergency contact')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
  });
});

for (const viewport of [
  { name: 'a desktop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test.describe(`the members list for a department of many, on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('filters by station and shift, pages with Previous and Next, and opens a row’s actions', async ({ page }) => {
      await openUserManagement(page);
      // Elena Ramirez holds a seat at Station 1, shift A; Marcus Bell is at Station 3.
      await chooseFilter(page, 'Station', 'Station 1 (Downtown)');
      await expect(page.getByText('Elena Ramirez', { exact: true })).toBeVisible();
      await expect(page.getByText('Marcus Bell', { exact: true })).toHaveCount(0);
      await chooseFilter(page, 'Shift', 'Shift A');
      await expect(page.getByText('Elena Ramirez', { exact: true })).toBeVisible();
      await chooseFilter(page, 'Rank', 'Firefighter');
      await expect(page.getByText('Elena Ramirez', { exact: true })).toHaveCount(0);
      await chooseFilter(page, 'Rank', 'All ranks');
      await expect(page.getByText(/^Showing 1(–\d+)? of \d+ users?$/)).toBeVisible();

      const menu = await openActions(page, 'Elena Ramirez');
      const items = menu.getByRole('menuitem');
      await expect(items).toHaveText([
        'View details',
        'Edit',
        'Assign station',
        'Edit seniority',
        'Set password',
        'Delete',
      ]);
      await expect(menu.getByRole('separator')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      if (viewport.width <= 390) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }

      // More members than a page holds: the list pages 50 at a time.
      const before = await callApi<{ total: number }>(page, 'GET', '/admin/users?limit=1');
      const made = await createMembers(page, Math.max(0, 56 - before.total));
      try {
        await page.reload();
        await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
        const { total } = await callApi<{ total: number }>(page, 'GET', '/admin/users?limit=1');
        expect(total).toBeGreaterThan(50);
        await expect(page.getByText(`Showing 1–50 of ${total} users`)).toBeVisible();
        const pages = page.getByRole('navigation', { name: 'User list pages' });
        await expect(pages.getByText(`Page 1 of ${Math.ceil(total / 50)}`)).toBeVisible();
        await expect(pages.getByRole('button', { name: 'Previous Page' })).toBeDisabled();
        await pages.getByRole('button', { name: 'Next Page' }).click();
        await expect(page.getByText(`Showing 51–${total} of ${total} users`)).toBeVisible();
        await expect(pages.getByRole('button', { name: 'Next Page' })).toBeDisabled();
        await pages.getByRole('button', { name: 'Previous Page' }).click();
        await expect(page.getByText(`Showing 1–50 of ${total} users`)).toBeVisible();
      } finally {
        await deleteMembers(page, made);
      }
    });
  });
}
