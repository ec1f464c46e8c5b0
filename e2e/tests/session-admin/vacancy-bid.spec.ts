import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createMember,
  endSession,
  type NewMember,
  signInAdminInNewContext,
  signInInNewContext,
  specFirefighters,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Vacancy ..." and the members "... Vacancy<run>" belong to this file, and so do
// station numbers 700 to 799: four stations of one B-shift Firefighter seat each, made for the run
// (the next free numbers, so a retry does not meet the first attempt's) and deactivated at the end,
// so no later spec's session offers them.
const PHONE_VIEWPORT = { width: 390, height: 844 };
const FIRST_STATION_NUMBER = 700;
const LAST_STATION_NUMBER = 799;

interface CreatedStation {
  id: string;
  number: number;
  name: string;
}

/** As the administrator: four stations of one B-shift Firefighter seat, numbered after this file's last ones. */
async function createStations(adminPage: Page, runId: string): Promise<CreatedStation[]> {
  const { stations } = await callApi<{ stations: { number: number }[] }>(
    adminPage,
    'GET',
    '/stations?includeInactive=true',
  );
  const taken = stations
    .map((station) => station.number)
    .filter((number) => number >= FIRST_STATION_NUMBER && number <= LAST_STATION_NUMBER);
  const first = Math.max(FIRST_STATION_NUMBER, ...taken.map((number) => number + 1));
  if (first + 3 > LAST_STATION_NUMBER) throw new Error('This file has used up its station numbers');
  const created: CreatedStation[] = [];
  for (const [index, name] of ['Alder', 'Birch', 'Cedar', 'Dogwood'].entries()) {
    const number = first + index;
    const { station } = await callApi<{ station: CreatedStation }>(adminPage, 'POST', '/stations', {
      name: `${name} ${runId}`,
      number,
      address: `${number} Vacancy Road, Lakeport`,
      seats: { B: { Firefighter: 1 } },
      totalCapacity: 1,
    });
    created.push(station);
  }
  return created;
}

test.describe('a vacancy bid', () => {
  test('an administrator opens a seat, three members move along the chain, and a member follows the chain of moves on a phone', async ({
    browser,
  }) => {
    // Two sign-ins, a department set up through the API and a session through the form.
    test.setTimeout(150_000);
    const runId = Date.now().toString(36);
    const members = specFirefighters('Vacancy', 'VC', runId, [25, 15, 5]);
    const name = (member: NewMember) => `${member.firstName} ${member.lastName}`;
    const adminPage = await signInAdminInNewContext(browser);
    const stations = await createStations(adminPage, runId);
    const [alder, birch, cedar, dogwood] = stations as [CreatedStation, CreatedStation, CreatedStation, CreatedStation];
    // Avery sits at Alder, Blair at Birch, Casey at Cedar; Dogwood's seat is the one that opened.
    const memberIds: string[] = [];
    for (const [index, member] of members.entries()) {
      const id = await createMember(adminPage, member);
      await callApi(adminPage, 'PUT', `/admin/users/${id}/station`, {
        stationId: stations[index]?.id,
        shift: 'B',
        seatPosition: 'Firefighter',
      });
      memberIds.push(id);
    }
    const [averyId, blairId, caseyId] = memberIds as [string, string, string];
    const [avery, blair, casey] = members as [NewMember, NewMember, NewMember];
    const sessionName = `E2E Vacancy ${runId}`;
    const seatOf = (station: CreatedStation) => `Station ${station.number} · B shift · Firefighter`;
    let sessionId: string | undefined;
    let caseyPage: Page | undefined;
    try {
      // The administrator creates the vacancy bid with the form.
      await adminPage.goto('/admin/bid-sessions');
      await adminPage.getByRole('button', { name: 'Create Session' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Create Bid Session' });
      await dialog.getByRole('radio', { name: 'Vacancy bid' }).check();
      await expect(dialog.getByRole('switch', { name: /^Bid in rounds/ })).toBeHidden();
      await dialog.getByRole('textbox', { name: 'Session Name' }).fill(sessionName);
      await dialog.getByLabel('Start Date').fill('2026-11-01');
      await dialog.getByLabel('End Date').fill('2026-11-30');
      const openSeat = dialog.getByRole('group', { name: 'Open seat 1' });
      await openSeat.getByRole('combobox', { name: 'Station' }).selectOption(dogwood.id);
      await openSeat.getByRole('combobox', { name: 'Shift' }).selectOption('B');
      await openSeat.getByRole('combobox', { name: 'Position' }).selectOption('Firefighter');
      await expect(openSeat).toContainText(`${seatOf(dogwood)}: 1 free.`);
      const eligible = dialog.getByRole('group', { name: 'Members who may be offered the seats' });
      const search = eligible.getByRole('searchbox', { name: 'Search members' });
      for (const member of members) {
        await search.fill(member.employeeId);
        await eligible.getByRole('checkbox', { name: name(member) }).check();
      }
      await search.fill('');
      await expect(eligible.getByText(/^3 of \d+ active members selected$/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Create Session' }).click();
      await expect(adminPage.getByText(`${sessionName} created`)).toBeVisible();
      await expect(dialog).toBeHidden();

      const card = adminPage.getByRole('article', { name: sessionName });
      await expect(card.getByText('Vacancy bid', { exact: true })).toBeVisible();
      await expect(card.getByRole('list', { name: 'Open seats' }).getByRole('listitem')).toHaveText([seatOf(dogwood)]);
      const { sessions } = await callApi<{ sessions: { id: string; name: string }[] }>(
        adminPage,
        'GET',
        '/bid-sessions?view=summary',
      );
      sessionId = sessions.find((session) => session.name === sessionName)?.id;
      if (sessionId === undefined) throw new Error(`${sessionName} was not created`);
      await card.getByRole('button', { name: `Start ${sessionName}` }).click();
      await adminPage
        .getByRole('dialog', { name: `Start ${sessionName}?` })
        .getByRole('button', { name: /^Start (now|anyway)$/ })
        .click();
      await expect(adminPage.getByText(`${sessionName} started: the first turn is running`)).toBeVisible();
      // A vacancy bid has no back of the queue: the control offers no Move to Back.
      const control = adminPage.getByRole('region', { name: 'Admin Session Control' });
      await expect(control).toContainText(sessionName);
      await expect(control).toContainText(`Current participant${name(avery)}`);
      await expect(control.getByRole('button', { name: 'Move to Back' })).toHaveCount(0);

      // Casey follows the bid on a phone.
      caseyPage = await signInInNewContext(browser, casey.email, casey.password, PHONE_VIEWPORT);
      await caseyPage.goto(`/live-bid/${sessionId}`);
      const chain = caseyPage.getByRole('region', { name: 'Chain of moves' });
      await expect(chain).toContainText('Nobody has moved yet.');

      // The chain, each move by phone for whoever the offer has reached: Avery takes Dogwood's open
      // seat, which opens Alder's; Blair takes Alder's, opening Birch's; Casey takes Birch's.
      const take = (userId: string, station: CreatedStation) =>
        callApi(adminPage, 'POST', '/bid-sessions/submit-bid', {
          sessionId,
          userId,
          bidData: { station: station.id, shift: 'B', position: 'Firefighter' },
        });
      await take(averyId, dogwood);
      const moves = chain.getByRole('list', { name: 'Chain of moves' }).getByRole('listitem');
      // Live: the first move shows on Casey's phone without a reload.
      await expect(moves).toHaveCount(1);
      await take(blairId, alder);
      await take(caseyId, birch);

      const chainLines = [
        `${name(casey)}: Station ${cedar.number} to Station ${birch.number}, opened ${seatOf(cedar)}`,
        `${name(blair)}: Station ${birch.number} to Station ${alder.number}, opened ${seatOf(birch)}`,
        `${name(avery)}: Station ${alder.number} to Station ${dogwood.number}, opened ${seatOf(alder)}`,
      ];
      await expect(moves).toHaveCount(3);
      for (const [index, line] of chainLines.entries()) await expect(moves.nth(index)).toContainText(line);
      await expect(moves.nth(0)).toContainText(`Took ${seatOf(birch)} (phoned in)`);
      // Everyone has moved: the session is over, and the history names each opened seat.
      await expect(caseyPage.getByLabel('Status: Completed')).toBeVisible();
      await expect(caseyPage.getByRole('list', { name: 'Session history, newest first' })).toContainText(
        `, opening Station ${cedar.number} · Shift B · Firefighter`,
      );
      const overflow = await caseyPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Cedar's seat, the last one left, stays open for the administrator.
      const { session } = await callApi<{ session: { status: string } }>(
        adminPage,
        'GET',
        `/bid-sessions/${sessionId}`,
      );
      expect(session.status).toBe('completed');
      const { station: cedarNow } = await callApi<{
        station: { availablePositions: Record<'B', { position: string; count: number }[]> };
      }>(adminPage, 'GET', `/stations/${cedar.id}`);
      expect(cedarNow.availablePositions.B).toEqual([expect.objectContaining({ position: 'Firefighter', count: 1 })]);
      const { users } = await callApi<{ users: { id: string; currentStation: { number: number } | null }[] }>(
        adminPage,
        'GET',
        '/admin/users',
      );
      const stationNumberOf = (id: string) => users.find((user) => user.id === id)?.currentStation?.number;
      expect([stationNumberOf(averyId), stationNumberOf(blairId), stationNumberOf(caseyId)]).toEqual([
        dogwood.number,
        alder.number,
        birch.number,
      ]);
    } finally {
      if (sessionId !== undefined) await endSession(adminPage, sessionId).catch(() => undefined);
      for (const station of stations) {
        await callApi(adminPage, 'PUT', `/stations/${station.id}`, { isActive: false }).catch(() => undefined);
      }
      await caseyPage?.context().close();
      await adminPage.context().close();
    }
  });
});
