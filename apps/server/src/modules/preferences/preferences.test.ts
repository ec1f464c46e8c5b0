/**
 * GET and PUT /api/users/preferences: defaults, a round trip, every refusal, and the engine using
 * what was saved when a turn runs out. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { BID_PREFERENCE_LIMITS, BID_PREFERENCE_MESSAGES, DEFAULT_BID_PREFERENCES, LIMITS } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import {
  createStationWithSeats,
  readCurrentSeatId,
  readHistory,
  startSession,
} from '../session-engine/test-sessions.ts';

const MINUTE = 60_000;
const URL = '/api/users/preferences';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => context?.close());

async function signedInMember(values: Parameters<typeof createMember>[1] = {}) {
  const row = await createMember(context, values);
  return { row, auth: await signIn(context, row.email) };
}

const getPreferences = (who: SignedIn) => injectAs(context, who, { method: 'GET', url: URL });
const putPreferences = (who: SignedIn, payload: Record<string, unknown>) =>
  injectAs(context, who, { method: 'PUT', url: URL, payload });

describe('reading preferences', () => {
  it('answers the defaults when none are stored', async () => {
    const { auth } = await signedInMember();
    const response = await getPreferences(auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ preferences: { ...DEFAULT_BID_PREFERENCES, version: 0 } });
  });

  it('has auto-bid on until the member turns it off, for a list stored without the setting too', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const seatChoices = [{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }];
    const { auth } = await signedInMember({ bidPreferences: { seatChoices } });
    expect((await getPreferences(auth)).json().preferences).toMatchObject({ autoBid: true, seatChoices });
    // A list saved without naming auto-bid keeps it on; turned off, it stays off.
    expect((await putPreferences(auth, { seatChoices })).json().preferences.autoBid).toBe(true);
    expect((await putPreferences(auth, { autoBid: false })).json().preferences.autoBid).toBe(false);
    expect((await putPreferences(auth, { seatChoices: [] })).json().preferences.autoBid).toBe(false);
    expect((await putPreferences(auth, { seatChoices })).json().preferences.autoBid).toBe(false);
  });

  it('reads an older or damaged record field by field', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const { auth } = await signedInMember({
      bidPreferences: {
        autoBid: true,
        choices: [{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }],
        preferredShifts: ['Day'],
        maxBidAttempts: 99,
      },
    });
    const { preferences } = (await getPreferences(auth)).json();
    expect(preferences.autoBid).toBe(true);
    expect(preferences.seatChoices).toEqual([{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }]);
    expect(preferences.preferredShifts).toEqual([]);
    expect(preferences.maxBidAttempts).toBe(LIMITS.maxBidAttemptsDefault);
  });
});

describe('saving preferences', () => {
  it('stores what was sent and answers it, with the success message', async () => {
    const one = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 1 } });
    const two = await createStationWithSeats(context.db, { C: { Engineer: 1 } });
    const { row, auth } = await signedInMember();
    const preferences = {
      ...DEFAULT_BID_PREFERENCES,
      autoBid: true,
      seatChoices: [
        { stationId: two.station.id, shift: 'C', seatPosition: 'Engineer' },
        { stationId: one.station.id, shift: 'A', seatPosition: 'Firefighter' },
      ],
      preferredStations: [two.station.id, one.station.id],
      preferredShifts: ['C', 'A'],
      autoBidStrategy: 'closest',
      maxBidAttempts: 5,
      bidTimeout: 120,
      smsNotifications: true,
      bidReminders: false,
    };
    const saved = await putPreferences(auth, preferences);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      preferences: { ...preferences, version: 1 },
      message: BID_PREFERENCE_MESSAGES.updated,
    });
    expect((await getPreferences(auth)).json()).toEqual({ preferences: { ...preferences, version: 1 } });
    // The notification flags are the member's own columns, shared with Notification Settings.
    const [stored] = await context.db.select().from(members).where(eq(members.id, row.id));
    expect(stored).toMatchObject({ smsNotifications: true, bidReminders: false });
    expect(stored?.bidPreferences).not.toHaveProperty('smsNotifications');
  });

  it("counts each save in the version, and tells the member's own live streams", async () => {
    const { row, auth } = await signedInMember();
    const publish = vi.spyOn(context.app.live, 'publish');
    try {
      expect((await putPreferences(auth, { standingBid: false })).json().preferences.version).toBe(1);
      expect((await putPreferences(auth, { standingBid: false, version: 1 })).json().preferences.version).toBe(2);
      expect((await getPreferences(auth)).json().preferences.version).toBe(2);
      expect(publish).toHaveBeenCalledWith({ type: 'preferences.changed', memberId: row.id, version: 2 });
      // A refused save tells nobody.
      publish.mockClear();
      expect((await putPreferences(auth, { autoBid: true, version: 1 })).statusCode).toBe(409);
      expect(publish).not.toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
  });

  it('refuses with 409 a save made on a copy older than the stored list, keeping the stored list', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 1 } });
    const { auth } = await signedInMember();
    const a = { stationId: station.id, shift: 'A', seatPosition: 'Firefighter' };
    const b = { stationId: station.id, shift: 'B', seatPosition: 'Firefighter' };
    // Both devices read version 0; the phone saves first.
    const { version } = (await getPreferences(auth)).json().preferences;
    expect((await putPreferences(auth, { seatChoices: [a, b], version })).statusCode).toBe(200);
    // The desktop's copy, still empty, saved back: refused, saying why, with the stored version.
    const stale = await putPreferences(auth, { seatChoices: [], version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: BID_PREFERENCE_MESSAGES.changedElsewhere, version: 1 });
    expect((await getPreferences(auth)).json().preferences).toMatchObject({ seatChoices: [a, b], version: 1 });
    // Made again on the copy read now, it applies.
    const again = await putPreferences(auth, { seatChoices: [b], version: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().preferences).toMatchObject({ seatChoices: [b], version: 2 });
  });

  it('applies a save without a version over whatever is stored, as clients written before it expect', async () => {
    const { auth } = await signedInMember();
    await putPreferences(auth, { preferredShifts: ['A'] });
    await putPreferences(auth, { preferredShifts: ['B'] });
    const saved = await putPreferences(auth, { preferredShifts: ['C'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toMatchObject({ preferredShifts: ['C'], version: 3 });
  });

  it('refuses a version that is not a whole number of 0 or more', async () => {
    const { auth } = await signedInMember();
    for (const version of [-1, 1.5, 'latest']) {
      const response = await putPreferences(auth, { autoBid: true, version });
      expect(response.statusCode, String(version)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(BID_PREFERENCE_MESSAGES.versionInvalid);
    }
  });

  it('keeps the fields a save leaves out', async () => {
    const { auth } = await signedInMember();
    await putPreferences(auth, { preferredShifts: ['B'], emailNotifications: false });
    const saved = await putPreferences(auth, { autoBid: true });
    expect(saved.json().preferences).toEqual({
      ...DEFAULT_BID_PREFERENCES,
      autoBid: true,
      preferredShifts: ['B'],
      emailNotifications: false,
      version: 2,
    });
  });

  it('refuses stations that do not exist, naming them', async () => {
    const { auth } = await signedInMember();
    const missing = '00000000-0000-4000-8000-000000000001';
    for (const payload of [
      { seatChoices: [{ stationId: missing, shift: 'A', seatPosition: 'Firefighter' }] },
      { preferredStations: [missing] },
    ]) {
      const response = await putPreferences(auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: BID_PREFERENCE_MESSAGES.stationUnknown, stationIds: [missing] });
    }
    expect((await getPreferences(auth)).json().preferences).toEqual({ ...DEFAULT_BID_PREFERENCES, version: 0 });
  });

  it('refuses every invalid field with its message', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const { auth } = await signedInMember();
    const choice = { stationId: station.id, shift: 'A', seatPosition: 'Firefighter' };
    const tooMany = Array.from({ length: BID_PREFERENCE_LIMITS.seatChoicesMax + 1 }, (_, index) => ({
      ...choice,
      shift: ['A', 'B', 'C'][index % 3],
      stationId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    }));
    const refusals: [Record<string, unknown>, string][] = [
      [{ seatChoices: [choice, choice] }, BID_PREFERENCE_MESSAGES.seatChoiceDuplicate],
      [{ seatChoices: tooMany }, BID_PREFERENCE_MESSAGES.seatChoicesTooMany],
      [{ seatChoices: [{ ...choice, shift: 'Day' }] }, 'Shift must be A, B or C'],
      [{ seatChoices: [{ ...choice, seatPosition: 'Chief' }] }, BID_PREFERENCE_MESSAGES.seatPositionInvalid],
      [{ seatChoices: [{ ...choice, stationId: 'Station 1' }] }, BID_PREFERENCE_MESSAGES.stationUnknown],
      [{ preferredStations: [station.id, station.id] }, BID_PREFERENCE_MESSAGES.preferredStationsDuplicate],
      [{ preferredShifts: ['A', 'A'] }, BID_PREFERENCE_MESSAGES.preferredShiftsDuplicate],
      [{ preferredShifts: ['Dawn'] }, 'Shift must be A, B or C'],
      [{ maxBidAttempts: 'five' }, BID_PREFERENCE_MESSAGES.maxBidAttemptsRange],
      [{ autoBidStrategy: 'fastest' }, BID_PREFERENCE_MESSAGES.strategyInvalid],
      [{ maxBidAttempts: 0 }, BID_PREFERENCE_MESSAGES.maxBidAttemptsRange],
      [{ maxBidAttempts: 11 }, BID_PREFERENCE_MESSAGES.maxBidAttemptsRange],
      [{ maxBidAttempts: 2.5 }, BID_PREFERENCE_MESSAGES.maxBidAttemptsRange],
      [{ bidTimeout: 9 }, BID_PREFERENCE_MESSAGES.bidTimeoutRange],
      [{ bidTimeout: 301 }, BID_PREFERENCE_MESSAGES.bidTimeoutRange],
    ];
    for (const [payload, message] of refusals) {
      const response = await putPreferences(auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(message);
    }
    expect((await putPreferences(auth, { autoBid: 'yes' })).statusCode).toBe(400);
    expect((await getPreferences(auth)).json().preferences).toEqual({ ...DEFAULT_BID_PREFERENCES, version: 0 });
  });

  it('keeps the ranked list in the order sent, and a new list replaces the old one whole', async () => {
    const { station } = await createStationWithSeats(context.db, {
      A: { Firefighter: 1 },
      B: { Firefighter: 1 },
      C: { Firefighter: 1 },
    });
    const { auth } = await signedInMember();
    const seat = (shift: 'A' | 'B' | 'C') => ({ stationId: station.id, shift, seatPosition: 'Firefighter' });
    for (const seatChoices of [[seat('C'), seat('A'), seat('B')], [seat('B'), seat('C'), seat('A')], [seat('A')], []]) {
      const saved = await putPreferences(auth, { seatChoices });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().preferences.seatChoices).toEqual(seatChoices);
      expect((await getPreferences(auth)).json().preferences.seatChoices).toEqual(seatChoices);
    }
  });

  it('refuses the same seat twice anywhere in the list, and keeps the stored list', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 1 } });
    const { auth } = await signedInMember();
    const a = { stationId: station.id, shift: 'A', seatPosition: 'Firefighter' };
    const b = { stationId: station.id, shift: 'B', seatPosition: 'Firefighter' };
    expect((await putPreferences(auth, { seatChoices: [b, a] })).statusCode).toBe(200);
    const refused = await putPreferences(auth, { seatChoices: [a, b, a] });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(BID_PREFERENCE_MESSAGES.seatChoiceDuplicate);
    expect((await getPreferences(auth)).json().preferences.seatChoices).toEqual([b, a]);
  });

  it('refuses a seat the station does not have on that shift, naming it', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Engineer: 1 } });
    const { auth } = await signedInMember();
    const missing = { stationId: station.id, shift: 'B', seatPosition: 'Firefighter' };
    const response = await putPreferences(auth, {
      seatChoices: [{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }, missing],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: `Station ${station.number} has no Firefighter seat on B shift`,
      seatChoices: [missing],
    });
    expect((await getPreferences(auth)).json().preferences.seatChoices).toEqual([]);
  });

  it("accepts a seat of another position than the member's rank: each session decides eligibility", async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Engineer: 1 } });
    const { auth } = await signedInMember({ rank: 'Firefighter', position: 'Firefighter' });
    const seatChoices = [{ stationId: station.id, shift: 'A', seatPosition: 'Engineer' }];
    const response = await putPreferences(auth, { seatChoices });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().preferences.seatChoices).toEqual(seatChoices);
  });

  it('answers 401 without a token', async () => {
    expect((await context.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const put = await context.app.inject({ method: 'PUT', url: URL, payload: { autoBid: true } });
    expect(put.statusCode).toBe(401);
  });
});

describe('the engine using saved preferences', () => {
  it('awards the first still-free choice when the turn runs out', async () => {
    const admin = await signIn(context, (await createAdmin(context)).email);
    const taken = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const free = await createStationWithSeats(context.db, { B: { Firefighter: 1 } });
    const takenSeat = taken.seats[0];
    const freeSeat = free.seats[0];
    if (!takenSeat || !freeSeat) throw new Error('seats were not created');
    // Someone outside the session holds the first choice.
    await createMember(context, { currentSeatId: takenSeat.id });
    const { row, auth } = await signedInMember({ rank: 'Firefighter', position: 'Firefighter', yearsOfService: 8 });
    const saved = await putPreferences(auth, {
      autoBid: true,
      seatChoices: [
        { stationId: taken.station.id, shift: 'A', seatPosition: 'Firefighter' },
        { stationId: free.station.id, shift: 'B', seatPosition: 'Firefighter' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const sessionId = await startSession(context, admin, {
      participantIds: [row.id],
      stationIds: [taken.station.id, free.station.id],
    });
    context.clock.advance(60 * MINUTE);
    await context.app.turnClock.tick();
    expect(await readCurrentSeatId(context.db, row.id)).toBe(freeSeat.id);
    // By the auto-bid list, not by the last-resort assignment that would have found the same seat.
    const awarded = (await readHistory(context.db, sessionId)).find((entry) => entry.action === 'auto_assigned');
    expect(awarded?.details).toMatchObject({ source: 'auto_bid' });
  });
  it('follows the order as saved at the deadline: a list reordered during the session awards its new first choice', async () => {
    const admin = await signIn(context, (await createAdmin(context)).email);
    const one = await createStationWithSeats(context.db, { C: { Firefighter: 1 } });
    const two = await createStationWithSeats(context.db, { C: { Firefighter: 1 } });
    const secondSeat = two.seats[0];
    if (!secondSeat) throw new Error('seats were not created');
    const { row, auth } = await signedInMember({ rank: 'Firefighter', position: 'Firefighter', yearsOfService: 8 });
    const first = { stationId: one.station.id, shift: 'C', seatPosition: 'Firefighter' };
    const second = { stationId: two.station.id, shift: 'C', seatPosition: 'Firefighter' };
    expect((await putPreferences(auth, { autoBid: true, seatChoices: [first, second] })).statusCode).toBe(200);
    await startSession(context, admin, { participantIds: [row.id], stationIds: [one.station.id, two.station.id] });
    // Reordered while the session runs (its engine state is already read and kept): both seats are
    // free, so only the order at the deadline decides.
    expect((await putPreferences(auth, { seatChoices: [second, first] })).statusCode).toBe(200);
    context.clock.advance(60 * MINUTE);
    await context.app.turnClock.tick();
    expect(await readCurrentSeatId(context.db, row.id)).toBe(secondSeat.id);
  });
});

describe("the spec client's preference options (contract gap 6)", () => {
  it('accepts "Day"/"Night" shift options, "Station N" station options and numeric strings', async () => {
    const { station: stationOne } = await createStationWithSeats(
      context.db,
      { A: { Firefighter: 1 } },
      { number: 901 },
    );
    const { station: stationTwo } = await createStationWithSeats(
      context.db,
      { A: { Firefighter: 1 } },
      { number: 902 },
    );
    const { auth } = await signedInMember();
    const response = await putPreferences(auth, {
      preferredShifts: ['Day', 'Night', 'A', 'Shift C'],
      preferredStations: ['Station 901', '902'],
      maxBidAttempts: '4',
      bidTimeout: '60',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().preferences).toMatchObject({
      preferredShifts: ['A', 'C'],
      preferredStations: [stationOne.id, stationTwo.id],
      maxBidAttempts: 4,
      bidTimeout: 60,
    });
    const unknown = await putPreferences(auth, { preferredStations: ['Station 999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(BID_PREFERENCE_MESSAGES.stationUnknown);
  });
});
