import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { callApi } from '../../fixtures/sessions.ts';

const TEMPLATE_HEADER =
  'firstName,lastName,email,employeeId,rank,position,yearsOfService,hireDate,rankDate,listNumber,certifications,phone,station,shift,seat';
/** Headers as people write them: any case and spacing, and a column the import does not read. */
const READABLE_HEADER = 'First Name,Last Name,E-mail,Employee ID,Rank,Position,Years of Service,Notes';

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
      'n/a',
    ].join(','),
  );
  return `${[READABLE_HEADER, ...rows].join('\n')}\n`;
}

async function openImportTab(page: Page): Promise<void> {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: 'Import Users' }).click();
  await expect(page.getByRole('heading', { name: 'Upload a spreadsheet of members' })).toBeVisible();
}

const IMPORT_STATION = { name: 'Import Harbor', number: 790 };

async function stationWithOneFreeSeat(page: Page): Promise<{ name: string; number: number }> {
  const { stations } = await callApi<{ stations: { number: number }[] }>(page, 'GET', '/stations?includeInactive=true');
  if (!stations.some((station) => station.number === IMPORT_STATION.number)) {
    await callApi(page, 'POST', '/stations', {
      ...IMPORT_STATION,
      address: '790 Harbor Road, Lakeport',
      seats: { B: { Firefighter: 1 } },
    });
  }
  return IMPORT_STATION;
}

async function upload(page: Page, file: Parameters<Locator['setInputFiles']>[0]): Promise<void> {
  await page.getByLabel('Spreadsheet file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
}

/** Uploads the file, reads its preview (nothing saved yet), and confirms the import of `count` members. */
async function uploadAndConfirm(page: Page, file: Parameters<Locator['setInputFiles']>[0], count: string) {
  await upload(page, file);
  await expect(page.getByRole('region', { name: 'Preview: nothing is saved yet' })).toBeVisible();
  await page.getByRole('button', { name: `Import ${count}` }).click();
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
    await uploadAndConfirm(page, templatePath, '2 members');
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
    const preview = page.getByRole('region', { name: 'Preview: nothing is saved yet' });
    await expect(figure(preview, 'New members')).toHaveText('18');
    await expect(figure(preview, 'Row errors')).toHaveText('2');
    await expect(preview.getByText(/Notes/)).toBeVisible();
    await expect(preview.getByRole('table', { name: 'Changes to import' }).getByRole('row')).toHaveCount(19);
    await page.getByRole('button', { name: 'Import 18 members' }).click();
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

    // The same file again: everyone it names is now a member as the file says, so nothing would change.
    await upload(page, membersPath);
    await expect(figure(preview, 'New members')).toHaveText('0');
    await expect(figure(preview, 'Unchanged')).toHaveText('18');
    await expect(page.getByRole('button', { name: 'Import 0 members' })).toBeDisabled();
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview).toHaveCount(0);
  });

  // Fails in the full suite only (passes alone): it seats Rowan at the demo's Airport station, B shift, which
  // earlier specs may have filled. Fixed by giving the test a station of its own; until then it stays off
  // so the suite's other results are read.
  test('on a phone: a phone and a seat are previewed, a bad phone is a row error, and confirm imports', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openImportTab(page);
    // A station of its own: the demo stations' seats are taken by the specs that run before this one.
    const station = await stationWithOneFreeSeat(page);
    const filePath = testInfo.outputPath('seated-members.csv');
    await writeFile(
      filePath,
      [
        'first name,LAST NAME,email,employee_id,Phone Number,Station,Shift,Seat',
        `Rowan,Pike,rowan.pike@import-test.example,FD-3101,555 201 4477,${station.name},B,Firefighter`,
        'Sky,Lowe,sky.lowe@import-test.example,FD-3102,12345,,,',
      ].join('\n'),
    );
    await upload(page, filePath);
    const preview = page.getByRole('region', { name: 'Preview: nothing is saved yet' });
    await expect(figure(preview, 'New members')).toHaveText('1');
    await expect(figure(preview, 'Row errors')).toHaveText('1');
    const change = preview.getByRole('table', { name: 'Changes to import' }).getByRole('row').nth(1);
    await expect(change).toContainText('Rowan Pike');
    await expect(change).toContainText('phone: (555) 201-4477');
    await expect(change).toContainText(`seat: Station ${station.number}, shift B, Firefighter`);
    await expect(preview.getByRole('table', { name: 'Rows that will not be imported' })).toContainText(
      /3\s*Phone "12345" is not a phone number\..*\(555\) 201-4477/,
    );
    // The confirm button is on screen and the page does not scroll sideways at 390 px.
    const confirm = page.getByRole('button', { name: 'Import 1 member' });
    await confirm.scrollIntoViewIfNeeded();
    await expect(confirm).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await confirm.click();
    const results = page.getByRole('region', { name: 'Import Results' });
    await expect(figure(results, 'Created')).toHaveText('1');
    await expect(figure(results, 'Skipped')).toHaveText('1');
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

// One member per screen size, so the two runs never meet.
for (const { label, viewport, employeeId } of [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, employeeId: 'FD-3301' },
  { label: 'on a phone', viewport: { width: 390, height: 844 }, employeeId: 'FD-3302' },
]) {
  test.describe(`updating a member already here ${label}`, () => {
    test.use({ viewport });

    test('the preview lists each change as old -> new, empty cells change nothing, and Import saves it', async ({
      page,
    }) => {
      await openImportTab(page);
      const preview = page.getByRole('region', { name: 'Preview: nothing is saved yet' });
      const email = `${employeeId.toLowerCase()}@import-test.example`;
      const header = 'firstName,lastName,email,employeeId,rank,listNumber,phone';
      // The member as the first file makes them (or puts them back to, when the test runs again).
      await upload(page, {
        name: 'first.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, `Marlo,Hale,${email},${employeeId},Firefighter,30,555 201 4478`].join('\n')),
      });
      await expect(preview).toBeVisible();
      const first = page.getByRole('button', { name: /^Import \d+ members?$/ });
      if (await first.isEnabled()) {
        await first.click();
        await expect(page.getByRole('region', { name: 'Import Results' })).toBeVisible();
      } else {
        await preview.getByRole('button', { name: 'Cancel' }).click();
      }

      // Empty first name, e-mail and phone: those stay as they are.
      await upload(page, {
        name: 'second.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, `,Hale-Pike,,${employeeId},Engineer,12,`].join('\n')),
      });
      await expect(figure(preview, 'Updated members')).toHaveText('1');
      await expect(figure(preview, 'New members')).toHaveText('0');
      const change = preview.getByRole('table', { name: 'Changes to import' }).getByRole('row').nth(1);
      await expect(change).toContainText('Marlo Hale-Pike');
      await expect(change).toContainText('Updated');
      await expect(change).toContainText('last name: Hale -> Hale-Pike');
      await expect(change).toContainText('rank: Firefighter -> Engineer');
      await expect(change).toContainText('list number: 30 -> 12');
      await expect(change).not.toContainText('phone');
      await expect(change).not.toContainText('e-mail');
      const confirm = page.getByRole('button', { name: 'Import 1 member' });
      await confirm.scrollIntoViewIfNeeded();
      await expect(confirm).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await confirm.click();
      const results = page.getByRole('region', { name: 'Import Results' });
      await expect(figure(results, 'Updated')).toHaveText('1');
      await expect(figure(results, 'Created')).toHaveText('0');
    });
  });
}
