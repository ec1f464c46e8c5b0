/**
 * "What will I likely get" through the API (bidding-rules.md, "Forecast"): a member's own forecast
 * from the saved lists of the members ahead, before the session and as picks are made, without
 * naming anyone; refused to those outside the session and once it has completed. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { ForecastAnswer } from '@stationbid/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats } from '../session-engine/test-sessions.ts';

let context: TestContext;
let adminEmail: string;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email;
});
afterAll(async () => context?.close());
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
});

const inject = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method, url, ...(payload ? { payload } : {}) });

/**
 * The forecast once it is worked out for the session as it stands: an answer from the version
 * before is marked not up to date while the new one is made, so the page (and this test) ask again.
 */
async function readForecast(who: SignedIn, sessionId: string): Promise<ForecastAnswer> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await inject(who, 'GET', `/api/bid-sessions/${sessionId}/forecast`);
    expect(response.statusCode, response.body).toBe(200);
    const { forecast } = response.json<{ forecast: ForecastAnswer }>();
    if (forecast.upToDate) return forecast;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the forecast never caught up with the session');
}

/** Hale, Quinn, Ortiz and Park, most senior first; one A-shift, one B-shift and two C-shift Firefighter seats. */
async function scheduledSession() {
  const people = [];
  for (const values of [
    { firstName: 'Avery', lastName: 'Hale', yearsOfService: 25 },
    { firstName: 'Blair', lastName: 'Quinn', yearsOfService: 15 },
    { firstName: 'Casey', lastName: 'Ortiz', yearsOfService: 5 },
    { firstName: 'Devon', lastName: 'Park', yearsOfService: 2 },
  ]) {
    const member = await createMember(context, values);
    people.push({ ...member, signedIn: await signIn(context, member.email) });
  }
  const { station } = await createStationWithSeats(context.db, {
    A: { Firefighter: 1 },
    B: { Firefighter: 1 },
    C: { Firefighter: 2 },
  });
  const session = await createSession(context, admin, {
    participantIds: people.map((person) => person.id),
    stationIds: [station.id],
    // Scheduled: members see it (and their forecast) before it starts; drafts are the administrators'.
    scheduledStart: new Date(context.clock.now().getTime() + 86_400_000).toISOString(),
  });
  const saveList = async (who: SignedIn, shifts: string[]) => {
    const response = await inject(who, 'PUT', '/api/users/preferences', {
      seatChoices: shifts.map((shift) => ({ stationId: station.id, shift, seatPosition: 'Firefighter' })),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { people, station, sessionId: session.id, saveList };
}

const explained = (forecast: ForecastAnswer) =>
  forecast.choices.map((choice) => [choice.place, choice.shift, choice.chance, choice.explanation]);

describe("a member's forecast", () => {
  it('tells each choice from the lists ahead before the session, and follows the picks as they are made', async () => {
    const { people, station, sessionId, saveList } = await scheduledSession();
    type Person = (typeof people)[number];
    const [hale, quinn, ortiz, park] = people as [Person, Person, Person, Person];
    await saveList(hale.signedIn, ['A']);
    await saveList(quinn.signedIn, ['A', 'B']);
    await saveList(ortiz.signedIn, ['B', 'C']);
    // Park has no list.

    const before = await readForecast(ortiz.signedIn, sessionId);
    expect(before).toMatchObject({ turn: 'waiting', membersAhead: 2, membersAheadWithoutList: 0, expectedPlace: 2 });
    expect(before.summary).toBe(
      `You would likely get: your 2nd choice, Station ${station.number} · C shift · Firefighter.`,
    );
    expect(explained(before)).toEqual([
      [
        1,
        'B',
        'unlikely',
        'Unlikely: members ahead of you have these seats on their saved lists (1 seat taken before your turn)',
      ],
      [2, 'C', 'likely', 'Likely: all 2 members ahead of you have saved lists that leave it free'],
    ]);
    // Nothing on Park's list: he is told what to do.
    expect((await readForecast(park.signedIn, sessionId)).summary).toBe(
      'Save a ranked list of seats to see which are likely still free at your turn.',
    );

    expect((await inject(admin, 'POST', `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);
    // Hale bids B instead of the A his list says: Quinn's list now gets A, and Ortiz's 1st choice is gone for sure.
    const bid = await inject(hale.signedIn, 'POST', '/api/bid-sessions/submit-bid', {
      sessionId,
      bidData: { station: station.id, shift: 'B', position: 'Firefighter' },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    const during = await readForecast(ortiz.signedIn, sessionId);
    expect(during).toMatchObject({ turn: 'waiting', membersAhead: 1, expectedPlace: 2 });
    expect(during.choices.map((choice) => [choice.shift, choice.freeAtTurn, choice.chance])).toEqual([
      ['B', false, 'unlikely'],
      ['C', true, 'likely'],
    ]);
    // Hale's turn has come and gone.
    expect(await readForecast(hale.signedIn, sessionId)).toMatchObject({ turn: 'turnTaken', choices: [] });
    // Quinn is on the clock: what is free now.
    const quinnNow = await readForecast(quinn.signedIn, sessionId);
    expect(quinnNow.turn).toBe('onTheClock');
    expect(quinnNow.choices.map((choice) => choice.explanation)).toEqual([
      'Free now: it is your turn',
      'Taken: none of these seats is free now',
    ]);
    // Nobody's list or name is told to another member.
    expect(JSON.stringify(during)).not.toMatch(/Hale|Quinn/);
  });

  it('answers only a participant, only their own, and says why once the session has completed', async () => {
    const { sessionId } = await scheduledSession();
    const outsider = await createMember(context, { firstName: 'Olly', lastName: 'Outside' });
    const asOutsider = await inject(
      await signIn(context, outsider.email),
      'GET',
      `/api/bid-sessions/${sessionId}/forecast`,
    );
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json()).toMatchObject({ error: 'You are not a participant in this session' });

    const unknown = await inject(admin, 'GET', '/api/bid-sessions/00000000-0000-4000-8000-000000000000/forecast');
    expect(unknown.statusCode).toBe(404);
    const malformed = await inject(admin, 'GET', '/api/bid-sessions/not-an-id/forecast');
    expect(malformed.statusCode).toBe(400);

    expect((await inject(admin, 'POST', `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);
    expect((await inject(admin, 'POST', `/api/bid-sessions/${sessionId}/end`)).statusCode).toBe(200);
    const completed = await inject(admin, 'GET', `/api/bid-sessions/${sessionId}/forecast`);
    expect(completed.statusCode).toBe(409);
    expect(completed.json()).toMatchObject({
      error: 'This session has completed: your result is on the board and in the results.',
    });
  });
});
