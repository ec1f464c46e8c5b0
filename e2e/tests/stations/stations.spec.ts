import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MEMBER } from '../../fixtures/accounts.ts';
import { signInThroughForm } from '../../fixtures/auth.ts';

// Station numbers 40 and up belong to this file, so its tests never meet another file's stations.

async function openStationManagement(page: Page): Promise<void> {
  await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/admin/stations');
  await expect(page.getByRole('heading', { name: 'Station Management', level: 1 })).toBeVisible();
}

async function openImportTab(page: Page): Promise<void> {
  await openStationManagement(page);
  await page.getByRole('tab', { name: 'Import Stations' }).click();
  await expect(page.getByRole('button', { name: 'Download Template' })).toBeVisible();
}

test.describe('station management', () => {
  test('the administrator creates a station through the form, finds it, reads its details and deletes it', async ({
    page,
  }) => {
    await openStationManagement(page);
    await expect(page.getByRole('article', { name: 'Downtown' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Station' }).click();
    const form = page.getByRole('dialog', { name: 'Add Station' });
    await expect(form.getByRole('checkbox', { name: /Active/ })).toBeChecked();
    await form.getByRole('textbox', { name: 'Station Number' }).fill('41');
    await form.getByRole('textbox', { name: 'Station Name' }).fill('Cedar Ridge');
    await form.getByRole('textbox', { name: 'Address' }).fill('410 Cedar Ridge Road, Maple Falls');
    await form.getByRole('textbox', { name: 'Phone Number' }).fill('555-0141');
    for (const shift of ['A', 'B', 'C']) {
      await form.getByRole('textbox', { name: `Shift ${shift} Captain seats` }).fill('1');
      await form.getByRole('textbox', { name: `Shift ${shift} Engineer seats` }).fill('1');
      await form.getByRole('textbox', { name: `Shift ${shift} Firefighter seats` }).fill('2');
    }
    // The total capacity is counted from the seats, never typed.
    await expect(form.getByRole('textbox', { name: 'Total Capacity' })).toHaveCount(0);
    await expect(form.getByText('Total capacity: 12 (A 4, B 4, C 4), counted from the seats')).toBeVisible();
    await form.getByRole('button', { name: 'Create Station' }).click();
    await expect(page.getByText('Station 41 created')).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByRole('textbox', { name: 'Search' }).fill('Cedar Ridge');
    const card = page.getByRole('article', { name: 'Cedar Ridge' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Station 41');
    await expect(card).toContainText('Available positions: 12 of 12');
    await expect(card.getByText('Available', { exact: true })).toBeVisible();
    await expect(page.getByText('Showing station 1 of 1')).toBeVisible();

    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: 'Maple Falls' }).click();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'View Station 41 (Cedar Ridge)' }).click();
    const details = page.getByRole('dialog', { name: 'Cedar Ridge (Station 41)' });
    await expect(details.getByText('410 Cedar Ridge Road, Maple Falls')).toBeVisible();
    await expect(details.getByText('555-0141')).toBeVisible();
    await expect(details.getByRole('row', { name: /Shift B/ })).toContainText(
      'Captain: 1 of 1 free, Engineer: 1 of 1 free',
    );
    await expect(details.getByText('No members are assigned to this station.')).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // Nobody sits there, so it can go.
    await card.getByRole('button', { name: 'Delete Station 41 (Cedar Ridge)' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete Station' });
    await confirmation.getByRole('button', { name: 'Delete Station' }).click();
    await expect(page.getByText('Station 41 deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Stations Found' })).toBeVisible();
  });

  test('deleting a station members are assigned to is refused with the advice to deactivate it', async ({ page }) => {
    await openStationManagement(page);
    const downtown = page.getByRole('article', { name: 'Downtown' });
    await downtown.getByRole('button', { name: 'Delete Station 1 (Downtown)' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Delete Station' });
    await expect(confirmation).toContainText('Are you sure you want to delete Station 1 (Downtown)?');
    await confirmation.getByRole('button', { name: 'Delete Station' }).click();

    await expect(
      page.getByText(
        /^Cannot delete Station 1 \(Downtown\): \d+ members? (is|are) assigned to it\. Deactivate it instead/,
      ),
    ).toBeVisible();
    await expect(confirmation).toBeHidden();
    await expect(downtown).toBeVisible();
  });

  test('the administrator imports the downloaded template and sees what was created', async ({ page }, testInfo) => {
    await openImportTab(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    const template = await downloading;
    expect(template.suggestedFilename()).toBe('station_import_template.csv');
    // Saved under its own name: the upload checks the extension, as it would on a person's disk.
    const templatePath = testInfo.outputPath(template.suggestedFilename());
    await template.saveAs(templatePath);
    const header = (await readFile(templatePath, 'utf8')).split(/\r?\n/)[0];
    expect(header).toBe(
      'name,number,address,shiftACapacity,shiftBCapacity,shiftCCapacity,description,phoneNumber,email,isActive,preferredRanks,seatRules',
    );

    await page.getByLabel('Spreadsheet file').setInputFiles(templatePath);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('region', { name: 'Preview: nothing is saved yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Import 2 stations' }).click();

    await expect(page.getByText('Import completed! 2 stations created, 0 updated, 0 skipped.')).toBeVisible();
    const results = page.getByRole('region', { name: 'Import Results' });
    await expect(results).toContainText('Created2');
    await expect(results).toContainText('Skipped0');
    await expect(results).toContainText('Total2');
    await expect(results.getByText('No row was refused.')).toBeVisible();

    await page.getByRole('tab', { name: 'Station List' }).click();
    await expect(page.getByRole('article', { name: 'Westside' })).toContainText('Station 7');
    await expect(page.getByRole('article', { name: 'Lakeview' })).toContainText('Station 8');
  });

  test('an import with a repeated number and bad rows lists each refused row and creates the rest', async ({
    page,
  }) => {
    await openImportTab(page);
    // Rows 2 to 5 of the sheet: a good row, a seat count that is not a number, an older file's
    // totalCapacity that the shifts do not add up to, and a number an earlier row of the file took.
    const csv = [
      'name,number,address,totalCapacity,shiftACapacity,shiftBCapacity,shiftCCapacity,isActive',
      'Birch Hollow,43,"43 Birch Lane, Riverton",6,2,2,2,true',
      'Bad Count,42,1 Elsewhere Street,,one,1,1,true',
      'Bad Sums,44,44 Wrong Way,10,2,2,2,true',
      'Birch Again,43,99 Birch Lane,3,1,1,1,false',
    ].join('\n');
    await page.getByLabel('Spreadsheet file').setInputFiles({
      name: 'stations-with-problems.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Import 1 station' }).click();

    await expect(page.getByText('Import completed! 1 station created, 0 updated, 3 skipped.')).toBeVisible();
    const results = page.getByRole('region', { name: 'Import Results' });
    await expect(results).toContainText('Created1');
    await expect(results).toContainText('Skipped3');
    await expect(results).toContainText('Errors3');
    const refusedRows = results.getByRole('table', { name: 'Rows not imported' });
    await expect(refusedRows.getByRole('row', { name: /shiftACapacity must be a whole number/ })).toContainText('3');
    await expect(
      refusedRows.getByRole('row', { name: /totalCapacity is 10, but the shift columns give 6 seats/ }),
    ).toContainText('4');
    await expect(refusedRows.getByRole('row', { name: /already used in row 2 of this file/ })).toContainText('5');
  });
});

// One station number per screen size, so the two runs never meet.
for (const { label, viewport, number } of [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, number: 46 },
  { label: 'on a phone', viewport: { width: 390, height: 844 }, number: 47 },
]) {
  test.describe(`the station import preview ${label}`, () => {
    test.use({ viewport });

    test('an upload is previewed with its new, updated and refused rows, Cancel saves nothing, and Import saves it', async ({
      page,
    }) => {
      await openImportTab(page);
      const preview = page.getByRole('region', { name: 'Preview: nothing is saved yet' });
      const upload = async (name: string, lines: string[]) => {
        await page.getByLabel('Spreadsheet file').setInputFiles({
          name,
          mimeType: 'text/csv',
          buffer: Buffer.from(lines.join('\n')),
        });
        await page.getByRole('button', { name: 'Upload' }).click();
        await expect(preview).toBeVisible();
      };
      // The station as the first file makes it (or puts it back to, when the test runs again).
      await upload('first.csv', [
        'name,number,address,shiftACapacity,shiftBCapacity,shiftCCapacity',
        `Elm Crossing,${number},"${number} Elm Street, Riverton",3,3,3`,
      ]);
      const first = page.getByRole('button', { name: /^Import \d+ stations?$/ });
      if (await first.isEnabled()) {
        await first.click();
        await expect(page.getByRole('region', { name: 'Import Results' })).toBeVisible();
      } else {
        await preview.getByRole('button', { name: 'Cancel' }).click();
      }

      // An older file with totalCapacity: it agrees on row 2 and not on row 3.
      await upload('second.csv', [
        'name,number,address,totalCapacity,shiftACapacity,shiftBCapacity,shiftCCapacity',
        `Elm Crossing East,${number},"${number} Elm Street, Riverton",10,4,3,3`,
        `Wrong Total,${number + 10},1 Nowhere Road,9,1,1,1`,
      ]);
      await expect(figure(preview, 'New stations')).toHaveText('0');
      await expect(figure(preview, 'Updated stations')).toHaveText('1');
      await expect(figure(preview, 'Row errors')).toHaveText('1');
      const change = preview.getByRole('table', { name: 'Changes to import' }).getByRole('row').nth(1);
      await expect(change).toContainText(`Station ${number} (Elm Crossing East)`);
      await expect(change).toContainText('name: Elm Crossing -> Elm Crossing East');
      await expect(change).toContainText(
        'shift A seats: Captain 1, Engineer 1, Firefighter 1 -> Captain 1, Engineer 1, Firefighter 2',
      );
      await expect(preview.getByRole('table', { name: 'Rows that will not be imported' })).toContainText(
        /3\s*totalCapacity is 9, but the shift columns give 3 seats/,
      );
      const confirm = page.getByRole('button', { name: 'Import 1 station' });
      await confirm.scrollIntoViewIfNeeded();
      await expect(confirm).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Cancel saves nothing: the station keeps its name.
      await preview.getByRole('button', { name: 'Cancel' }).click();
      await expect(preview).toHaveCount(0);
      await page.getByRole('tab', { name: 'Station List' }).click();
      // Each screen size's run has its own station of the same name: the number tells them apart.
      await expect(
        page.getByRole('article', { name: 'Elm Crossing', exact: true }).filter({ hasText: `Station ${number}` }),
      ).toBeVisible();

      await page.getByRole('tab', { name: 'Import Stations' }).click();
      await upload('second.csv', [
        'name,number,address,totalCapacity,shiftACapacity,shiftBCapacity,shiftCCapacity',
        `Elm Crossing East,${number},"${number} Elm Street, Riverton",10,4,3,3`,
        `Wrong Total,${number + 10},1 Nowhere Road,9,1,1,1`,
      ]);
      await page.getByRole('button', { name: 'Import 1 station' }).click();
      await expect(page.getByText('Import completed! 0 stations created, 1 updated, 1 skipped.')).toBeVisible();
      const results = page.getByRole('region', { name: 'Import Results' });
      await expect(figure(results, 'Updated')).toHaveText('1');
      await page.getByRole('tab', { name: 'Station List' }).click();
      await expect(
        page.getByRole('article', { name: 'Elm Crossing East' }).filter({ hasText: `Station ${number}` }),
      ).toBeVisible();
    });
  });
}

/** The figure under `label` in a preview or results card, e.g. "Updated". */
function figure(card: Locator, label: string): Locator {
  return card.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a member opens Fire Stations and sees each station with its seats per shift', async ({ page }) => {
    await signInThroughForm(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/stations');
    await expect(page.getByRole('heading', { name: 'Fire Stations', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Station Assignments' })).toBeVisible();

    const harbor = page.getByRole('article', { name: 'Station 3 · Harbor' });
    await expect(harbor).toBeVisible();
    await expect(harbor).toContainText('18 Wharf Road, Port Riverton');
    // Free seats may change as other tests bid; the seats per shift do not.
    await expect(harbor.getByRole('list', { name: 'Free seats by shift' }).getByRole('listitem')).toHaveText([
      /^Shift A\s*\d+ free\s*of 7 seats$/,
      /^Shift B\s*\d+ free\s*of 7 seats$/,
      /^Shift C\s*\d+ free\s*of 7 seats$/,
    ]);
    await expect(page.getByRole('article', { name: 'Station 6 · Airport' })).toBeAttached();

    // Each position's filled seats open on demand.
    const showShifts = harbor.getByRole('button', { name: 'Show shifts of Station 3' });
    await showShifts.click();
    await expect(harbor.getByRole('button', { name: 'Hide shifts of Station 3' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(harbor.getByRole('list', { name: 'Shift A seats' }).getByRole('listitem')).toHaveText([
      /^Captain\s*\d of 1 filled/,
      /^Lieutenant\s*\d of 1 filled/,
      /^Engineer\s*\d of 2 filled/,
      /^Firefighter\s*\d of 3 filled/,
    ]);

    // The search finds a station by its address.
    await page.getByRole('textbox', { name: 'Search stations' }).fill('Runway');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article', { name: 'Station 6 · Airport' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search stations' }).fill('');
    await expect(harbor).toBeVisible();

    // The card fits the screen: nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
