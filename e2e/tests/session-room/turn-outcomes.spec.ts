import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import {
  callApi,
  createMember,
  endSession,
  findFreeSeat,
  type NewMember,
  type OfferedStation,
  placePhoneInBidForTurnHolder,
  type SessionDetail,
  saveRankedList,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Every outcome of a member's turn told in a lasting card in the header's place, on a phone and a
// desktop: moved to the back by the administrator (named), an own bid's award, a missed turn with
// the second chance ahead, a ranked list's auto-bid, the second chance itself (with the countdown in
// the tab), the session ended before a turn, and the completed page; and the last picks pinned
// under the header of a waiting member's phone. Two sessions of one-minute turns run side by side,
// so the one real minute that a missed turn and an auto-bid need is waited once. The members are
// the spec's own, made for each run.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A real one-minute turn, plus the time the app takes to move on. */
const ONE_TURN_MS = 60_000 + 30_000;

function outcomeMembers(runId: string): Record<'avery' | 'blair' | 'casey' | 'dana' | 'emery', NewMember> {
  const member = (firstName: string, yearsOfService: number): NewMember => ({
    firstName,
    lastName: `Outcome${runId}`,
    email: `${firstName.toLowerCase()}.outcome.${runId}@stationbid.example`,
    employeeId: `OUT-${runId}-${firstName}`,
    rank: 'Firefighter',
    yearsOfService,
    password: 'outcome-member-password',
  });
  return {
    avery: member('Avery', 50),
    blair: member('Blair', 45),
    casey: member('Casey', 40),
    dana: member('Dana', 35),
    emery: member('Emery', 30),
  };
}

/** As the administrator: a session of one-minute turns and one-minute second chances; answers its id. */
async function createShortSession(adminPage: Page, name: string, participantIds: string[]): Promise<string> {
  const { session } = await callApi<{ session: { id: string } }>(adminPage, 'POST', '/bid-sessions', {
    name,
    year: 2026,
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    bidWindowDuration: 1,
    autoAssignTimeout: 1,
    participantIds,
  });
  return session.id;
}

const startSession = (adminPage: Page, sessionId: string) =>
  callApi(adminPage, 'POST', `/bid-sessions/${sessionId}/start`, { sessionId });

/** Runs the check on a phone's screen and on a desktop's, and leaves the page on the phone's. */
async function atBothSizes(page: Page, check: () => Promise<void>): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await check();
  }
  await page.setViewportSize(PHONE);
}

/** A free Firefighter seat on the A shift, away from the C-shift seats the fixtures take. */
function freeFirefighterSeatOnA(session: SessionDetail): OfferedStation {
  const station = session.availableStations.find((candidate) =>
    candidate.availablePositions.A.some((seat) => seat.position === 'Firefighter' && seat.count > 0),
  );
  if (station === undefined) throw new Error('No free A-shift Firefighter seat');
  return station;
}

test('every outcome of a turn gets a lasting card in the header’s place, on a phone and a desktop', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const runId = Date.now().toString(36);
  const members = outcomeMembers(runId);
  const adminPage = await signInAdminInNewContext(browser);
  const ids = Object.fromEntries(
    await Promise.all(
      Object.entries(members).map(async ([key, member]) => [key, await createMember(adminPage, member)] as const),
    ),
  ) as Record<keyof typeof members, string>;
  const pages = Object.fromEntries(
    await Promise.all(
      Object.entries(members).map(
        async ([key, member]) =>
          [key, await signInInNewContext(browser, member.email, member.password, PHONE)] as const,
      ),
    ),
  ) as Record<keyof typeof members, Page>;
  const { avery, blair, casey, dana, emery } = pages;
  const sessionIds: string[] = [];

  try {
    // Blair bids alone in a session of their own, with a ranked list that bids when time runs out.
    const listSessionName = `E2E Outcomes List ${runId}`;
    const listSessionId = await createShortSession(adminPage, listSessionName, [ids.blair]);
    sessionIds.push(listSessionId);
    const { session: listSession } = await callApi<{ session: SessionDetail }>(
      adminPage,
      'GET',
      `/bid-sessions/${listSessionId}`,
    );
    const listed = findFreeSeat(listSession, 'Firefighter');
    await saveRankedList(blair, [{ stationId: listed.station.id, shift: listed.shift, seatPosition: 'Firefighter' }]);
    await startSession(adminPage, listSessionId);

    // The others in queue order: Avery, Casey, Dana, Emery.
    const mainName = `E2E Outcomes ${runId}`;
    const mainId = await createShortSession(adminPage, mainName, [ids.avery, ids.casey, ids.dana, ids.emery]);
    sessionIds.push(mainId);
    await startSession(adminPage, mainId);
    await blair.goto(`/live-bid/${listSessionId}`);
    for (const page of [avery, casey, dana, emery]) await page.goto(`/live-bid/${mainId}`);
    await expect(avery.getByRole('region', { name: 'On the clock' })).toBeVisible({ timeout: 30_000 });

    // Avery's turn: the countdown comes first, the end time in words beside it, the name on one line.
    const averyHeader = avery.getByRole('region', { name: 'On the clock' });
    await expect(averyHeader.getByRole('heading', { name: "You're on the clock" })).toBeVisible();
    await expect(averyHeader).toContainText(/ends \d{1,2}:\d\d [AP]M \S+/);
    await expect(avery).toHaveTitle(/^\d:\d\d Your turn · StationBid$/);
    const timerBox = await averyHeader.getByRole('timer').boundingBox();
    const holderBox = await averyHeader.getByRole('heading', { name: "You're on the clock" }).boundingBox();
    expect(timerBox?.y ?? 1e9).toBeLessThan(holderBox?.y ?? 0);
    expect(timerBox?.height ?? 0).toBeGreaterThan(holderBox?.height ?? 1e9);
    const title = avery.getByRole('heading', { level: 1, name: mainName });
    expect((await title.boundingBox())?.height ?? 1e9).toBeLessThan(60);

    // The administrator moves Avery to the back: the card names who did it and the chance ahead.
    await callApi(adminPage, 'POST', `/bid-sessions/${mainId}/move-to-back`);
    const moved = avery.getByRole('region', { name: `${DEMO_ADMIN.name} moved you to the back of the queue.` });
    await atBothSizes(avery, async () => {
      await expect(moved).toBeVisible();
      await expect(moved).toContainText('You get one more 1-minute chance in about 3 turns.');
    });
    await expect(avery).not.toHaveTitle(/Your turn/);

    // Casey bids: the award card replaces the header, with the time and the way to the results.
    const { session: main } = await callApi<{ session: SessionDetail }>(adminPage, 'GET', `/bid-sessions/${mainId}`);
    const caseyStation = freeFirefighterSeatOnA(main);
    await callApi(casey, 'POST', '/bid-sessions/submit-bid', {
      sessionId: mainId,
      bidData: { station: caseyStation.id, shift: 'A', position: 'Firefighter' },
    });
    const award = casey.getByRole('region', { name: `You got Station ${caseyStation.number} · A shift · Firefighter` });
    await atBothSizes(casey, async () => {
      await expect(award).toBeVisible();
      await expect(award).toContainText(/Recorded at \d{1,2}:\d\d [AP]M/);
      await expect(award.getByRole('button', { name: 'See the results' })).toBeVisible();
    });
    await expect(casey.getByRole('alert')).toHaveCount(0);

    // Emery waits: on a phone the last picks are pinned right under the header, above the ranked list.
    const pinned = emery.getByRole('region', { name: 'Last 3 picks' });
    await expect(pinned).toContainText(`took Station ${caseyStation.number}, A shift, Firefighter`);
    const pinnedBox = await pinned.boundingBox();
    const listBox = await emery.getByRole('heading', { name: /^Your ranked list/ }).boundingBox();
    expect(pinnedBox?.y ?? 1e9).toBeLessThan(listBox?.y ?? 0);
    expect((pinnedBox?.y ?? 1e9) + (pinnedBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    // On a desktop the full feed sits beside the header instead.
    await emery.setViewportSize(DESKTOP);
    await expect(pinned).toBeHidden();
    await expect(emery.getByRole('region', { name: 'Latest picks' })).toContainText(
      `took Station ${caseyStation.number}, A shift, Firefighter`,
    );
    await emery.setViewportSize(PHONE);

    // Dana lets the real minute run out, as Blair does in the other session.
    const missed = dana.getByRole('region', { name: 'You missed your turn.' });
    await expect(missed).toBeVisible({ timeout: ONE_TURN_MS });
    await atBothSizes(dana, async () => {
      await expect(missed).toContainText("You're at the back now; you get one more 1-minute chance in about 2 turns.");
    });
    const listAward = blair.getByRole('region', {
      name: `Your ranked list took your 1st choice: Station ${listed.station.number}, ${listed.shift} shift`,
    });
    await expect(listAward).toBeVisible({ timeout: ONE_TURN_MS });
    await atBothSizes(blair, async () => {
      await expect(listAward).toContainText(
        `You got Station ${listed.station.number} · ${listed.shift} shift · Firefighter.`,
      );
      await expect(listAward).toHaveAttribute('data-outcome', 'award');
    });

    // Emery's seat is phoned in; Avery's second chance comes, said to Avery, and counted in the tab.
    await placePhoneInBidForTurnHolder(adminPage, mainId);
    await atBothSizes(avery, async () => {
      await expect(averyHeader.getByRole('heading', { name: "You're on the clock" })).toBeVisible();
      await expect(averyHeader).toContainText('Second chance: 1 minute');
    });
    await expect(avery).toHaveTitle(/^\d:\d\d Your turn · StationBid$/);

    // The administrator ends the session: Dana's second chance never came, and she is told so.
    await endSession(adminPage, mainId);
    const ended = dana.getByRole('region', {
      name: 'The administrator ended the session before your turn; you keep your seat.',
    });
    await atBothSizes(dana, async () => {
      await expect(ended).toBeVisible();
    });
    await expect(avery).not.toHaveTitle(/Your turn/);

    // The completed page: no "On the clock", no seat filters, and the results one click away.
    await atBothSizes(casey, async () => {
      await expect(casey.getByLabel('Status: Completed')).toBeVisible();
      await expect(casey.getByRole('region', { name: 'On the clock' })).toHaveCount(0);
      await expect(casey.getByRole('textbox', { name: 'Search stations' })).toHaveCount(0);
      await expect(award.getByRole('button', { name: 'See the results' })).toBeVisible();
    });
    await award.getByRole('button', { name: 'See the results' }).click();
    await expect(casey.getByRole('dialog', { name: `Results of ${mainName}` })).toBeVisible();
  } finally {
    for (const sessionId of sessionIds) await endSession(adminPage, sessionId).catch(() => undefined);
    for (const page of [adminPage, avery, blair, casey, dana, emery]) await page.context().close();
  }
});
