import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

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

    await row.getByRole('button', { name: 'Delete Riley Sutton' }).click();
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

    await row.getByRole('button', { name: `Edit ${RETURNING_MEMBER.name}` }).click();
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
    await expect(row.getByRole('button', { name: `Reactivate ${RETURNING_MEMBER.name}` })).toHaveCount(0);
  });

  test('the administrator’s own row has no Delete button', async ({ page }) => {
    await openUserManagement(page);
    await searchFor(page, DEMO_ADMIN.email);
    const ownRow = page.getByRole('row').filter({ hasText: DEMO_ADMIN.name });
    await expect(ownRow.getByRole('button', { name: `Edit ${DEMO_ADMIN.name}` })).toBeVisible();
    await expect(ownRow.getByRole('button', { name: `Delete ${DEMO_ADMIN.name}` })).toHaveCount(0);

    await searchFor(page, 'elena.ramirez');
    await expect(page.getByRole('button', { name: 'Delete Elena Ramirez' })).toBeVisible();
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

    await card.getByRole('button', { name: 'View details of Elena Ramirez' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByText('elena.ramirez@stationbid.example')).toBeVisible();
    await expect(details.getByText('Emergency contact')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toHaveCount(0);
  });
});
