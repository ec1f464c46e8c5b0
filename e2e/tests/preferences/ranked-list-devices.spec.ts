import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  createMember,
  endSession,
  signInAdminInNewContext,
  signInInNewContext,
  specFirefighters,
} from '../../fixtures/sessions.ts';

/*
 * One member on two devices at once, on the session page while they wait for their turn: a phone
 * (390x844) and a desktop (1280x800), each its own browser context, signed in as the same member.
 * What the phone saves shows on the desktop without a reload (the live stream's
 * `preferences.changed`); a save the desktop makes on its older copy is refused by the server,
 * and the desktop says the list was changed on another device and offers to load it.
 */
const runId = Date.now().toString(36);
// The one ahead has most years, so the member waits (and sees their ranked list) all along.
const [ahead, member] = specFirefighters('Devices', 'E2E-DEV', runId, [30, 1]) as [
  ReturnType<typeof specFirefighters>[number],
  ReturnType<typeof specFirefighters>[number],
];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const NORTHSIDE_A = 'Station 2, A shift, Firefighter';
const HARBOR_B = 'Station 3, B shift, Firefighter';
const HILLCREST_C = 'Station 5, C shift, Firefighter';

let adminPage: Page;
let sessionId: string | null = null;
const memberIds: string[] = [];

test.beforeAll(async ({ browser }) => {
  adminPage = await signInAdminInNewContext(browser);
  for (const person of [ahead, member]) memberIds.push(await createMember(adminPage, person));
  sessionId = await createAndStartSession(adminPage, {
    name: `E2E Two Devices ${runId}`,
    year: 2026,
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    participantEmails: [ahead.email, member.email],
  });
});

test.afterAll(async () => {
  if (sessionId !== null) await endSession(adminPage, sessionId);
  for (const id of memberIds) {
    await adminPage.evaluate(async (memberId) => {
      await fetch(`/api/admin/users/${memberId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
    }, id);
  }
  await adminPage.context().close();
});

/** The member's session page, with the ranked-list editor loaded. */
async function openRankedList(page: Page): Promise<Locator> {
  await page.goto(`/live-bid/${sessionId}`);
  const editor = page.getByRole('form', { name: /Your ranked list/ });
  await expect(editor.getByText('No seat choices yet. Add one below.')).toBeVisible({ timeout: 20_000 });
  await expect(editor.getByText('Up to date', { exact: true })).toBeVisible();
  return editor;
}

const rowsOf = (editor: Locator) =>
  editor
    .getByRole('list', { name: /Your ranked list/ })
    .getByRole('listitem')
    .getByText(/^\d+\. /);

async function addSeat(page: Page, editor: Locator, station: RegExp, shift: RegExp) {
  await editor.getByRole('combobox', { name: 'Station', exact: true }).click();
  // The picker's own list: the board's filters beside it have station options of their own.
  const stationOption = page.getByRole('listbox').getByRole('option', { name: station });
  // The counts in the pickers say what they count: "(3 free Firefighter seats)", never "(3)".
  await expect(stationOption).toHaveAccessibleName(/\(\d+ free Firefighter seats?\)$/);
  await stationOption.click();
  await editor.getByRole('combobox', { name: 'Shift', exact: true }).click();
  const shiftOption = page.getByRole('listbox').getByRole('option', { name: shift });
  await expect(shiftOption).toHaveAccessibleName(/\(\d+ free Firefighter seats?\)$/);
  await shiftOption.click();
  await editor.getByRole('button', { name: 'Add seat' }).click();
}

test('the ranked list saved on the phone shows on the desktop without a reload, and an old copy cannot overwrite it', async ({
  browser,
}) => {
  // Two browsers and several saves on a machine shared with other specs.
  test.slow();
  const phone = await signInInNewContext(browser, member.email, member.password, PHONE);
  const desktop = await signInInNewContext(browser, member.email, member.password, DESKTOP);
  try {
    const onPhone = await openRankedList(phone);
    const onDesktop = await openRankedList(desktop);

    // The phone saves a list; the desktop, left alone (no reload, no focus), shows it.
    await addSeat(phone, onPhone, /^Station 2 · /, /^Shift A /);
    await onPhone.getByRole('button', { name: 'Save ranked list' }).click();
    await expect(onPhone.getByText('Saved', { exact: true })).toBeVisible();
    await expect(rowsOf(onDesktop)).toHaveText([`1. ${NORTHSIDE_A}`], { timeout: 10_000 });
    await expect(onDesktop.getByText('Up to date, as saved on another device')).toBeVisible();
    // The list has a seat and auto-bid was never turned off: the heading's promise holds.
    await expect(desktop.getByRole('heading', { name: 'Your ranked list — used if you miss your turn' })).toBeVisible();
    await expect(onDesktop.getByRole('switch', { name: /Auto-bid from this list/ })).toBeChecked();

    // The desktop starts an edit; meanwhile the phone saves another change.
    await addSeat(desktop, onDesktop, /^Station 5 · /, /^Shift C /);
    await expect(onDesktop.getByText('Unsaved changes')).toBeVisible();
    await addSeat(phone, onPhone, /^Station 3 · /, /^Shift B /);
    await onPhone.getByRole('button', { name: 'Save ranked list' }).click();
    await expect(onPhone.getByText('Saved', { exact: true })).toBeVisible();

    // The desktop is told, and keeps what the member typed until they choose.
    const notice = onDesktop.getByRole('alert').filter({ hasText: 'Your list was changed on another device' });
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(rowsOf(onDesktop)).toHaveText([`1. ${NORTHSIDE_A}`, `2. ${HILLCREST_C}`]);

    // Saved anyway from its older copy: the server refuses it, and nothing of the phone's list is lost.
    const refused = desktop.waitForResponse(
      (response) => response.url().endsWith('/api/users/preferences') && response.request().method() === 'PUT',
    );
    await onDesktop.getByRole('button', { name: 'Save ranked list' }).click();
    expect((await refused).status()).toBe(409);
    await expect(notice).toContainText('Nothing was saved');
    await expect(onDesktop.getByText('Not saved', { exact: true })).toBeVisible();
    const stored = await callApi<{ preferences: { seatChoices: unknown[] } }>(phone, 'GET', '/users/preferences');
    expect(stored.preferences.seatChoices).toHaveLength(2);

    // Offered the saved list, the desktop loads it.
    await notice.getByRole('button', { name: 'Load the saved list' }).click();
    await expect(rowsOf(onDesktop)).toHaveText([`1. ${NORTHSIDE_A}`, `2. ${HARBOR_B}`]);
    await expect(onDesktop.getByText('Up to date, as saved on another device')).toBeVisible();
    await expect(onDesktop.getByRole('alert').filter({ hasText: 'Your list was changed' })).toHaveCount(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  } finally {
    await phone.context().close();
    await desktop.context().close();
  }
});
