import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { completeAdminOnlySession, signInAdminInNewContext } from '../../fixtures/sessions.ts';

// The session "E2E Print Results" belongs to this file; its one participant is the administrator,
// who bids by phone for themself, so it completes at once.
const SESSION_NAME = 'E2E Print Results';

test.describe('printable results', () => {
  test.beforeAll(async ({ browser }) => {
    await completeAdminOnlySession(browser, { name: SESSION_NAME, startDate: '2026-07-01', endDate: '2026-07-31' });
  });

  test('on paper the results show alone, without navigation or buttons; the PDF bid sheet downloads', async ({
    browser,
  }) => {
    const page = await signInAdminInNewContext(browser);
    await page.goto('/bid-history');
    await page.getByRole('button', { name: `View Results of ${SESSION_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Results of ${SESSION_NAME}` });
    await expect(dialog).toContainText('Successful assignments1');
    const controls = ['Back', 'Download PDF', 'Download record', 'Export'];
    for (const name of controls) await expect(dialog.getByRole('button', { name })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Verify a record' })).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    // The results and the member's reason stay; everything to click goes.
    await expect(dialog.getByText('Successful assignments')).toBeVisible();
    await expect(dialog.getByText(/You bid|Phone-in bid/).first()).toBeVisible();
    for (const name of controls) await expect(dialog.getByRole('button', { name })).toBeHidden();
    await expect(dialog.getByRole('tab', { name: 'Overview' })).toBeHidden();
    await expect(dialog.getByRole('link', { name: 'Verify a record' })).toBeHidden();
    // The page behind the dialog (navigation, header) is not printed at all.
    await expect(page.locator('#root')).toBeHidden();
    const colours = await dialog.evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(colours).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)' });

    await page.emulateMedia({ media: 'screen' });
    await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('e2e-print-results-bid-sheet.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document's title (pdfkit writes it as a literal string, parentheses escaped).
    expect(pdf.toString('latin1')).toContain(`(Bid sheet: ${SESSION_NAME} \\(2026\\))`);
    await page.context().close();
  });
});
