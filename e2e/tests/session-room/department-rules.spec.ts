import { expect, test } from '@playwright/test';
import {
  callApi,
  createAndStartSession,
  endSession,
  findMemberIdsByEmail,
  placePhoneInBidForTurnHolder,
  signInAdminInNewContext,
  signInInNewContext,
} from '../../fixtures/sessions.ts';

// Sessions named "E2E Department Rules ..." belong to this file, and so do its four members: no
// other spec puts them in a session. From the demo department: Priya Natarajan (Lieutenant, holds
// a Paramedic card), Chloe Bennett (Firefighter, Paramedic), Ava Schmidt (Firefighter, no card) and
// Harper Quinn (Firefighter, no card). Station 2's B-shift Firefighter seats 2 and 3 need a
// Paramedic and must be filled; seat 1 does not.
const PASSWORD = 'stationbid-member';
const PRIYA = { email: 'priya.natarajan@stationbid.example', name: 'Priya Natarajan' };
const CHLOE = { email: 'chloe.bennett@stationbid.example', name: 'Chloe Bennett' };
const AVA = { email: 'ava.schmidt@stationbid.example', name: 'Ava Schmidt' };
const HARPER = { email: 'harper.quinn@stationbid.example', name: 'Harper Quinn' };
const PHONE_VIEWPORT = { width: 390, height: 844 };

const ROUNDS = [
  {
    name: "Officers' round",
    ranks: ['Chief', 'Deputy Chief', 'Battalion Chief', 'Captain', 'Lieutenant'],
    bidWindowDuration: 5,
  },
  { name: "Engineers' round", ranks: ['Engineer'], bidWindowDuration: 5 },
  { name: "Firefighters' round", ranks: ['Firefighter'], bidWindowDuration: 5 },
];

interface StationRef {
  id: string;
  number: number;
  name: string;
}

test.describe("a department's rules", () => {
  test('officers bid first, a standing bid resolves by itself, and a seat that needs a Paramedic is refused to a member without the card', async ({
    browser,
  }) => {
    // Three sign-ins and a session through four turns: more than the default minute on a busy runner.
    test.setTimeout(180_000);
    const adminPage = await signInAdminInNewContext(browser);
    const { stations } = await callApi<{ stations: StationRef[] }>(adminPage, 'GET', '/stations');
    const northside = stations.find((station) => station.number === 2);
    if (!northside) throw new Error('The demo department has no Station 2');

    // Ava leaves a standing bid on Station 2's B-shift Firefighter seats before the session starts.
    const avaPage = await signInInNewContext(browser, AVA.email, PASSWORD);
    await avaPage.evaluate(async (stationId) => {
      const response = await fetch('/api/users/preferences', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          standingBid: true,
          seatChoices: [{ stationId, shift: 'B', seatPosition: 'Firefighter' }],
        }),
      });
      if (!response.ok) throw new Error(`PUT /users/preferences answered ${response.status}`);
    }, northside.id);
    await avaPage.context().close();

    const sessionId = await createAndStartSession(adminPage, {
      name: `E2E Department Rules ${Date.now().toString(36)}`,
      description: 'Started by the department rules browser test.',
      year: 2026,
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      participantEmails: [HARPER.email, AVA.email, CHLOE.email, PRIYA.email],
      rounds: ROUNDS,
    });
    const harper = await signInInNewContext(browser, HARPER.email, PASSWORD, PHONE_VIEWPORT);
    try {
      // The Lieutenant bids first, in the officers' round, though the firefighters are listed first.
      await harper.goto('/bidding');
      const header = harper.getByRole('region', { name: 'On the clock' });
      await expect(header.getByRole('heading', { name: `${PRIYA.name} is on the clock` })).toBeVisible();
      await expect(harper.getByText("Officers' round").first()).toBeVisible();

      // The administrator phones in for Priya, then for Chloe, the department's last Paramedic
      // firefighter: the plain seat is refused to her, a Paramedic seat is hers.
      await placePhoneInBidForTurnHolder(adminPage, sessionId);
      const [chloeId] = await findMemberIdsByEmail(adminPage, [CHLOE.email]);
      await callApi(adminPage, 'POST', '/bid-sessions/submit-bid', {
        sessionId,
        userId: chloeId,
        bidData: { station: northside.id, shift: 'B', position: 'Firefighter' },
      });

      // Ava's turn resolves by itself, and Harper's phone shows it without a reload.
      await expect(
        harper.getByText("Firefighter Schmidt's standing bid took Station 2, B shift, Firefighter").first(),
      ).toBeVisible();
      await expect(header.getByRole('heading', { name: "You're on the clock" })).toBeVisible();

      // The last free seat of that kind needs a Paramedic: the administrator's phone-in for Harper is refused, and says why.
      await adminPage.goto('/admin/bid-sessions');
      const control = adminPage.getByRole('region', { name: 'Admin Session Control' });
      await expect(control).toContainText(`Current participant${HARPER.name}`);
      const form = control.getByRole('form', { name: `Phone-in bid for ${HARPER.name}` });
      await form.getByRole('combobox', { name: 'Station' }).selectOption(northside.id);
      await form.getByRole('combobox', { name: 'Shift' }).selectOption('B');
      await form.getByRole('combobox', { name: 'Position' }).selectOption('Firefighter');
      await form.getByRole('button', { name: `Submit Bid for ${HARPER.name}` }).click();
      const refusal = form.getByRole('alert');
      await expect(refusal).toContainText('The bid was not accepted');
      await expect(refusal).toContainText(
        "Station 2's B-shift Firefighter/PM seat needs Paramedic; Harper Quinn does not hold it.",
      );
    } finally {
      await endSession(adminPage, sessionId).catch(() => undefined);
      await harper.context().close();
      await adminPage.context().close();
    }
  });
});
