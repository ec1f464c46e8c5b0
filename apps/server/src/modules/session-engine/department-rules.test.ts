/**
 * A department's rules through the API (bidding-rules.md): rounds on create and edit, a bid
 * refused for a certification that expired before the session's day, a must-fill seat a member
 * may not leave unfillable, a standing bid that resolves as the turn begins, and a record of all of
 * it that the verifier's replay accepts. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { checkRecordContent, officersFirstRounds, type SessionRecordDocument } from '@stationbid/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bidSessions, certifications, memberCertifications, members, seats } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats, readHistory, readParticipants } from './test-sessions.ts';

const MINUTE = 60_000;

let context: TestContext;
let adminEmail: string;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email;
  await context.db.insert(certifications).values({ code: 'PM', name: 'Paramedic' }).onConflictDoNothing();
});
afterAll(async () => context?.close());
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
});

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

function bid(who: SignedIn, sessionId: string, station: number, shift: string, position: string) {
  return post(who, '/api/bid-sessions/submit-bid', { sessionId, bidData: { station, shift, position } });
}

async function holdParamedic(memberId: string, expiresOn: string | null) {
  const [row] = await context.db.select().from(certifications).where(eq(certifications.code, 'PM'));
  if (!row) throw new Error('no PM certification');
  await context.db.insert(memberCertifications).values({ memberId, certificationId: row.id, expiresOn });
}

/** Marks the station's seats of one shift and position as needing a Paramedic, and must-fill when asked. */
async function requireParamedic(seatIds: readonly string[], mustFill: boolean) {
  await context.db
    .update(seats)
    .set({ requires: ['PM'], mustFill })
    .where(inArray(seats.id, [...seatIds]));
}

async function readRecord(sessionId: string) {
  const response = await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}/record` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionRecordDocument>();
}

describe('rounds', () => {
  it('runs the officers first, each round with its own bid window, names the round, and replays', async () => {
    const firefighter = await createMember(context, { firstName: 'Fay', lastName: 'Early', yearsOfService: 30 });
    const captain = await createMember(context, {
      firstName: 'Cal',
      lastName: 'Captain',
      rank: 'Captain',
      yearsOfService: 5,
    });
    const { station } = await createStationWithSeats(context.db, { A: { Captain: 1, Firefighter: 1 } });
    const session = await createSession(context, admin, {
      participantIds: [firefighter.id, captain.id],
      stationIds: [station.id],
      rounds: officersFirstRounds(10).map((round, index) => ({ ...round, bidWindowDuration: index === 0 ? 10 : 3 })),
    });
    expect(session.rounds.map((round) => [round.name, round.bidWindowDuration])).toEqual([
      ["Officers' round", 10],
      ["Engineers' round", 3],
      ["Firefighters' round", 3],
    ]);
    // The captain bids first although the firefighter has served longer.
    expect(session.participants.map((participant) => [participant.user.lastName, participant.round])).toEqual([
      ['Captain', 0],
      ['Early', 2],
    ]);

    const startedAt = context.clock.now().getTime();
    const started = await post(admin, `/api/bid-sessions/${session.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().session.currentBidEnd).toBe(new Date(startedAt + 10 * MINUTE).toISOString());

    const captainAuth = await signIn(context, captain.email);
    expect((await bid(captainAuth, session.id, station.number, 'A', 'Captain')).statusCode).toBe(200);
    const after = (await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${session.id}` })).json()
      .session;
    expect(after.currentBidEnd).toBe(new Date(context.clock.now().getTime() + 3 * MINUTE).toISOString());

    const history = await readHistory(context.db, session.id);
    expect(history.filter((entry) => entry.action === 'round_started').map((entry) => entry.details)).toEqual([
      { round: 1, name: "Officers' round" },
      { round: 3, name: "Firefighters' round" },
    ]);

    const firefighterAuth = await signIn(context, firefighter.email);
    expect((await bid(firefighterAuth, session.id, station.number, 'A', 'Firefighter')).statusCode).toBe(200);
    const record = await readRecord(session.id);
    expect(record.settings?.state.session.rounds?.map((round) => round.name)).toEqual([
      "Officers' round",
      "Engineers' round",
      "Firefighters' round",
    ]);
    expect(checkRecordContent(record)).toMatchObject({ ok: true });
  });

  it('refuses rounds that leave a participant out, or name a rank twice, with what to change', async () => {
    const chief = await createMember(context, { rank: 'Battalion Chief', firstName: 'Jordan', lastName: 'Lee' });
    const twoOnly = [
      { name: 'Captains', ranks: ['Captain'], bidWindowDuration: 5 },
      { name: 'Firefighters', ranks: ['Firefighter'], bidWindowDuration: 5 },
    ];
    const unplaced = await post(admin, '/api/bid-sessions', {
      name: 'Rounds',
      year: 2026,
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      participantIds: [chief.id],
      rounds: twoOnly,
    });
    expect(unplaced.statusCode).toBe(400);
    expect(unplaced.json().error).toBe(
      "No round has Battalion Chief (Jordan Lee): every participant's rank must be in a round. Add the rank to a round.",
    );
    const twice = await post(admin, '/api/bid-sessions', {
      name: 'Rounds',
      year: 2026,
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      participantIds: [chief.id],
      rounds: [...twoOnly, { name: 'Again', ranks: ['Captain', 'Battalion Chief'], bidWindowDuration: 5 }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('Captain is in two rounds ("Captains" and "Again"): each rank bids in one round');
  });
});

describe('qualified and must-fill seats', () => {
  it('refuses a bid on a Paramedic seat with an expired card, naming the day, and keeps the last Paramedic for the seat that must be filled', async () => {
    const expired = await createMember(context, { firstName: 'Ex', lastName: 'Pired', yearsOfService: 20 });
    const medic = await createMember(context, { firstName: 'Med', lastName: 'Ic', yearsOfService: 10 });
    await holdParamedic(expired.id, '2020-03-31');
    await holdParamedic(medic.id, null);
    const medicStation = await createStationWithSeats(context.db, { B: { Firefighter: 2 } });
    const other = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    const [paramedicSeat, plainSeat] = medicStation.seats;
    if (!paramedicSeat || !plainSeat) throw new Error('seats missing');
    await requireParamedic([paramedicSeat.id], true);
    // The plain seat of the medic station is held by someone outside the session.
    const outsider = await createMember(context);
    await context.db.update(members).set({ currentSeatId: plainSeat.id }).where(eq(members.id, outsider.id));

    const session = await createSession(context, admin, {
      participantIds: [expired.id, medic.id],
      stationIds: [medicStation.station.id, other.station.id],
    });
    expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);
    const [row] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, session.id));
    expect(row?.certifications).toEqual([{ code: 'PM', name: 'Paramedic' }]);

    const expiredAuth = await signIn(context, expired.email);
    const refused = await bid(expiredAuth, session.id, medicStation.station.number, 'B', 'Firefighter');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      `Station ${medicStation.station.number}'s B-shift Firefighter/PM seat needs Paramedic; your Paramedic card expired on 2020-03-31.`,
    );
    expect((await bid(expiredAuth, session.id, other.station.number, 'A', 'Firefighter')).statusCode).toBe(200);

    // The phone-in form reads the turn holder's cards as the session counts them; only administrators may.
    const medicCards = await injectAs(context, admin, {
      method: 'GET',
      url: `/api/bid-sessions/${session.id}/participants/${medic.id}/certifications`,
    });
    expect(medicCards.json()).toEqual({ certifications: [{ code: 'PM', expiresOn: null }] });
    const notInSession = await injectAs(context, admin, {
      method: 'GET',
      url: `/api/bid-sessions/${session.id}/participants/${outsider.id}/certifications`,
    });
    expect(notInSession.statusCode).toBe(404);
    expect(notInSession.json().error).toBe('That member is not a participant in this session');

    // The last Paramedic to bid may not go elsewhere, by phone either; the administrator reads whose card.
    const phoneIn = await post(admin, '/api/bid-sessions/submit-bid', {
      sessionId: session.id,
      userId: medic.id,
      bidData: { station: other.station.number, shift: 'A', position: 'Firefighter' },
    });
    expect(phoneIn.statusCode).toBe(409);
    expect(phoneIn.json().error).toBe(
      `Station ${medicStation.station.number} needs Med Ic's Paramedic card: 1 Paramedic seat is left and 1 Paramedic is left to bid. Choose one of those seats.`,
    );
    const medicAuth = await signIn(context, medic.email);
    expect((await bid(medicAuth, session.id, medicStation.station.number, 'B', 'Firefighter')).statusCode).toBe(200);
    const record = await readRecord(session.id);
    expect(record.settings?.state.seats.find((seat) => seat.seatId === paramedicSeat.id)).toMatchObject({
      requires: ['PM'],
      mustFill: true,
    });
    expect(checkRecordContent(record)).toMatchObject({ ok: true });
  });
});

describe('standing bids', () => {
  it('awards the first free choice the moment the turn begins, says so in history, and replays', async () => {
    const first = await createMember(context, { firstName: 'Live', lastName: 'Bidder', yearsOfService: 20 });
    const standing = await createMember(context, { firstName: 'On', lastName: 'Call', yearsOfService: 10 });
    const third = await createMember(context, { firstName: 'Third', lastName: 'Member', yearsOfService: 5 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 2 } });
    const standingAuth = await signIn(context, standing.email);
    const saved = await injectAs(context, standingAuth, {
      method: 'PUT',
      url: '/api/users/preferences',
      payload: {
        standingBid: true,
        seatChoices: [
          { stationId: station.id, shift: 'A', seatPosition: 'Firefighter' },
          { stationId: station.id, shift: 'B', seatPosition: 'Firefighter' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences.standingBid).toBe(true);

    const session = await createSession(context, admin, {
      participantIds: [first.id, standing.id, third.id],
      stationIds: [station.id],
    });
    expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);
    const firstAuth = await signIn(context, first.email);
    expect((await bid(firstAuth, session.id, station.number, 'A', 'Firefighter')).statusCode).toBe(200);

    const participants = await readParticipants(context.db, session.id);
    const onCall = participants.find((participant) => participant.memberId === standing.id);
    expect(onCall).toMatchObject({ outcome: 'bid', assignedShift: 'B' });
    const history = await readHistory(context.db, session.id);
    const standingEntry = history.find((entry) => (entry.details as Record<string, unknown>).source === 'standing_bid');
    expect(standingEntry).toMatchObject({ action: 'bid_submitted', actorName: 'system', shift: 'B' });
    expect(standingEntry?.details).toEqual({ source: 'standing_bid', choice: 2 });
    // The third member's turn began at once.
    const detail = (await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${session.id}` })).json()
      .session;
    expect(detail.currentTurn.user.id).toBe(third.id);
    // Both seats were awarded in the one step; the board lists the later turn's first, as it happened.
    const board = (
      await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${session.id}/board` })
    ).json().board;
    expect(board.recentPicks.map((pick: { participantId: string }) => pick.participantId)).toEqual([
      onCall?.id,
      participants.find((participant) => participant.memberId === first.id)?.id,
    ]);

    await post(admin, `/api/bid-sessions/${session.id}/end`);
    const record = await readRecord(session.id);
    const standingCommand = record.commands.find((command) => command.standingBids);
    expect(Object.keys(standingCommand?.standingBids ?? {})).toEqual([onCall?.id]);
    expect(checkRecordContent(record)).toMatchObject({ ok: true });
  });
});
