/**
 * The engine steps through the API: start, bids and every refusal, skip, pause and resume, move to
 * the back, phone-in bids, end, completion and the expiry trigger, with the clock moved by the test.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  BID_MESSAGES,
  bidSubmittedMessage,
  notEligibleMessage,
  officerSeatNeedsOfficerRankMessage,
} from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members, notifications, stations } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
  withSettings,
} from '../../test/test-app.ts';
import {
  createSession,
  createStationWithSeats,
  readBids,
  readCurrentSeatId,
  readHistory,
  readParticipants,
  type SessionOptions,
  startSession,
} from './test-sessions.ts';

const MINUTE = 60_000;

let context: TestContext;
let adminEmail: string;
let admin: SignedIn;
const adminName = 'Alex Admin';

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email;
});
afterAll(async () => context?.close());

interface Department {
  /** Seniority order: first, second, third (20, 10 and 5 years). */
  people: { id: string; auth: SignedIn; name: string }[];
  stationOne: Awaited<ReturnType<typeof createStationWithSeats>>;
  stationTwo: Awaited<ReturnType<typeof createStationWithSeats>>;
}

let department: Department;

/** Three Firefighters and two stations; fresh for every test so tests never share seats. */
async function createDepartment(): Promise<Department> {
  const people = [];
  for (const [index, years] of [20, 10, 5].entries()) {
    const row = await createMember(context, { firstName: 'Bidder', lastName: `No${index + 1}`, yearsOfService: years });
    people.push({ id: row.id, auth: await signIn(context, row.email), name: `Bidder No${index + 1}` });
  }
  const stationOne = await createStationWithSeats(context.db, {
    A: { Captain: 1, Firefighter: 2 },
    B: { Firefighter: 1 },
  });
  const stationTwo = await createStationWithSeats(context.db, { B: { Firefighter: 1 } });
  return { people, stationOne, stationTwo };
}

beforeEach(async () => {
  // Tests move the clock on by hours: every test signs in afresh, as access tokens expire.
  admin = await signIn(context, adminEmail);
  department = await createDepartment();
});

const person = (index: number) => {
  const found = department.people[index];
  if (!found) throw new Error(`no person ${index}`);
  return found;
};

function startDepartmentSession(options: Partial<SessionOptions> = {}) {
  return startSession(context, admin, {
    participantIds: department.people.map((member) => member.id),
    stationIds: [department.stationOne.station.id, department.stationTwo.station.id],
    ...options,
  });
}

function bid(
  who: SignedIn,
  sessionId: string,
  bidData: { station: string | number; shift: string; position: string },
  extra: Record<string, unknown> = {},
) {
  return injectAs(context, who, {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData, ...extra },
  });
}

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

const getSession = async (sessionId: string) =>
  (await injectAs(context, admin, { method: 'GET', url: `/api/bid-sessions/${sessionId}` })).json().session;

describe('starting a session', () => {
  it('starts the first turn with its deadline, in history and as a notification', async () => {
    const { id: sessionId } = await createSession(context, admin, {
      participantIds: department.people.map((member) => member.id),
    });
    const now = context.clock.now().getTime();
    const response = await post(admin, `/api/bid-sessions/${sessionId}/start`);
    expect(response.statusCode).toBe(200);
    const { session, message } = response.json();
    expect(message).toBe(BID_MESSAGES.sessionStarted);
    expect(session).toMatchObject({ status: 'active', currentParticipant: 1 });
    expect(session.currentBidEnd).toBe(new Date(now + 5 * MINUTE).toISOString());
    expect(session.currentTurn.user.id).toBe(person(0).id);
    expect(session.currentTurn.timeWindow.end).toBe(session.currentBidEnd);
    expect(session.nextParticipant.user.id).toBe(person(1).id);

    const history = await readHistory(context.db, sessionId);
    expect(history.map((entry) => entry.action)).toEqual(['session_started']);
    expect(history[0]?.actorName).toBe(adminName);
    const turnNotices = await context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.sessionId, sessionId), eq(notifications.type, 'turn_started')));
    expect(turnNotices.map((notice) => notice.memberId)).toEqual([person(0).id]);

    const again = await post(admin, `/api/bid-sessions/${sessionId}/start`);
    expect(again.statusCode).toBe(409);
  });

  it('starts through the spec path start-session, and releases assignments when asked to', async () => {
    const heldSeat = department.stationOne.seats.find((seat) => seat.shift === 'B');
    await context.db
      .update(members)
      .set({ currentSeatId: heldSeat?.id })
      .where(eq(members.id, person(2).id));
    const { id: sessionId } = await createSession(context, admin, {
      participantIds: department.people.map((member) => member.id),
      clearAssignments: true,
    });
    const response = await post(admin, '/api/bid-sessions/start-session', { sessionId });
    expect(response.statusCode).toBe(200);
    expect(response.json().session.status).toBe('active');
    expect(await readCurrentSeatId(context.db, person(2).id)).toBeNull();
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    expect((await post(admin, '/api/bid-sessions/00000000-0000-4000-8000-000000000000/start')).statusCode).toBe(404);
    expect((await post(admin, '/api/bid-sessions/not-a-uuid/start')).statusCode).toBe(400);
    const missing = await post(admin, '/api/bid-sessions/start-session', {});
    expect(missing.statusCode).toBe(400);
  });
});

describe('bidding', () => {
  it('awards the seat at once: bid row, history, seat holder, availability and the next turn', async () => {
    const sessionId = await startDepartmentSession();
    const { station } = department.stationOne;
    const response = await bid(person(0).auth, sessionId, { station: station.id, shift: 'A', position: 'Firefighter' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: bidSubmittedMessage(station.name, 'A', 'Firefighter'),
      station: { id: station.id, name: station.name, number: station.number },
      shift: 'A',
      position: 'Firefighter',
    });
    expect(body.session).toMatchObject({ currentParticipant: 2, completedBids: 1 });

    const seatId = await readCurrentSeatId(context.db, person(0).id);
    const lowestSeat = department.stationOne.seats.find(
      (seat) => seat.shift === 'A' && seat.seatPosition === 'Firefighter' && seat.ordinal === 1,
    );
    expect(seatId).toBe(lowestSeat?.id);
    const bidRows = await readBids(context.db, sessionId);
    expect(bidRows).toHaveLength(1);
    expect(bidRows[0]).toMatchObject({ kind: 'own', memberId: person(0).id, seatId, placedById: null });
    const history = await readHistory(context.db, sessionId);
    expect(history.at(-1)).toMatchObject({
      action: 'bid_submitted',
      actorName: person(0).name,
      userName: person(0).name,
      stationNumber: station.number,
      shift: 'A',
      seatPosition: 'Firefighter',
    });

    const availability = await injectAs(context, person(1).auth, {
      method: 'GET',
      url: `/api/stations/${station.id}/availability`,
    });
    expect(availability.json().totalOccupied).toBe(1);
    const detail = await getSession(sessionId);
    const offered = detail.availableStations.find((candidate: { id: string }) => candidate.id === station.id);
    expect(offered.availablePositions.A).toContainEqual({ position: 'Firefighter', count: 1, total: 2 });
    const winner = detail.participants.find(
      (participant: { user: { id: string } }) => participant.user.id === person(0).id,
    );
    expect(winner).toMatchObject({ hasBid: true, outcome: 'bid', assignedShift: 'A', assignedPosition: 'Firefighter' });
    expect(detail.currentTurn.user.id).toBe(person(1).id);
  });

  it('accepts a station named by its number, and a bid exactly at the deadline', async () => {
    const sessionId = await startDepartmentSession();
    context.clock.advance(5 * MINUTE);
    const response = await bid(person(0).auth, sessionId, {
      station: department.stationTwo.station.number,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().station.id).toBe(department.stationTwo.station.id);
  });

  it('refuses a bid one millisecond after the deadline, whatever the client thinks', async () => {
    const sessionId = await startDepartmentSession();
    context.clock.advance(5 * MINUTE + 1);
    const response = await bid(person(0).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'A',
      position: 'Firefighter',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(BID_MESSAGES.timeExpired);
    expect(await readBids(context.db, sessionId)).toHaveLength(0);
  });

  it('refuses a bid out of turn, and one for a seat somebody holds; the turn holder keeps the turn', async () => {
    const sessionId = await startDepartmentSession();
    const outOfTurn = await bid(person(1).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'A',
      position: 'Firefighter',
    });
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().error).toBe(BID_MESSAGES.notYourTurn);

    // Somebody outside the session holds station two's only seat.
    const outsider = await createMember(context);
    await context.db
      .update(members)
      .set({ currentSeatId: department.stationTwo.seats[0]?.id })
      .where(eq(members.id, outsider.id));
    const taken = await bid(person(0).auth, sessionId, {
      station: department.stationTwo.station.id,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(BID_MESSAGES.seatUnavailable);
    expect((await getSession(sessionId)).currentTurn.user.id).toBe(person(0).id);
  });

  it('refuses a seat the member is not eligible for, a station not offered, and a seat kind not offered', async () => {
    const sessionId = await startDepartmentSession({ stationIds: [department.stationOne.station.id] });
    const captain = await bid(person(0).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'A',
      position: 'Captain',
    });
    expect(captain.statusCode).toBe(403);
    expect(captain.json().error).toBe(notEligibleMessage('Captain'));

    const notOffered = await bid(person(0).auth, sessionId, {
      station: department.stationTwo.station.id,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error).toBe(BID_MESSAGES.stationNotOffered);
    const unknownNumber = await bid(person(0).auth, sessionId, {
      station: 99_999,
      shift: 'A',
      position: 'Firefighter',
    });
    expect(unknownNumber.statusCode).toBe(400);
    expect(unknownNumber.json().error).toBe(BID_MESSAGES.stationNotOffered);

    const noSuchSeat = await bid(person(0).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'C',
      position: 'Firefighter',
    });
    expect(noSuchSeat.statusCode).toBe(400);
  });

  it('refuses bids while paused, from non-participants, and for another member unless an administrator', async () => {
    const sessionId = await startDepartmentSession();
    const seat = { station: department.stationOne.station.id, shift: 'A', position: 'Firefighter' };

    const proxy = await bid(person(1).auth, sessionId, seat, { userId: person(0).id });
    expect(proxy.statusCode).toBe(403);
    expect(proxy.json().error).toBe(BID_MESSAGES.adminOnlyProxy);

    const outsider = await createMember(context);
    const outsiderBid = await bid(await signIn(context, outsider.email), sessionId, seat);
    expect(outsiderBid.statusCode).toBe(403);
    expect(outsiderBid.json().error).toBe(BID_MESSAGES.notParticipant);

    expect((await post(admin, `/api/bid-sessions/${sessionId}/pause`)).statusCode).toBe(200);
    const paused = await bid(person(0).auth, sessionId, seat);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().error).toBe(BID_MESSAGES.sessionPaused);
    expect(await readBids(context.db, sessionId)).toHaveLength(0);
  });

  it('answers 400 for malformed bids and 404 for an unknown session', async () => {
    const sessionId = await startDepartmentSession();
    const noDetails = await post(person(0).auth, '/api/bid-sessions/submit-bid', { sessionId });
    expect(noDetails.statusCode).toBe(400);
    const badShift = await bid(person(0).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'D',
      position: 'Firefighter',
    });
    expect(badShift.statusCode).toBe(400);
    const badStation = await bid(person(0).auth, sessionId, {
      station: 'downtown',
      shift: 'A',
      position: 'Firefighter',
    });
    expect(badStation.statusCode).toBe(400);
    const unknown = await bid(person(0).auth, '00000000-0000-4000-8000-000000000000', {
      station: department.stationOne.station.id,
      shift: 'A',
      position: 'Firefighter',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(BID_MESSAGES.sessionNotFound);
  });

  it('takes a phone-in bid from an administrator for the turn holder, naming the administrator', async () => {
    const sessionId = await startDepartmentSession();
    const response = await bid(
      admin,
      sessionId,
      { station: department.stationOne.station.id, shift: 'B', position: 'Firefighter' },
      { userId: person(0).id },
    );
    expect(response.statusCode).toBe(200);
    const [bidRow] = await readBids(context.db, sessionId);
    expect(bidRow).toMatchObject({ kind: 'proxy', memberId: person(0).id, placedByName: adminName });
    expect(bidRow?.placedById).not.toBeNull();
    const entry = (await readHistory(context.db, sessionId)).find((row) => row.action === 'bid_submitted');
    expect(entry).toMatchObject({ actorName: adminName, userName: person(0).name, details: { proxy: true } });
    const [first] = await readParticipants(context.db, sessionId);
    expect(first?.outcome).toBe('proxy_bid');

    const notHolder = await bid(
      admin,
      sessionId,
      { station: department.stationOne.station.id, shift: 'A', position: 'Firefighter' },
      { userId: person(2).id },
    );
    expect(notHolder.statusCode).toBe(409);
    expect(notHolder.json().error).toBe(BID_MESSAGES.notYourTurn);
  });

  it('releases the seat a bidder held before, at once, for the members after them', async () => {
    const formerSeat = department.stationTwo.seats[0];
    await context.db
      .update(members)
      .set({ currentSeatId: formerSeat?.id })
      .where(eq(members.id, person(0).id));
    const sessionId = await startDepartmentSession();
    await bid(person(0).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'A',
      position: 'Firefighter',
    });
    const response = await bid(person(1).auth, sessionId, {
      station: department.stationTwo.station.id,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(response.statusCode).toBe(200);
    expect(await readCurrentSeatId(context.db, person(1).id)).toBe(formerSeat?.id);
  });
});

describe("the spec client's bid dialog (its success message and its positions)", () => {
  it('answers assignedStation (the station name), assignedShift and assignedPosition beside station, shift and position', async () => {
    const sessionId = await startDepartmentSession();
    const { station } = department.stationOne;
    const response = await bid(person(0).auth, sessionId, { station: station.id, shift: 'A', position: 'Firefighter' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      station: { id: station.id, name: station.name },
      shift: 'A',
      position: 'Firefighter',
      assignedStation: station.name,
      assignedShift: 'A',
      assignedPosition: 'Firefighter',
    });
  });

  it("reads Officer, Driver and Paramedic by the bidder's rank, for own bids and phone-in bids, and says why an Officer bid without an officer rank is refused", async () => {
    // Queue by seniority: Captain, Lieutenant, Engineer, Firefighter.
    const ranked = [];
    for (const [rank, years] of [
      ['Captain', 20],
      ['Lieutenant', 15],
      ['Engineer', 10],
      ['Firefighter', 5],
    ] as const) {
      const row = await createMember(context, { firstName: rank, lastName: 'Bidder', rank, yearsOfService: years });
      ranked.push({ id: row.id, auth: await signIn(context, row.email) });
    }
    const [captain, lieutenant, engineer, firefighter] = ranked;
    if (!captain || !lieutenant || !engineer || !firefighter) throw new Error('four ranks');
    const { station } = await createStationWithSeats(context.db, {
      A: { Captain: 1, Lieutenant: 1, Engineer: 1, Firefighter: 1 },
    });
    const sessionId = await startSession(context, admin, {
      participantIds: ranked.map((member) => member.id),
      stationIds: [station.id],
    });
    const seatOf = async (memberId: string) =>
      (await readParticipants(context.db, sessionId)).find((participant) => participant.memberId === memberId)
        ?.assignedSeatPosition;

    const asCaptain = await bid(captain.auth, sessionId, { station: station.id, shift: 'A', position: 'Officer' });
    expect(asCaptain.statusCode, asCaptain.body).toBe(200);
    expect(asCaptain.json()).toMatchObject({ position: 'Captain', assignedPosition: 'Captain' });
    expect(await seatOf(captain.id)).toBe('Captain');

    // An administrator's phone-in bid reads the label by the bidder's rank, not the administrator's.
    const phoneIn = await bid(
      admin,
      sessionId,
      { station: station.id, shift: 'A', position: 'Officer' },
      { userId: lieutenant.id },
    );
    expect(phoneIn.statusCode, phoneIn.body).toBe(200);
    expect(phoneIn.json()).toMatchObject({ assignedPosition: 'Lieutenant' });

    const asEngineer = await bid(engineer.auth, sessionId, { station: station.id, shift: 'A', position: 'Driver' });
    expect(asEngineer.statusCode, asEngineer.body).toBe(200);
    expect(asEngineer.json()).toMatchObject({ assignedPosition: 'Engineer' });

    const officerWithoutRank = await bid(firefighter.auth, sessionId, {
      station: station.id,
      shift: 'A',
      position: 'Officer',
    });
    expect(officerWithoutRank.statusCode).toBe(400);
    expect(officerWithoutRank.json().error).toBe(officerSeatNeedsOfficerRankMessage('Firefighter'));
    const unknownLabel = await bid(firefighter.auth, sessionId, { station: station.id, shift: 'A', position: 'Pilot' });
    expect(unknownLabel.statusCode).toBe(400);
    expect(unknownLabel.json().error).toContain('Please choose a position');
    const asParamedic = await bid(firefighter.auth, sessionId, {
      station: station.id,
      shift: 'A',
      position: 'Paramedic',
    });
    expect(asParamedic.statusCode, asParamedic.body).toBe(200);
    expect(asParamedic.json()).toMatchObject({ assignedPosition: 'Firefighter' });
  });
});

describe('skipping', () => {
  it('lets the turn holder pass, keeping their seat; nobody else may skip', async () => {
    const sessionId = await startDepartmentSession();
    const notHolder = await post(person(1).auth, '/api/bid-sessions/skip-turn', { sessionId });
    expect(notHolder.statusCode).toBe(409);
    expect(notHolder.json().error).toBe(BID_MESSAGES.notYourTurn);

    const response = await post(person(0).auth, '/api/bid-sessions/skip-turn', { sessionId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Turn skipped successfully!' });
    const [first, second] = await readParticipants(context.db, sessionId);
    expect(first?.outcome).toBe('skipped');
    expect(second?.turnDeadline).not.toBeNull();
    expect((await readHistory(context.db, sessionId)).at(-1)?.action).toBe('turn_skipped');
  });
});

describe('pause and resume', () => {
  it('keeps the time left while paused and gives it back on resume', async () => {
    const sessionId = await startDepartmentSession();
    context.clock.advance(2 * MINUTE);
    const paused = await post(admin, '/api/bid-sessions/session-actions', { sessionId, action: 'pause' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().message).toBe(BID_MESSAGES.sessionPausedSuccess);
    expect(paused.json().session).toMatchObject({ status: 'paused', currentBidEnd: null, pausedRemainingSeconds: 180 });

    // No expiry happens while paused, however long the pause.
    context.clock.advance(60 * MINUTE);
    await context.app.turnClock.tick();
    admin = await signIn(context, adminEmail);
    const resumedAt = context.clock.now().getTime();
    const resumed = await post(admin, '/api/bid-sessions/session-actions', { sessionId, action: 'resume' });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().message).toBe(BID_MESSAGES.sessionResumed);
    expect(resumed.json().session.currentBidEnd).toBe(new Date(resumedAt + 3 * MINUTE).toISOString());
    expect(resumed.json().session.currentTurn.timeWindow.end).toBe(resumed.json().session.currentBidEnd);
    const actions = (await readHistory(context.db, sessionId)).map((entry) => entry.action);
    expect(actions).toEqual(['session_started', 'session_paused', 'session_resumed']);
  });

  it('gives at least 60 seconds after a resume', async () => {
    const sessionId = await startDepartmentSession();
    context.clock.advance(5 * MINUTE - 10_000);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/pause`)).statusCode).toBe(200);
    const resumedAt = context.clock.now().getTime();
    const resumed = await post(admin, `/api/bid-sessions/${sessionId}/resume`);
    expect(resumed.json().session.currentBidEnd).toBe(new Date(resumedAt + 60_000).toISOString());
  });

  it('refuses to resume a session that is not paused, and to pause one that is not running', async () => {
    const sessionId = await startDepartmentSession();
    expect((await post(admin, `/api/bid-sessions/${sessionId}/resume`)).statusCode).toBe(409);
    const { id: draftId } = await createSession(context, admin, { participantIds: [person(0).id] });
    expect((await post(admin, `/api/bid-sessions/${draftId}/pause`)).statusCode).toBe(409);
  });
});

describe('moving to the back', () => {
  it('sends the turn holder to the back; the next member gets the turn', async () => {
    const sessionId = await startDepartmentSession();
    const response = await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(BID_MESSAGES.movedToBack);
    const { session } = response.json();
    expect(session.currentParticipant).toBe(1);
    expect(session.currentTurn.user.id).toBe(person(1).id);
    const order = (await readParticipants(context.db, sessionId)).map((row) => [row.memberId, row.movedToBack]);
    expect(order).toEqual([
      [person(1).id, false],
      [person(2).id, false],
      [person(0).id, true],
    ]);
    const entry = (await readHistory(context.db, sessionId)).at(-1);
    expect(entry).toMatchObject({ action: 'moved_to_back', actorName: adminName, userName: person(0).name });
  });

  it('works through session-actions with userId, and refuses a member who does not hold the turn', async () => {
    const sessionId = await startDepartmentSession();
    const wrong = await post(admin, '/api/bid-sessions/session-actions', {
      sessionId,
      action: 'move-to-back',
      userId: person(2).id,
    });
    expect(wrong.statusCode).toBe(409);
    const outsider = await createMember(context);
    const unknown = await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`, { userId: outsider.id });
    expect(unknown.statusCode).toBe(404);
    const right = await post(admin, '/api/bid-sessions/session-actions', {
      sessionId,
      action: 'move-to-back',
      userId: person(0).id,
    });
    expect(right.statusCode).toBe(200);
    const badAction = await post(admin, '/api/bid-sessions/session-actions', { sessionId, action: 'explode' });
    expect(badAction.statusCode).toBe(400);
  });
});

describe('ending and completing', () => {
  it('ends early: those still waiting keep their seat and are Not Assigned', async () => {
    const sessionId = await startDepartmentSession();
    await bid(person(0).auth, sessionId, {
      station: department.stationOne.station.id,
      shift: 'A',
      position: 'Firefighter',
    });
    const response = await post(admin, `/api/bid-sessions/${sessionId}/end`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(BID_MESSAGES.sessionEnded);
    expect(response.json().session).toMatchObject({ status: 'completed', currentBidEnd: null });
    expect(response.json().session.actualEnd).not.toBeNull();
    const outcomes = (await readParticipants(context.db, sessionId)).map((row) => row.outcome);
    expect(outcomes).toEqual(['bid', 'not_assigned', 'not_assigned']);
    const last = (await readHistory(context.db, sessionId)).at(-1);
    expect(last).toMatchObject({ action: 'session_completed', details: { endedEarly: true } });
    const completedNotices = await context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.sessionId, sessionId), eq(notifications.type, 'session_completed')));
    expect(completedNotices).toHaveLength(3);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/end`)).statusCode).toBe(409);
  });

  it('completes by itself when the last participant is done', async () => {
    const sessionId = await startDepartmentSession();
    const stationId = department.stationOne.station.id;
    await bid(person(0).auth, sessionId, { station: stationId, shift: 'A', position: 'Firefighter' });
    await bid(person(1).auth, sessionId, { station: stationId, shift: 'A', position: 'Firefighter' });
    await post(person(2).auth, '/api/bid-sessions/skip-turn', { sessionId });
    const session = await getSession(sessionId);
    expect(session).toMatchObject({ status: 'completed', completedBids: 3, currentParticipant: 4 });
    const actions = (await readHistory(context.db, sessionId)).map((entry) => entry.action);
    expect(actions).toEqual(['session_started', 'bid_submitted', 'bid_submitted', 'turn_skipped', 'session_completed']);
    const lateBid = await bid(person(2).auth, sessionId, { station: stationId, shift: 'B', position: 'Firefighter' });
    expect(lateBid.statusCode).toBe(409);
  });
});

describe('check-time-expiration', () => {
  it('processes an expired turn once, however often it is asked', async () => {
    const sessionId = await startDepartmentSession();
    const early = await post(person(0).auth, '/api/bid-sessions/check-time-expiration', { sessionId });
    expect(early.json()).toEqual({ timeExpired: false });

    context.clock.advance(5 * MINUTE + 1);
    const [first, second] = await Promise.all([
      post(person(1).auth, '/api/bid-sessions/check-time-expiration', { sessionId }),
      post(admin, `/api/bid-sessions/${sessionId}/check-time-expiration`),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().timeExpired, second.json().timeExpired].sort()).toEqual([false, true]);
    const third = await post(person(0).auth, `/api/bid-sessions/${sessionId}/check-time-expiration`);
    expect(third.json()).toEqual({ timeExpired: false });
    await context.app.turnClock.tick();

    const expiries = (await readHistory(context.db, sessionId)).filter((entry) => entry.action === 'moved_to_back');
    expect(expiries).toHaveLength(1);
    expect(expiries[0]).toMatchObject({ actorName: 'system', userName: person(0).name });
  });

  it('is for participants and administrators only', async () => {
    const sessionId = await startDepartmentSession();
    const outsider = await signIn(context, (await createMember(context)).email);
    const response = await post(outsider, '/api/bid-sessions/check-time-expiration', { sessionId });
    expect(response.statusCode).toBe(403);
    const unknown = await post(admin, '/api/bid-sessions/00000000-0000-4000-8000-000000000000/check-time-expiration');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a session changed outside its steps', () => {
  // Steps keep a session's participants and seats between them (engine-state-cache.ts); each of
  // these changes, made by another writer, must be seen by the very next step.
  it('sees a seat an administrator released meanwhile', async () => {
    const outsider = await createMember(context);
    const onlySeat = department.stationTwo.seats[0];
    await context.db.update(members).set({ currentSeatId: onlySeat?.id }).where(eq(members.id, outsider.id));
    const sessionId = await startDepartmentSession();
    const taken = await bid(person(0).auth, sessionId, {
      station: department.stationTwo.station.id,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(taken.json().error).toBe(BID_MESSAGES.seatUnavailable);

    const released = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${outsider.id}/station`,
      payload: { stationId: null },
    });
    expect(released.statusCode).toBe(200);
    const response = await bid(person(0).auth, sessionId, {
      station: department.stationTwo.station.id,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(response.statusCode).toBe(200);
  });

  it('sees a station deactivated meanwhile', async () => {
    const sessionId = await startDepartmentSession();
    await post(person(0).auth, '/api/bid-sessions/skip-turn', { sessionId });
    await context.db.update(stations).set({ isActive: false }).where(eq(stations.id, department.stationTwo.station.id));
    const response = await bid(person(1).auth, sessionId, {
      station: department.stationTwo.station.id,
      shift: 'B',
      position: 'Firefighter',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(BID_MESSAGES.stationNotOffered);
  });

  it('sees bid preferences changed meanwhile when the turn runs out', async () => {
    const sessionId = await startDepartmentSession();
    await post(person(0).auth, '/api/bid-sessions/skip-turn', { sessionId });
    await context.db
      .update(members)
      .set({
        bidPreferences: {
          autoBid: true,
          choices: [{ stationId: department.stationTwo.station.id, shift: 'B', seatPosition: 'Firefighter' }],
        },
      })
      .where(eq(members.id, person(1).id));
    context.clock.advance(5 * MINUTE + 1);
    await context.app.turnClock.tick();
    expect(await readCurrentSeatId(context.db, person(1).id)).toBe(department.stationTwo.seats[0]?.id);
  });

  it('sees the steps another server process took', async () => {
    const sessionId = await startDepartmentSession();
    const seat = { station: department.stationOne.station.id, shift: 'A', position: 'Firefighter' };
    await withSettings(context, {}, async (otherProcess) => {
      // The other process sends the first member to the back: the second member holds the turn.
      const moved = await otherProcess.inject({
        method: 'POST',
        url: `/api/bid-sessions/${sessionId}/move-to-back`,
        headers: admin.headers,
      });
      expect(moved.statusCode).toBe(200);
      // This app's last state of the session still has the first member in front.
      const stale = await bid(person(0).auth, sessionId, seat);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe(BID_MESSAGES.notYourTurn);
      expect((await bid(person(1).auth, sessionId, seat)).statusCode).toBe(200);
    });
    expect(await readBids(context.db, sessionId)).toHaveLength(1);
  });
});

describe('authorisation', () => {
  const sessionId = '00000000-0000-4000-8000-000000000000';
  const adminRoutes: [string, Record<string, unknown> | undefined][] = [
    [`/api/bid-sessions/${sessionId}/start`, undefined],
    [`/api/bid-sessions/${sessionId}/pause`, undefined],
    [`/api/bid-sessions/${sessionId}/resume`, undefined],
    [`/api/bid-sessions/${sessionId}/end`, undefined],
    [`/api/bid-sessions/${sessionId}/move-to-back`, {}],
    ['/api/bid-sessions/start-session', { sessionId }],
    ['/api/bid-sessions/session-actions', { sessionId, action: 'pause' }],
  ];
  const memberRoutes: [string, Record<string, unknown> | undefined][] = [
    ['/api/bid-sessions/submit-bid', { sessionId, bidData: { station: 1, shift: 'A', position: 'Firefighter' } }],
    ['/api/bid-sessions/skip-turn', { sessionId }],
    ['/api/bid-sessions/check-time-expiration', { sessionId }],
    [`/api/bid-sessions/${sessionId}/check-time-expiration`, undefined],
  ];

  it('answers 401 without a token on every route', async () => {
    for (const [url, payload] of [...adminRoutes, ...memberRoutes]) {
      const response = await context.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('answers 403 to members on the administrators’ routes, before reading the body', async () => {
    for (const [url, payload] of adminRoutes) {
      const response = await post(person(0).auth, url, payload);
      expect(response.statusCode, url).toBe(403);
    }
    const noBody = await post(person(0).auth, '/api/bid-sessions/start-session', { nonsense: true });
    expect(noBody.statusCode).toBe(403);
  });
});
