import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../../fixtures/auth.ts';
import { callApi, createAndStartSession, endSession, signInAdminInNewContext } from '../../fixtures/sessions.ts';

/*
 * A member puts their ranked list in order before their turn, with the keyboard on a row's drag
 * handle (Space, arrow, Space), by dragging a row with the pointer, and with the Move buttons, and
 * the order is the one stored: it is still there after a reload. Each size has a member of this
 * file only (Firefighters, created here), because saving changes what auto-bid would use.
 */
const PASSWORD = 'ranked-list-e2e-member';
const MEMBERS = {
  desktop: { firstName: 'Rena', lastName: 'Desk', email: 'rena.desk@stationbid.example', employeeId: 'E2E-RANK-1' },
  phone: { firstName: 'Rory', lastName: 'Phone', email: 'rory.phone@stationbid.example', employeeId: 'E2E-RANK-2' },
  // First in the session's queue (most years), so the two above wait for their turn.
  ahead: {
    firstName: 'Ada',
    lastName: 'Ahead',
    email: 'ada.ahead@stationbid.example',
    employeeId: 'E2E-RANK-0',
    yearsOfService: 30,
  },
};
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, member: MEMBERS.desktop },
  { name: 'phone', viewport: { width: 390, height: 844 }, member: MEMBERS.phone },
] as const;

const NORTHSIDE_A = 'Station 2, A shift, Firefighter';
const HARBOR_B = 'Station 3, B shift, Firefighter';
const HILLCREST_C = 'Station 5, C shift, Firefighter';

let adminPage: Page;
const createdIds: string[] = [];
let sessionId: string | null = null;

test.beforeAll(async ({ browser }) => {
  adminPage = await signInAdminInNewContext(browser);
  for (const member of Object.values(MEMBERS)) {
    const created = await callApi<{ user: { id: string } }>(adminPage, 'POST', '/admin/users', {
      ...member,
      password: PASSWORD,
      rank: 'Firefighter',
    });
    createdIds.push(created.user.id);
  }
});

test.afterAll(async () => {
  if (sessionId !== null) await endSession(adminPage, sessionId);
  for (const id of createdIds) {
    await adminPage.evaluate(async (memberId) => {
      await fetch(`/api/admin/users/${memberId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
    }, id);
  }
  await adminPage.context().close();
});

async function openBidPreferences(page: Page) {
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Bid Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bid Preferences' });
  await expect(dialog.getByRole('button', { name: 'Save Preferences' })).toBeVisible();
  return dialog;
}

async function addSeat(page: Page, dialog: Locator, station: string, shift: string) {
  await dialog.getByRole('combobox', { name: 'Station', exact: true }).click();
  await page.getByRole('option', { name: station, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Shift', exact: true }).click();
  await page.getByRole('option', { name: shift, exact: true }).click();
  // A Firefighter may rank Firefighter seats only: the position is filled in.
  await expect(dialog.getByRole('combobox', { name: 'Seat position' })).toHaveValue('Firefighter');
  await dialog.getByRole('button', { name: 'Add seat' }).click();
}

/** The rows' first lines, "1. Station 2, A shift, Firefighter", in the order shown. */
const rowsOf = (dialog: Locator) =>
  dialog
    .getByRole('list', { name: 'Seat choices, best first' })
    .getByRole('listitem')
    .getByText(/^\d+\. /);

/** Drags a row by its handle onto another row with the pointer, in small steps as a hand would. */
async function dragRow(page: Page, dialog: Locator, seat: string, ontoSeat: string) {
  const handle = dialog.getByRole('button', { name: `Drag to reorder: ${seat}` });
  const target = dialog.getByRole('button', { name: `Drag to reorder: ${ontoSeat}` });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (from === null || to === null) throw new Error('the rows are not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

for (const size of SIZES) {
  test(`a member reorders their ranked list by keyboard and by dragging, and the order survives a reload (${size.name})`, async ({
    page,
  }) => {
    // Many steps, each waiting on a busy machine's browser: three times the usual minute.
    test.slow();
    await page.setViewportSize(size.viewport);
    await signInThroughForm(page, size.member.email, PASSWORD);
    // Reached by address: on a phone the navigation is folded away in a drawer.
    await page.goto('/profile');
    const dialog = await openBidPreferences(page);
    await dialog.getByRole('switch', { name: /Auto-bid/ }).check();
    await addSeat(page, dialog, 'Station 2 · Northside', 'Shift A');
    await addSeat(page, dialog, 'Station 3 · Harbor', 'Shift B');
    await addSeat(page, dialog, 'Station 5 · Hillcrest', 'Shift C');
    const rows = rowsOf(dialog);
    await expect(rows).toHaveText([`1. ${NORTHSIDE_A}`, `2. ${HARBOR_B}`, `3. ${HILLCREST_C}`]);
    // Nothing is wider than the screen, on a phone too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

    // Keyboard: focus the handle, Space lifts, an arrow moves, Space drops; a screen reader hears each step.
    const handle = dialog.getByRole('button', { name: `Drag to reorder: ${NORTHSIDE_A}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up ${NORTHSIDE_A}. Position 1 of 3.`)).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${NORTHSIDE_A} moved to position 2 of 3.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(rows).toHaveText([`1. ${HARBOR_B}`, `2. ${NORTHSIDE_A}`, `3. ${HILLCREST_C}`]);
    await expect(handle).toBeFocused();

    // Escape puts a lifted seat back.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Escape');
    await expect(rows).toHaveText([`1. ${HARBOR_B}`, `2. ${NORTHSIDE_A}`, `3. ${HILLCREST_C}`]);

    // Pointer: the last seat dragged onto the first.
    await dragRow(page, dialog, HILLCREST_C, HARBOR_B);
    await expect(rows).toHaveText([`1. ${HILLCREST_C}`, `2. ${HARBOR_B}`, `3. ${NORTHSIDE_A}`]);

    // And the plain button, for a thumb.
    await dialog.getByRole('button', { name: `Move up: ${NORTHSIDE_A}` }).click();
    await expect(rows).toHaveText([`1. ${HILLCREST_C}`, `2. ${NORTHSIDE_A}`, `3. ${HARBOR_B}`]);

    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Preferences updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    const reopened = await openBidPreferences(page);
    await expect(rowsOf(reopened)).toHaveText([`1. ${HILLCREST_C}`, `2. ${NORTHSIDE_A}`, `3. ${HARBOR_B}`]);
    await expect(reopened.getByRole('button', { name: 'Save Preferences' })).toBeDisabled();
  });
}

/** As the signed-in member: stores these seats as their ranked list, with auto-bid on. */
async function storeRankedList(page: Page, seats: { number: number; shift: 'A' | 'B' | 'C' }[]) {
  await page.evaluate(async (wanted) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' };
    const { stations } = (await (await fetch('/api/stations', { headers })).json()) as {
      stations: { id: string; number: number }[];
    };
    const seatChoices = wanted.map(({ number, shift }) => ({
      stationId: stations.find((station) => station.number === number)?.id,
      shift,
      seatPosition: 'Firefighter',
    }));
    const response = await fetch('/api/users/preferences', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ autoBid: true, seatChoices }),
    });
    if (!response.ok) throw new Error(`PUT /api/users/preferences answered ${response.status}`);
  }, seats);
}

test.describe('on the session page, before the turn', () => {
  test.beforeAll(async () => {
    sessionId = await createAndStartSession(adminPage, {
      name: 'E2E Ranked List Bid',
      year: 2026,
      startDate: '2026-05-01',
      endDate: '2026-05-31',
      participantEmails: [MEMBERS.ahead.email, MEMBERS.desktop.email, MEMBERS.phone.email],
    });
  });

  for (const size of SIZES) {
    test(`a waiting member reorders their ranked list by keyboard and by dragging, saves it, and the order survives a reload (${size.name})`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize(size.viewport);
      await signInThroughForm(page, size.member.email, PASSWORD);
      await storeRankedList(page, [
        { number: 2, shift: 'A' },
        { number: 3, shift: 'B' },
        { number: 5, shift: 'C' },
      ]);
      await page.goto(`/live-bid/${sessionId}`);
      const editor = page.getByRole('form', { name: /Your ranked list/ });
      const rows = editor
        .getByRole('list', { name: /Your ranked list/ })
        .getByRole('listitem')
        .getByText(/^\d+\. /);
      await expect(rows).toHaveText([`1. ${NORTHSIDE_A}`, `2. ${HARBOR_B}`, `3. ${HILLCREST_C}`], { timeout: 20_000 });
      // Each seat says whether it is still free in this session, in words.
      await expect(
        editor
          .getByRole('listitem')
          .filter({ hasText: HARBOR_B })
          .getByText(/^(Free|Taken)$/),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);

      const handle = editor.getByRole('button', { name: `Drag to reorder: ${HILLCREST_C}` });
      await handle.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText(`Picked up ${HILLCREST_C}. Position 3 of 3.`)).toBeAttached();
      await page.keyboard.press('ArrowUp');
      // Dropped once the move is heard, as a screen-reader user would: on a busy machine the list
      // needs a frame to measure where the seat now is.
      await expect(page.getByText(`${HILLCREST_C} moved to position 2 of 3.`)).toBeAttached();
      await page.keyboard.press('Space');
      await expect(rows).toHaveText([`1. ${NORTHSIDE_A}`, `2. ${HILLCREST_C}`, `3. ${HARBOR_B}`]);
      await expect(editor.getByText('Unsaved changes')).toBeVisible();

      await dragRow(page, editor, NORTHSIDE_A, HARBOR_B);
      await expect(rows).toHaveText([`1. ${HILLCREST_C}`, `2. ${HARBOR_B}`, `3. ${NORTHSIDE_A}`]);

      await editor.getByRole('button', { name: 'Save ranked list' }).click();
      await expect(editor.getByText('Saved', { exact: true })).toBeVisible();

      await page.reload();
      await expect(
        page
          .getByRole('list', { name: /Your ranked list/ })
          .getByRole('listitem')
          .getByText(/^\d+\. /),
      ).toHaveText([`1. ${HILLCREST_C}`, `2. ${HARBOR_B}`, `3. ${NORTHSIDE_A}`], { timeout: 20_000 });
    });
  }
});
