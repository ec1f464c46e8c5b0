import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../fixtures/accounts.ts';
import {
  callApi,
  createAndStartSession,
  endSession,
  placePhoneInBidForTurnHolder,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Issue 5, "Browser test": members follow a whole session from the dashboard to the results, each
// in a browser of their own, without ever reloading. Sessions named "E2E Journey ..." belong to this
// file, and so do its five members: no other spec signs in as them or puts them in a session.
// Seniority scores (from the demo data): Andre Baptiste 189 (Lieutenant), Jamal Carter 140
// (Engineer), Ryan Nakamura 99 (Firefighter); Maya Johansson 104 (Firefighter), Victor Petrov 67
// (Engineer). Every rank has free seats of its kind.
const PASSWORD = 'stationbid-member';
const DESKTOP_SESSION = 'E2E Journey Desktop';
const PHONE_SESSION = 'E2E Journey Phone';
const ANDRE = { email: 'andre.baptiste@stationbid.example', name: 'Andre Baptiste' };
const JAMAL = { email: 'jamal.carter@stationbid.example', name: 'Jamal Carter' };
const RYAN = { email: 'ryan.nakamura@stationbid.example', name: 'Ryan Nakamura' };
const MAYA = { email: 'maya.johansson@stationbid.example', name: 'Maya Johansson' };
const VICTOR = { email: 'victor.petrov@stationbid.example', name: 'Victor Petrov' };
const PHONE_VIEWPORT = { width: 390, height: 844 };
/** The turn window of the desktop session, a real minute, plus the time the app takes to move on. */
const ONE_TURN_WINDOW_MS = 60_000 + 20_000;

interface SeatSummary {
  assignedStation: { name: string; number: number } | null;
  assignedShift: string | null;
  assignedPosition: string | null;
}

interface ParticipantBody extends SeatSummary {
  position: number;
  hasBid: boolean;
  movedToBack: boolean;
  outcome: 'bid' | 'proxy_bid' | 'auto_assigned' | 'skipped' | 'not_assigned' | null;
  user: { firstName: string; lastName: string };
}

/** How the results screen words the outcomes of a seat won, as its figures count them. */
const SEAT_WON_OUTCOMES: Readonly<Record<string, string>> = {
  bid: 'Own bid',
  proxy_bid: 'Phone-in bid',
  auto_assigned: 'Auto-assigned',
};
const seatWonOutcome = (participant: ParticipantBody) => SEAT_WON_OUTCOMES[participant.outcome ?? ''] ?? 'none';

const fullName = (participant: ParticipantBody) => `${participant.user.firstName} ${participant.user.lastName}`;

/** As the administrator: the session's participants in queue order. */
async function readParticipants(adminPage: Page, sessionId: string): Promise<ParticipantBody[]> {
  const { session } = await callApi<{ session: { participants: ParticipantBody[] } }>(
    adminPage,
    'GET',
    `/bid-sessions/${sessionId}`,
  );
  return [...session.participants].sort((a, b) => a.position - b.position);
}

/** As the administrator: the seat a participant won, as the live page words it. */
async function liveSeatLabel(adminPage: Page, sessionId: string, name: string): Promise<string> {
  const participant = (await readParticipants(adminPage, sessionId)).find((entry) => fullName(entry) === name);
  if (participant?.assignedStation == null) throw new Error(`${name} holds no seat in the session`);
  const { assignedStation: station, assignedShift, assignedPosition } = participant;
  return `Station ${station.number} · ${station.name}, Shift ${assignedShift}, ${assignedPosition}`;
}

/** The seat as the results word it ("Station 1 (Downtown) · Shift A · Lieutenant"). */
function resultsSeatLabel({ assignedStation, assignedShift, assignedPosition }: SeatSummary): string {
  if (assignedStation === null) throw new Error('No seat');
  return `Station ${assignedStation.number} (${assignedStation.name}) · Shift ${assignedShift} · ${assignedPosition}`;
}

/**
 * Marks the document the page shows now and records every full page load and every main-frame
 * navigation from here on. `expectNoReload` then proves the page was never reloaded (the mark is
 * still there); `expectStayed` that it did not even change its address.
 */
async function watchDocument(page: Page) {
  const loads: string[] = [];
  const navigations: string[] = [];
  page.on('load', () => loads.push(page.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const url = page.url();
  await page.evaluate(() => {
    (window as unknown as { journeyMark?: string }).journeyMark = 'still here';
  });
  const expectNoReload = async () => {
    expect(loads, 'full page loads').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('still here');
  };
  return {
    expectNoReload,
    expectStayed: async () => {
      await expectNoReload();
      expect(navigations, 'navigations').toEqual([]);
      expect(page.url()).toBe(url);
    },
  };
}

/** From the dashboard's session banner, as a member reaches the live page; waits for its first poll. */
async function joinFromDashboard(page: Page, sessionName: string, sessionId: string): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  // The turn holder's dashboard says it is their turn, with Bid Now; the others' show the session
  // with Join Session. One card, never both.
  const join = page
    .getByRole('region', { name: 'Current bid session' })
    .getByRole('button', { name: `Join Session ${sessionName}` })
    .or(page.getByRole('region', { name: "It's your turn to bid!" }).getByRole('link', { name: 'Bid Now' }));
  // The dashboard asks for the running session every 10 seconds.
  await expect(join).toBeVisible({ timeout: 15_000 });
  await join.click();
  await expect(page).toHaveURL(new RegExp(`/live-bid/${sessionId}$`));
  await expect(page.getByRole('heading', { name: sessionName, level: 1 })).toBeVisible();
}

/** Bids with the page's one bid action on the first free seat offered under "Another free seat". */
async function bidThroughPanel(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Your bid' });
  await panel.getByRole('radio', { name: /Another free seat/ }).check();
  const bid = panel.getByRole('button', { name: 'Bid', exact: true });
  await expect(bid).toBeDisabled();
  await panel.getByLabel('Station').selectOption({ index: 1 });
  await panel.getByLabel('Shift').selectOption({ index: 1 });
  await panel.getByLabel('Position').selectOption({ index: 1 });
  await expect(bid).toBeEnabled();
  await bid.click();
  const dialog = page.getByRole('dialog', { name: /^Bid for Station \d+, [ABC] shift, \w+\?$/ });
  await dialog.getByRole('button', { name: 'Confirm bid' }).click();
  // The award, in a lasting card in the header's place (not a passing toast).
  await expect(page.getByRole('region', { name: /^You got Station \d+ · [ABC] shift · \w+$/ })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel).toBeHidden();
}

/** The "on the clock" header at the top of the session page. */
const onTheClock = (page: Page): Locator => page.getByRole('region', { name: 'On the clock' });

/** The seat a participant won, as the header words it ("Station 4, B shift, Engineer"). */
async function headerSeatLabel(adminPage: Page, sessionId: string, name: string): Promise<string> {
  const participant = (await readParticipants(adminPage, sessionId)).find((entry) => fullName(entry) === name);
  if (participant?.assignedStation == null) throw new Error(`${name} holds no seat in the session`);
  return `Station ${participant.assignedStation.number}, ${participant.assignedShift} shift, ${participant.assignedPosition}`;
}

/** On a watcher's live page: the member's seat in the participants and their bid in the history. */
async function expectBidShown(page: Page, who: string, seat: string, historyLine: string): Promise<void> {
  const participants = page.getByRole('region', { name: /^Participants/ });
  await expect(participants.getByRole('listitem').filter({ hasText: who })).toContainText(`Assigned: ${seat}`, {
    timeout: 5_000,
  });
  await expect(
    page.getByRole('region', { name: 'Session History' }).getByText(historyLine, { exact: true }),
  ).toBeVisible({ timeout: 5_000 });
}

/** From anywhere in the app: Dashboard in the navigation, Bid History, then the session's results. */
async function openResults(page: Page, sessionName: string, { isPhone }: { isPhone: boolean }): Promise<Locator> {
  if (isPhone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Bid History', exact: true }).click();
  await expect(page).toHaveURL(/\/bid-history$/);
  await page.getByRole('button', { name: `View Results of ${sessionName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Results of ${sessionName}` });
  await dialog.getByRole('tab', { name: 'Participants' }).click();
  return dialog;
}

/** As the administrator, through Bid Management: creates the session with a one-minute turn and starts it. */
async function createAndStartThroughAdminScreen(adminPage: Page, members: readonly string[]): Promise<string> {
  await adminPage.goto('/admin/bid-sessions');
  await adminPage.getByRole('button', { name: 'Create Session' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Create Bid Session' });
  await dialog.getByRole('textbox', { name: 'Session Name' }).fill(DESKTOP_SESSION);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Followed from start to results by three members.');
  await dialog.getByRole('textbox', { name: 'Year' }).fill('2026');
  await dialog.getByLabel('Start Date').fill('2026-07-01');
  await dialog.getByLabel('End Date').fill('2026-07-31');
  await dialog.getByRole('textbox', { name: 'Bid Window (minutes)' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Auto-assign Timeout (minutes)' }).fill('1');
  const search = dialog.getByRole('searchbox', { name: 'Search members' });
  for (const name of members) {
    await search.fill(name);
    await dialog.getByRole('checkbox', { name }).check();
  }
  await search.fill('');
  await expect(dialog.getByText(/^3 of \d+ active members selected$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Session' }).click();
  // The new session's card (the toast's wording is the administrators' screen's own business).
  const card = adminPage.getByRole('article', { name: DESKTOP_SESSION });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Start ${DESKTOP_SESSION}` }).click();
  // Start asks first, with what would go wrong (here: no SMS); the administrator starts anyway.
  const startDialog = adminPage.getByRole('dialog', { name: `Start ${DESKTOP_SESSION}?` });
  await startDialog.getByRole('button', { name: /^Start (now|anyway)$/ }).click();
  await expect(adminPage.getByText(`${DESKTOP_SESSION} started: the first turn is running`)).toBeVisible();

  const readSession = async () => {
    const { sessions } = await callApi<{ sessions: { id: string; name: string; status: string }[] }>(
      adminPage,
      'GET',
      '/bid-sessions',
    );
    const session = sessions.find((candidate) => candidate.name === DESKTOP_SESSION);
    if (session === undefined) throw new Error(`No session ${DESKTOP_SESSION}`);
    return session;
  };
  await expect.poll(async () => (await readSession()).status).toBe('active');
  return (await readSession()).id;
}

async function closeAll(pages: readonly (Page | undefined)[]): Promise<void> {
  for (const page of pages) await page?.context().close();
}

async function signInMembers(browser: Browser, emails: readonly string[]): Promise<Page[]> {
  return Promise.all(emails.map((email) => signInInNewContext(browser, email, PASSWORD)));
}

/**
 * As the administrator: ends every session still running, left by the specs before this one (the
 * dashboard spec leaves its session paused). The dashboard's banner shows the department's first
 * running session, whoever takes part in it, and follows only that one live, so the members here
 * would never see their own session on it while another one runs.
 */
async function endSessionsLeftRunning(browser: Browser): Promise<void> {
  const adminPage = await signInAdminInNewContext(browser);
  try {
    const { sessions } = await callApi<{ sessions: { id: string; status: string }[] }>(
      adminPage,
      'GET',
      '/bid-sessions',
    );
    for (const session of sessions) {
      if (session.status === 'active' || session.status === 'paused') await endSession(adminPage, session.id);
    }
  } finally {
    await adminPage.context().close();
  }
}

test.describe('a member follows a whole session', () => {
  test.beforeAll(async ({ browser }) => {
    await endSessionsLeftRunning(browser);
  });

  test('three members bid in seniority order, one lets the minute run out, they chat, and all read the results', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const adminPage = await signInAdminInNewContext(browser);
    // Signed in before the start: the dashboards learn of the session by themselves.
    const [andre, jamal, ryan] = await signInMembers(browser, [ANDRE.email, JAMAL.email, RYAN.email]);
    if (andre === undefined || jamal === undefined || ryan === undefined) throw new Error('Sign-in failed');
    let sessionId: string | undefined;

    try {
      sessionId = await createAndStartThroughAdminScreen(adminPage, [ANDRE.name, JAMAL.name, RYAN.name]);
      const queue = await readParticipants(adminPage, sessionId);
      expect(queue.map(fullName)).toEqual([ANDRE.name, JAMAL.name, RYAN.name]);

      for (const page of [andre, jamal, ryan]) await joinFromDashboard(page, DESKTOP_SESSION, sessionId);
      const documents = await Promise.all([andre, jamal, ryan].map(watchDocument));

      // 1. Andre, the most senior, holds the turn; the others see him bidding.
      await expect(onTheClock(andre).getByRole('heading', { name: "You're on the clock" })).toBeVisible();
      await expect(onTheClock(andre).getByRole('timer')).toHaveText(/^[01]:\d\d$/);
      await expect(onTheClock(jamal)).toContainText("You're next");
      await expect(onTheClock(jamal)).toContainText(`${ANDRE.name} is on the clock`);
      await expect(onTheClock(ryan)).toContainText(/2 turns away/);
      await expect(onTheClock(ryan)).not.toContainText('in queue');
      await bidThroughPanel(andre);
      const andreSeat = await liveSeatLabel(adminPage, sessionId, ANDRE.name);
      for (const watcher of [jamal, ryan]) {
        await expectBidShown(watcher, ANDRE.name, andreSeat, `${ANDRE.name} bid on ${andreSeat}`);
      }

      // 2. Jamal's turn: he lets it run out. Meanwhile Andre writes in the chat, and the others read it.
      const jamalBanner = jamal.getByRole('region', { name: 'Your bid' });
      await expect(jamalBanner).toBeVisible({ timeout: 5_000 });
      await expect(onTheClock(jamal).getByRole('timer')).toHaveText(/^[01]:\d\d$/);
      await expect(onTheClock(ryan)).toContainText(`${JAMAL.name} is on the clock`);

      const greeting = 'Good luck, Jamal. Remember the minute!';
      await andre.getByRole('button', { name: /^Chat(,|$)/ }).click();
      const andreChat = andre.getByRole('dialog', { name: 'Session Chat' });
      const messageBox = andreChat.getByRole('textbox', { name: 'Message' });
      await messageBox.fill(greeting);
      await messageBox.press('Enter');
      await expect(andreChat.getByRole('log', { name: 'Chat messages' }).getByText(greeting)).toBeVisible();
      for (const reader of [jamal, ryan]) {
        await reader.getByRole('button', { name: /^Chat(,|$)/ }).click();
        const chat = reader.getByRole('dialog', { name: 'Session Chat' });
        const log = chat.getByRole('log', { name: 'Chat messages' });
        await expect(log.getByText(greeting)).toBeVisible({ timeout: 8_000 });
        await expect(log.getByText(ANDRE.name)).toBeVisible();
        await chat.getByRole('button', { name: 'Close chat' }).click();
      }
      await andreChat.getByRole('button', { name: 'Close chat' }).click();

      // The real minute passes, and everyone, Jamal included, sees him moved to the back; Jamal is
      // told his time ran out.
      await expect(
        jamal
          .getByRole('region', { name: 'Session History' })
          .getByText(`${JAMAL.name} was moved to the back of the queue`, { exact: true }),
      ).toBeVisible({ timeout: ONE_TURN_WINDOW_MS });
      // A lasting card in the header's place tells him, with his second chance ahead.
      const missed = jamal.getByRole('region', { name: 'You missed your turn.' });
      await expect(missed).toContainText("You're at the back now; you get one more");
      await expect(jamalBanner).toBeHidden();
      for (const watcher of [andre, ryan]) {
        await expect(
          watcher
            .getByRole('region', { name: 'Session History' })
            .getByText(`${JAMAL.name} was moved to the back of the queue`, { exact: true }),
        ).toBeVisible({ timeout: 10_000 });
      }
      await expect(
        andre
          .getByRole('region', { name: /^Participants/ })
          .getByRole('listitem')
          .filter({ hasText: JAMAL.name }),
      ).toContainText('Moved to back');

      // 3. Ryan bids next.
      await expect(ryan.getByRole('region', { name: 'Your bid' })).toBeVisible({ timeout: 5_000 });
      await bidThroughPanel(ryan);
      const ryanSeat = await liveSeatLabel(adminPage, sessionId, RYAN.name);
      for (const watcher of [andre, jamal]) {
        await expectBidShown(watcher, RYAN.name, ryanSeat, `${RYAN.name} bid on ${ryanSeat}`);
      }

      // 4. Jamal's second chance, on the shorter auto-assign timeout, with no expiry notice left over.
      await expect(jamalBanner).toBeVisible({ timeout: 5_000 });
      await expect(jamal.getByRole('region', { name: 'You missed your turn.' })).toHaveCount(0);
      await expect(onTheClock(jamal).getByRole('timer')).toHaveText(/^[01]:\d\d$/);
      await bidThroughPanel(jamal);
      const jamalSeat = await liveSeatLabel(adminPage, sessionId, JAMAL.name);
      for (const watcher of [andre, ryan]) {
        await expectBidShown(watcher, JAMAL.name, jamalSeat, `${JAMAL.name} bid on ${jamalSeat}`);
      }

      // Everyone has a seat, so the session completes by itself, on every page.
      for (const page of [andre, jamal, ryan]) {
        await expect(page.getByLabel('Status: Completed')).toBeVisible({ timeout: 5_000 });
        await expect(page.getByRole('region', { name: 'Session Info' }).getByText('3 of 3 completed')).toBeVisible();
      }
      for (const journey of documents) await journey.expectStayed();

      // The results, as the server has them, and as each member reads them.
      const { results } = await callApi<{
        results: { status: string; participants: ParticipantBody[]; statistics: { participantsMovedToBack: number } };
      }>(adminPage, 'GET', `/bid-sessions/${sessionId}/results`);
      expect(results.status).toBe('completed');
      expect(results.statistics.participantsMovedToBack).toBe(1);
      expect(results.participants.every((participant) => participant.hasBid)).toBe(true);
      expect(results.participants.find((participant) => fullName(participant) === JAMAL.name)?.movedToBack).toBe(true);

      for (const [index, page] of [andre, jamal, ryan].entries()) {
        const dialog = await openResults(page, DESKTOP_SESSION, { isPhone: false });
        const table = dialog.getByRole('table', { name: 'Participants' });
        await expect(table.getByRole('row')).toHaveCount(1 + results.participants.length);
        for (const participant of results.participants) {
          const row = table.getByRole('row', { name: new RegExp(fullName(participant)) });
          await expect(row).toContainText(seatWonOutcome(participant));
          await expect(row).not.toContainText('Not assigned');
          await expect(row).toContainText(resultsSeatLabel(participant));
        }
        await dialog.getByRole('tab', { name: 'Session History' }).click();
        await expect(
          dialog
            .getByRole('list', { name: 'Session history' })
            .getByRole('listitem')
            .filter({ hasText: 'Moved to back of queue' }),
        ).toContainText(JAMAL.name);
        await documents[index]?.expectNoReload();
      }
    } finally {
      // It completed by itself when all went well; ended otherwise, so nothing later finds it running.
      if (sessionId !== undefined) await endSession(adminPage, sessionId).catch(() => undefined);
      await closeAll([andre, jamal, ryan, adminPage]);
    }
  });

  test('on a phone: from the dashboard to the live page, a bid seen live, one placed, and the results', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const adminPage = await signInAdminInNewContext(browser);
    const phone = await signInInNewContext(browser, VICTOR.email, PASSWORD, PHONE_VIEWPORT);
    let sessionId: string | undefined;

    try {
      // Victor waits on his dashboard; the rest of the journey happens in this one document.
      await expect(phone.getByRole('heading', { name: 'No Active Bid Sessions' })).toBeVisible();
      const journey = await watchDocument(phone);
      sessionId = await createAndStartSession(adminPage, {
        name: PHONE_SESSION,
        description: 'Followed on a phone.',
        year: 2026,
        startDate: '2026-08-01',
        endDate: '2026-08-31',
        participantEmails: [MAYA.email, VICTOR.email],
      });
      expect((await readParticipants(adminPage, sessionId)).map(fullName)).toEqual([MAYA.name, VICTOR.name]);

      await joinFromDashboard(phone, PHONE_SESSION, sessionId);
      const position = onTheClock(phone);
      await expect(position).toContainText("You're next");
      await expect(position).not.toContainText('in queue');
      await expect(position).toContainText(`${MAYA.name} is on the clock`);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE_VIEWPORT.width,
      );

      // Maya phones her bid in; Victor's phone shows it.
      await placePhoneInBidForTurnHolder(adminPage, sessionId);
      const mayaSeat = await liveSeatLabel(adminPage, sessionId, MAYA.name);
      await expectBidShown(phone, MAYA.name, mayaSeat, `${DEMO_ADMIN.name} bid for ${MAYA.name} on ${mayaSeat}`);

      // His turn: the one bid action fits the phone's screen.
      const panel = phone.getByRole('region', { name: 'Your bid' });
      await expect(panel).toBeVisible({ timeout: 5_000 });
      const box = await panel.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
      await bidThroughPanel(phone);
      await expect(phone.getByLabel('Status: Completed')).toBeVisible({ timeout: 5_000 });
      // The award, in a lasting card in the header's place.
      const victorSeat = await headerSeatLabel(adminPage, sessionId, VICTOR.name);
      await expect(phone.getByRole('region', { name: `You got ${victorSeat.replaceAll(', ', ' · ')}` })).toBeVisible();

      // The results, through the navigation drawer.
      const { results } = await callApi<{ results: { participants: ParticipantBody[] } }>(
        adminPage,
        'GET',
        `/bid-sessions/${sessionId}/results`,
      );
      const resultsDialog = await openResults(phone, PHONE_SESSION, { isPhone: true });
      const participants = resultsDialog.getByRole('list', { name: 'Participants' });
      await expect(participants.getByRole('listitem')).toHaveCount(2);
      for (const participant of results.participants) {
        const card = participants.getByRole('listitem').filter({ hasText: fullName(participant) });
        await expect(card).toContainText(seatWonOutcome(participant));
        await expect(card).not.toContainText('Not assigned');
        await expect(card).toContainText(resultsSeatLabel(participant));
      }
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE_VIEWPORT.width,
      );
      await journey.expectNoReload();
    } finally {
      if (sessionId !== undefined) await endSession(adminPage, sessionId).catch(() => undefined);
      await closeAll([phone, adminPage]);
    }
  });
});
