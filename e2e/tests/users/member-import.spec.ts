import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

const TEMPLATE_HEADER =
  'firstName,lastName,email,employeeId,rank,position,yearsOfService,hireDate,rankDate,listNumber,certifications';

const NEW_MEMBERS = [
  ['Avery', 'Holt', 'Firefighter', 'EMT', 2],
  ['Blake', 'Moreno', 'Engineer', 'Driver', 7],
  ['Casey', 'Nguyen', 'Lieutenant', 'Paramedic', 11],
  ['Dakota', 'Price', 'Firefighter', 'Firefighter', 0],
  ['Emerson', 'Quinn', 'Captain', 'Officer', 18],
  ['Finley', 'Rhodes', 'Sergeant', 'EMT', 6], // row 7: a rank the department does not have
  ['Gray', 'Sutton', 'Engineer', 'Operator', 9],
  ['Harper', 'Tate', 'Firefighter', 'Paramedic', 4],
  ['Indigo', 'Usher', 'Lieutenant', 'Officer', 13],
  ['Jules', 'Vance', 'Firefighter', 'Driver', 3],
  ['Kendall', 'Wade', 'Engineer', 'EMT', 8],
  ['Logan', 'Xu', 'Firefighter', 'Firefighter', 1],
  ['Morgan', 'Yates', 'Captain', 'Paramedic', 21],
  ['Noel', 'Zamora', 'Firefighter', 'Operator', 60], // row 15: more years than the 0 to 50 allowed
  ['Oakley', 'Abbott', 'Engineer', 'Driver', 12],
  ['Parker', 'Bishop', 'Firefighter', 'EMT', 5],
  ['Quincy', 'Cruz', 'Lieutenant', 'Paramedic', 10],
  ['Reese', 'Dalton', 'Firefighter', 'Firefighter', 2],
  ['Sawyer', 'Ellis', 'Battalion Chief', 'Officer', 25],
  ['Taylor', 'Flynn', 'Firefighter', 'Driver', 6],
] as const;

function buildMembersCsv(): string {
  const rows = NEW_MEMBERS.map(([firstName, lastName, rank, position, years], index) =>
    [
      firstName,
      lastName,
      `${firstName}.${lastName}@import-test.example`.toLowerCase(),
      `FD-${3001 + index}`,
      rank,
      position,
      years,
    ].join(','),
  );
  return `${[TEMPLATE_HEADER, ...rows].join('\n')}\n`;
}

async function openImportTab(page: Page): Promise<void> {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: 'Import Users' }).click();
  await expect(page.getByRole('heading', { name: 'Upload a spreadsheet of members' })).toBeVisible();
}

async function upload(page: Page, file: Parameters<Locator['setInputFiles']>[0]): Promise<void> {
  await page.getByLabel('Spreadsheet file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
}

/** The results card's figure under `label`, e.g. "Created". */
function figure(results: Locator, label: string): Locator {
  return results.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

test.describe('importing members', () => {
  test('the template downloads, imports cleanly, and a file with bad rows imports the rest', async ({
    page,
  }, testInfo) => {
    await openImportTab(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('user_import_template.csv');
    const templatePath = testInfo.outputPath('user_import_template.csv');
    await download.saveAs(templatePath);
    const template = await readFile(templatePath, 'utf8');
    expect(template.split(/\r?\n/)[0]).toBe(TEMPLATE_HEADER);

    // The template's example rows are themselves a valid import.
    await upload(page, templatePath);
    const results = page.getByRole('region', { name: 'Import Results' });
    await expect(figure(results, 'Created')).toHaveText('2');
    await expect(results.getByText('No row was refused.')).toBeVisible();

    // The member list, read before the import, is read again and shows the new members.
    await page.getByRole('tab', { name: 'User List' }).click();
    await page.getByLabel('Search users').fill('jordan.avery@example.org');
    await expect(page.getByText('Jordan Avery').filter({ visible: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Import Users' }).click();

    const membersPath = testInfo.outputPath('twenty-members.csv');
    await writeFile(membersPath, buildMembersCsv());
    await upload(page, membersPath);
    await expect(figure(results, 'Total')).toHaveText('20');
    await expect(figure(results, 'Created')).toHaveText('18');
    await expect(figure(results, 'Skipped')).toHaveText('2');
    await expect(figure(results, 'Emails queued')).toHaveText('18');
    await expect(page.getByText(/^Import completed! 18 users created, 2 skipped\./)).toBeVisible();
    const refused = results.getByRole('table', { name: 'Rows not imported' }).getByRole('row');
    await expect(refused).toHaveCount(3);
    await expect(refused.nth(1)).toContainText(/^7\s*Unknown rank "Sergeant"/);
    await expect(refused.nth(2)).toContainText(
      /^15\s*Years of service must be a whole number from 0 to 50 \(found "60"\)/,
    );

    // The same file again: everyone it names is now a member, so every row is skipped with the reason.
    await upload(page, membersPath);
    await expect(figure(results, 'Created')).toHaveText('0');
    await expect(figure(results, 'Skipped')).toHaveText('20');
    await expect(refused).toHaveCount(21);
    await expect(refused.nth(1)).toContainText(
      '2Skipped: email avery.holt@import-test.example already belongs to an existing user',
    );
  });

  test('a text file renamed .xlsx is refused with the server’s reason', async ({ page }) => {
    await openImportTab(page);
    await upload(page, {
      name: 'members.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a workbook'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'The file was not imported' })).toContainText(
      "The file's content is not a valid .xlsx spreadsheet. Save it again as .xlsx and retry.",
    );
    await expect(page.getByRole('region', { name: 'Import Results' })).toHaveCount(0);
  });
});
