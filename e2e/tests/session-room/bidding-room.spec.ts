import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  createMember,
  endSession,
  findFreeSeat,
  type NewMember,
  placePhoneInBidForTurnHolder,
  type SessionDetail,
  saveRankedList,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Issue 15, the bidding room: one "on the clock" header, one bid action, the award announced, and
// the pick in every watcher's feed without a reload, on a desktop and on a phone. The members and
// sessions ("E2E Bidding Room ...") are made by this file for itself, one set per screen size.
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const PASSWORD = 'bidding-room-pass-1';

/** A Captain, a Lieutenant and an Engineer: seniority puts them in that order; the Engineer is followed. */
function membersFor(tag: string): { first: NewMember; second: NewMember; follower: NewMember } {
  const member = (firstName: string, lastName: string, rank: string, yearsOfService: number): NewMember => ({
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${tag}@stationbid.example`,
    employeeId: `E2E-ROOM-${tag}-${lastName.toUpperCase()}`,
    rank,
    yearsOfService,
    password: PASSWORD,
  });
  return {
    first: member('Rhea', 'Coldwell', 'Captain', 30),
    second: member('Silas', 'Ingram', 'Lieutenant', 25),
    follower: member('Tess', 'Vanterpool', 'Engineer', 2),
  };
}

/** Marks the document, so that a later check proves the page was never reloaded. */
async function markDocument(page: Page): Promise<() => Promise<void>> {
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.evaluate(() => {
    (window as unknown as { roomMark?: string }).roomMark = 'still here';
  });
  return async () => {
    expect(loads, 'full page loads').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { roomMark?: string }).roomMark)).toBe('still here');
  };
}

for (const viewport of VIEWPORTS) {
  test.describe(`the bidding room at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a member follows the session, is told how far away their turn is, bids with the one action and hears the award; another member sees the pick live', async ({
      browser,
    }) => {
      // Three sign-ins and a whole session: on the shared, busy test machine that is well over a minute.
      test.setTimeout(240_000);
      const tag = String(viewport.width);
      const { first, second, follower } = membersFor(tag);
      const adminPage = await signInAdminInNewContext(browser);
      for (const member of [first, second, follower]) await createMember(adminPage, member);
      const sessionId = await createAndStartSession(adminPage, {
        name: `E2E Bidding Room ${tag}`,
        description: 'Started by the bidding room browser test.',
        year: 2026,
        startDate: '2026-09-01',
        endDate: '2026-09-30',
        participantEmails: [first.email, second.email, follower.email],
      });
      const memberPage = await signInInNewContext(browser, follower.email, PASSWORD, viewport);
      const watcherPage = await signInInNewContext(browser, second.email, PASSWORD, viewport);

      try {
        // The follower's ranked list: a free Engineer seat, which they will bid for.
        const { session } = await callApi<{ session: SessionDetail }>(adminPage, 'GET', `/bid-sessions/${sessionId}`);
        const { station, shift } = findFreeSeat(session, 'Engineer');
        const seat = `Station ${station.number}, ${shift} shift, Engineer`;
        await saveRankedList(memberPage, [{ stationId: station.id, shift, seatPosition: 'Engineer' }]);

        // The member follows the session: the captain is on the clock, their own turn is 2 away.
        await memberPage.goto(`/live-bid/${sessionId}`);
        const header = memberPage.getByRole('region', { name: 'On the clock' });
        // The first load of the page waits for the session's reads: slow on a busy machine.
        await expect(
          header.getByRole('heading', { name: `${first.firstName} ${first.lastName} is on the clock` }),
        ).toBeVisible({ timeout: 30_000 });
        await expect(header).toContainText(
          /2 turns away, (\d+ to \d+ minutes|up to \d+ minutes?|about \d+ minutes?|less than a minute)/,
        );
        await expect(header.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
        await expect(header).toContainText(/On time|Under 3 minutes|Final minute/);
        await expect(
          memberPage.getByRole('heading', { name: 'Your ranked list — used if you miss your turn' }),
        ).toBeVisible();
        await expect(memberPage.getByRole('button', { name: 'Bid', exact: true })).toHaveCount(0);
        const memberStayed = await markDocument(memberPage);

        await watcherPage.goto(`/live-bid/${sessionId}`);
        await expect(watcherPage.getByRole('region', { name: 'On the clock' })).toBeVisible({ timeout: 30_000 });
        const watcherStayed = await markDocument(watcherPage);

        // The captain's and the lieutenant's seats are phoned in; the follower's turn comes.
        await placePhoneInBidForTurnHolder(adminPage, sessionId);
        await expect(header).toContainText(
          /You're next, (\d+ to \d+ minutes|up to \d+ minutes?|about \d+ minutes?|less than a minute)/,
        );
        await placePhoneInBidForTurnHolder(adminPage, sessionId);
        await expect(header.getByRole('heading', { name: "You're on the clock" })).toBeVisible();
        // Announced by the page's one live region, which sits beside the header so it outlives the
        // header's switch to an outcome card.
        const announcements = memberPage.getByRole('status');
        await expect(announcements.filter({ hasText: 'Your turn has started' })).toHaveCount(1);
        const panel = memberPage.getByRole('region', { name: 'Your bid' });
        await expect(panel.getByRole('heading', { name: 'Your bid' })).toBeFocused();

        // One bid action: the seat of their ranked list, Bid, and a confirmation naming the seat.
        await expect(memberPage.getByRole('button', { name: /\bbid\b/i })).toHaveCount(1);
        await panel.getByRole('radio', { name: `1. ${seat}` }).check();
        await panel.getByRole('button', { name: 'Bid', exact: true }).click();
        const dialog = memberPage.getByRole('dialog', { name: `Bid for ${seat}?` });
        await dialog.getByRole('button', { name: 'Confirm bid' }).click();
        await expect(dialog).toBeHidden();
        // The award, in a lasting card in the header's place, and announced in the card's words.
        const award = memberPage.getByRole('region', { name: `You got ${seat.replaceAll(', ', ' · ')}` });
        await expect(award).toBeVisible();
        await expect(announcements.filter({ hasText: `You got ${seat.replaceAll(', ', ' · ')}` })).toHaveCount(1);
        await expect(panel).toBeHidden();

        // The other member's feed shows the pick, newest first, without a reload.
        const feed = watcherPage.getByRole('region', { name: 'Latest picks' });
        await expect(feed.getByRole('listitem').first()).toContainText(`Engineer ${follower.lastName} took ${seat}`);
        await expect(feed.getByRole('listitem').nth(1)).toContainText(`Lieutenant ${second.lastName} took Station`);
        await memberStayed();
        await watcherStayed();
        // Nothing is wider than the screen.
        for (const page of [memberPage, watcherPage]) {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        }
      } finally {
        await endSession(adminPage, sessionId).catch(() => undefined);
        await Promise.all([adminPage, memberPage, watcherPage].map((page) => page.context().close()));
      }
    });
  });
}
