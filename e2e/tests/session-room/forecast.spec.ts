import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  createMember,
  endSession,
  type NewMember,
  type OfferedStation,
  type SessionDetail,
  type Shift,
  saveRankedList,
  signInAdminInNewContext,
  signInInNewContext,
  specFirefighters,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Forecast ..." and the members "Forecast ..." belong to this file: three
// firefighters of its own, most senior first.
const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Two kinds of Firefighter seat with exactly one free seat each, so one pick decides each. */
function twoSingleSeats(session: SessionDetail): { station: OfferedStation; shift: Shift }[] {
  const found: { station: OfferedStation; shift: Shift }[] = [];
  for (const station of [...session.availableStations].reverse()) {
    for (const shift of ['C', 'B', 'A'] as const) {
      const firefighters = station.availablePositions[shift].find((seat) => seat.position === 'Firefighter');
      if (firefighters?.count === 1) found.push({ station, shift });
      if (found.length === 2) return found;
    }
  }
  throw new Error('the session offers fewer than two kinds of Firefighter seat with one free seat');
}

const seatWords = ({ station, shift }: { station: OfferedStation; shift: Shift }) =>
  `Station ${station.number} · ${shift} shift · Firefighter`;

/** Blair's forecast on the session page, unfolded on the phone. */
async function openForecast(page: Page) {
  const forecast = page.getByRole('region', { name: 'What will I likely get' });
  await expect(forecast).toBeVisible();
  const show = forecast.getByRole('button', { name: /^Show your choices/ });
  // The panel loads on demand: wait for the forecast itself, folded (a phone) or not.
  await expect(show.or(forecast.getByRole('list', { name: 'Your choices, likely or not' }))).toBeVisible();
  if (await show.isVisible()) await show.click();
  return forecast;
}

test.describe("a member's forecast", () => {
  test('tells a waiting member which choices the lists ahead leave free, and follows the picks', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const runId = Date.now().toString(36);
    const members = specFirefighters('Forecast', 'FC', runId, [28, 18, 8]);
    const [avery, blair, casey] = members as [NewMember, NewMember, NewMember];
    const adminPage = await signInAdminInNewContext(browser);
    const averyId = await createMember(adminPage, avery);
    for (const member of [blair, casey]) await createMember(adminPage, member);
    const sessionId = await createAndStartSession(adminPage, {
      name: `E2E Forecast ${runId}`,
      year: 2026,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      participantEmails: members.map((member) => member.email),
    });
    const averyPage = await signInInNewContext(browser, avery.email, avery.password);
    const blairPage = await signInInNewContext(browser, blair.email, blair.password, PHONE_VIEWPORT);
    try {
      const { session } = await callApi<{ session: SessionDetail }>(adminPage, 'GET', `/bid-sessions/${sessionId}`);
      const [first, second] = twoSingleSeats(session) as [
        { station: OfferedStation; shift: Shift },
        { station: OfferedStation; shift: Shift },
      ];
      const choiceOf = ({ station, shift }: typeof first) => ({
        stationId: station.id,
        shift,
        seatPosition: 'Firefighter' as const,
      });
      // Avery, on the clock, wants the first seat; Blair wants it too, then the second.
      await saveRankedList(averyPage, [choiceOf(first)]);
      await saveRankedList(blairPage, [choiceOf(first), choiceOf(second)]);

      await blairPage.goto('/bidding');
      let forecast = await openForecast(blairPage);
      await expect(forecast).toContainText(`You would likely get: your 2nd choice, ${seatWords(second)}.`);
      const choices = forecast.getByRole('list', { name: 'Your choices, likely or not' });
      await expect(choices.getByRole('listitem')).toHaveCount(2);
      await expect(choices.getByRole('listitem').nth(0)).toContainText('Unlikely');
      await expect(choices.getByRole('listitem').nth(0)).toContainText(
        'members ahead of you have these seats on their saved lists',
      );
      await expect(choices.getByRole('listitem').nth(1)).toContainText('Likely');
      await expect(choices.getByRole('listitem').nth(1)).toContainText('Your likely seat');
      // No other member's name or list is told.
      await expect(forecast).not.toContainText(avery.firstName);

      // Avery bids the second seat instead: Blair's first choice is free after all, and it is her turn.
      await callApi(adminPage, 'POST', '/bid-sessions/submit-bid', {
        sessionId,
        bidData: { station: second.station.id, shift: second.shift, position: 'Firefighter' },
        userId: averyId,
      });
      forecast = blairPage.getByRole('region', { name: 'What will I likely get' });
      await expect(forecast).toContainText(`Your best choice still free: your 1st choice, ${seatWords(first)}.`, {
        timeout: 15_000,
      });
    } finally {
      await endSession(adminPage, sessionId).catch(() => undefined);
      for (const page of [averyPage, blairPage, adminPage]) await page.context().close();
    }
  });
});
