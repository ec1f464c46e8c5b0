import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { callApi, completeAdminOnlySession, signInAdminInNewContext } from '../../fixtures/sessions.ts';

// The session "E2E Session Record" belongs to this file. Its one participant is the administrator,
// who bids by phone for themself, so the session completes at once and no member's seat changes.
const SESSION_NAME = 'E2E Session Record';

/** Drops a file on the page's drop zone, as a person dragging it from their file manager does. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      return transfer;
    },
    { name, text },
  );
  const zone = page.getByTestId('record-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.describe('session record', () => {
  test.beforeAll(async ({ browser }) => {
    await completeAdminOnlySession(browser, { name: SESSION_NAME, startDate: '2026-06-01', endDate: '2026-06-30' });
  });

  test('a record downloaded from the results verifies on /verify, and a changed one does not', async ({ browser }) => {
    const page = await signInAdminInNewContext(browser);
    await page.goto('/bid-history');
    await page.getByRole('button', { name: `View Results of ${SESSION_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Results of ${SESSION_NAME}` });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download record' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^session-record-.*\.json$/);
    const text = await readFile(await download.path(), 'utf8');
    const record = JSON.parse(text) as { session: { name: string }; history: { actorName: string }[] };
    expect(record.session.name).toBe(SESSION_NAME);

    // The results link to the page that checks it.
    await dialog.getByRole('link', { name: 'Verify a record' }).click();
    await expect(page.getByRole('heading', { name: 'Verify a Session Record', level: 1 })).toBeVisible();
    const { fingerprint } = await callApi<{ fingerprint: string }>(page, 'GET', '/record-key');
    // Which key it checks against is folded away; opened, it is this server's.
    await expect(page.getByLabel('Server key fingerprint')).toBeHidden();
    await page.getByText('Which key the record is checked against').click();
    await expect(page.getByLabel('Server key fingerprint')).toHaveValue(fingerprint);

    await dropFile(page, download.suggestedFilename(), text);
    const result = page.getByRole('region', { name: 'Verification result' });
    // The verdict first, in plain words; the technical detail folded below it.
    const verdict = result.getByRole('heading', { level: 2 });
    await expect(verdict).toHaveText('This record is genuine and complete: no pick was changed after it was made');
    await expect(result).toContainText("made and signed by this department's StationBid server");
    await expect(result).toContainText('1 seat awarded');
    const technical = result.getByText(`Signed with Ed25519 key ${fingerprint}, the key you checked against`);
    await expect(technical).toBeHidden();
    await result.getByText('Technical details').click();
    await expect(technical).toBeVisible();
    await expect(result).toContainText('Verified: 1 award reproduced');

    // Someone rewrites who placed the last step: the chain names that entry.
    const tampered = structuredClone(record);
    const last = tampered.history.length;
    const lastEntry = tampered.history[last - 1];
    if (lastEntry === undefined) throw new Error('The record has no history');
    lastEntry.actorName = 'Someone Else';
    await page.getByLabel('Record file').setInputFiles({
      name: 'changed-record.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(tampered)),
    });
    await expect(verdict).toHaveText('This record cannot be trusted: it is not as it was made');
    await expect(result).toContainText(/The \d+(st|nd|rd|th) entry in the session's history is not as it was written/);
    await result.getByText('Technical details').click();
    await expect(result).toContainText(`First entry that differs: ${last}`);
    await expect(result).toContainText(`Entry ${last}`);
    await expect(result).toContainText('its content was changed');
    await page.context().close();
  });

  test('the page works on a phone: choose the file, see the answer', async ({ browser }) => {
    const page = await signInAdminInNewContext(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/verify');
    await page.getByLabel('Record file').setInputFiles({
      name: 'not-a-record.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format": "something else"}'),
    });
    const result = page.getByRole('region', { name: 'Verification result' });
    await expect(result.getByRole('heading', { level: 2 })).toHaveText(
      'This record cannot be trusted: it is not as it was made',
    );
    // The verdict is the first thing in the answer, on screen without scrolling past the page.
    await expect(result.getByRole('heading', { level: 2 })).toBeInViewport();
    await result.getByText('Technical details').click();
    await expect(result).toContainText('This is not a StationBid session record');
    // The verdict and its folded detail pass axe's WCAG A and AA rules.
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
