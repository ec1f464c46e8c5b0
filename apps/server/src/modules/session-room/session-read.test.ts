import type { BidSessionDetail, CreateBidSessionRequest, SessionResults } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, members, participants, sessionHistory } from '../../db/schema/index.ts';
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
  completeRunningSessions,
  createSessionWithMembers,
  createStationWithSeats,
  listStationSeats,
  type MemberRow,
  type StationRow,
  setSessionState,
} from '../session-engine/test-sessions.ts';

let context: TestContext;
let adminSignIn: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminSignIn = await signIn(context, (await createAdmin(context)).email);
});
afterAll(async () => {
  await context.close();
});

const asAdmin = (options: Parameters<typeof injectAs>[2]) => injectAs(context, adminSignIn, options);

/** Three members who can sign in, and a session of them, the most senior first. */
async function sessionOfThree(request: Partial<CreateBidSessionRequest> = {}) {
  const trio = [
    await createMember(context, { lastName: 'First', yearsOfService: 30 }),
    await createMember(context, { lastName: 'Second', yearsOfService: 20 }),
    await createMember(context, { lastName: 'Third', yearsOfService: 10 }),
  ];
  const signIns = await Promise.all(trio.map((member) => signIn(context, member.email)));
  const { session } = await createSessionWithMembers(context, adminSignIn, { members: trio, request });
  return { session, trio, signIns };
}

/** Ends every running session, so the next test's "current session" is its own. */
async function completeSession(sessionId: string) {
  await setSessionState(context.db, sessionId, { status: 'completed', currentBidEnd: null, pausedRemainingMs: null });
}

/** Records what the engine writes when a participant wins a seat: the participant's outcome and the bid. */
async function awardSeat(
  participantId: string,
  member: MemberRow,
  station: StationRow,
  seat: { id: string; shift: string; seatPosition: string },
  outcome: 'bid' | 'proxy_bid' | 'auto_assigned',
) {
  const [participant] = await context.db.select().from(participants).where(eq(participants.id, participantId));
  await context.db.update(members).set({ currentSeatId: seat.id }).where(eq(members.id, member.id));
  await context.db
    .update(participants)
    .set({
      outcome,
      doneAt: context.clock.now(),
      assignedStationId: station.id,
      assignedStationName: station.name,
      assignedStationNumber: station.number,
      assignedShift: seat.shift,
      assignedSeatPosition: seat.seatPosition,
    })
    .where(eq(participants.id, participantId));
  await context.db.insert(bids).values({
    sessionId: participant?.sessionId ?? '',
    participantId,
    memberId: member.id,
    seatId: seat.id,
    stationId: station.id,
    stationName: station.name,
    stationNumber: station.number,
    shift: seat.shift,
    seatPosition: seat.seatPosition,
    kind: outcome === 'bid' ? 'own' : outcome === 'proxy_bid' ? 'proxy' : 'auto',
    createdAt: context.clock.now(),
  });
}

describe('GET /api/users/bid-status and /:id/my-participation', () => {
  it('answers no place when the member is in no session', async () => {
    const loner = await signIn(context, (await createMember(context)).email);
    const response = await injectAs(context, loner, { method: 'GET', url: '/api/users/bid-status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ position: null, isUserTurn: false, timeRemaining: 0, session: null });
  });

  it('tells each participant their place, their turn and the seconds left by the server clock', async () => {
    const { session, signIns } = await sessionOfThree();
    const [first, second, third] = session.participants;
    const beforeStart = await injectAs(context, signIns[2] as SignedIn, {
      method: 'GET',
      url: '/api/users/bid-status',
    });
    expect(beforeStart.json()).toMatchObject({ position: null, session: null });

    // The engine's state after the first participant skipped: the second holds the turn for 90.4 s.
    await context.db
      .update(participants)
      .set({ outcome: 'skipped' })
      .where(eq(participants.id, first?.id ?? ''));
    const deadline = new Date(context.clock.now().getTime() + 90_400);
    await setSessionState(context.db, session.id, { status: 'active', currentParticipant: 2, currentBidEnd: deadline });

    const statusOf = async (who: SignedIn) =>
      (await injectAs(context, who, { method: 'GET', url: '/api/users/bid-status' })).json();
    expect(await statusOf(signIns[1] as SignedIn)).toMatchObject({
      position: 1,
      isUserTurn: true,
      timeRemaining: 91,
      session: { id: session.id, status: 'active', currentParticipant: 2, currentTurn: { id: second?.id } },
    });
    expect(await statusOf(signIns[2] as SignedIn)).toMatchObject({ position: 2, isUserTurn: false, timeRemaining: 0 });
    expect(await statusOf(signIns[0] as SignedIn)).toMatchObject({ position: 1, isUserTurn: false, timeRemaining: 0 });

    const mine = await injectAs(context, signIns[2] as SignedIn, {
      method: 'GET',
      url: `/api/bid-sessions/${session.id}/my-participation`,
    });
    expect(mine.json()).toMatchObject({
      participant: { id: third?.id },
      isUserTurn: false,
      peopleAhead: 1,
      timeRemaining: 0,
    });

    context.clock.advance(30_000);
    expect((await statusOf(signIns[1] as SignedIn)).timeRemaining).toBe(61);
    context.clock.advance(120_000);
    expect((await statusOf(signIns[1] as SignedIn)).timeRemaining).toBe(0);

    await setSessionState(context.db, session.id, { status: 'paused', currentBidEnd: null, pausedRemainingMs: 45_500 });
    expect(await statusOf(signIns[1] as SignedIn)).toMatchObject({ isUserTurn: true, timeRemaining: 46 });
    const paused = await injectAs(context, signIns[1] as SignedIn, {
      method: 'GET',
      url: `/api/bid-sessions/${session.id}/my-participation`,
    });
    expect(paused.json()).toMatchObject({ isUserTurn: true, peopleAhead: 0, timeRemaining: 46 });
    await completeSession(session.id);
  });

  it('answers a non-participant with no place in a session they can see', async () => {
    const { session } = await sessionOfThree();
    await setSessionState(context.db, session.id, { status: 'scheduled' });
    const other = await signIn(context, (await createMember(context)).email);
    const response = await injectAs(context, other, {
      method: 'GET',
      url: `/api/bid-sessions/${session.id}/my-participation`,
    });
    expect(response.json()).toEqual({ participant: null, isUserTurn: false, peopleAhead: 0, timeRemaining: 0 });
    await completeSession(session.id);
  });
});

describe('GET /api/bid-sessions/current', () => {
  it('centres each member on their own running session when two run at once, and others on the first', async () => {
    const { session: earlier } = await createSessionWithMembers(context, adminSignIn, { count: 2 });
    const { session: later, members: laterMembers } = await createSessionWithMembers(context, adminSignIn, {
      count: 2,
    });
    const { session: scheduled, members: scheduledMembers } = await createSessionWithMembers(context, adminSignIn, {
      count: 1,
    });
    await setSessionState(context.db, earlier.id, { status: 'paused', actualStart: new Date('2026-03-01T09:00:00Z') });
    await setSessionState(context.db, later.id, { status: 'active', actualStart: new Date('2026-03-01T10:00:00Z') });
    await setSessionState(context.db, scheduled.id, { status: 'scheduled' });
    try {
      const currentFor = async (who: SignedIn) =>
        (await injectAs(context, who, { method: 'GET', url: '/api/bid-sessions/current' })).json();

      const laterMember = await signIn(context, (laterMembers[0] as MemberRow).email);
      const mine = await currentFor(laterMember);
      expect(mine.session).toMatchObject({ id: later.id, status: 'active' });
      expect(mine.sessions.map((session: { id: string }) => session.id)).toEqual([earlier.id, later.id, scheduled.id]);

      // Not in any running session: the first running one, even if their own is only scheduled.
      const scheduledMember = await signIn(context, (scheduledMembers[0] as MemberRow).email);
      expect((await currentFor(scheduledMember)).session).toMatchObject({ id: earlier.id });
      expect((await currentFor(adminSignIn)).session).toMatchObject({ id: earlier.id });
    } finally {
      await completeRunningSessions(context.db);
    }
  });
});

describe('station availability and seats in a presented session', () => {
  it('offers free seats per shift and position: seats minus the members holding them, live', async () => {
    const { station: offered } = await createStationWithSeats(context.db, {
      A: { Firefighter: 2, Captain: 1 },
      B: { Engineer: 1 },
    });
    const { station: notOffered } = await createStationWithSeats(context.db, { A: { Firefighter: 5 } });
    const { station: inactive } = await createStationWithSeats(
      context.db,
      { C: { Firefighter: 1 } },
      { isActive: false },
    );
    const [firefighterSeat] = (await listStationSeats(context.db, offered.id)).filter(
      (seat) => seat.shift === 'A' && seat.seatPosition === 'Firefighter',
    );
    const holder = await createMember(context, { currentSeatId: firefighterSeat?.id });
    const { session } = await createSessionWithMembers(context, adminSignIn, {
      members: [holder],
      request: { stationIds: [offered.id, inactive.id] },
    });

    expect(session.availableStations).toEqual([
      {
        id: offered.id,
        _id: offered.id,
        name: offered.name,
        number: offered.number,
        address: offered.address,
        availablePositions: {
          A: [
            { position: 'Captain', count: 1, total: 1 },
            { position: 'Firefighter', count: 1, total: 2 },
          ],
          B: [{ position: 'Engineer', count: 1, total: 1 }],
          C: [],
        },
        available: 3,
        totalCapacity: 4,
      },
    ]);
    expect(session.participants[0]).toMatchObject({
      currentStation: { id: offered.id, name: offered.name, number: offered.number },
      currentShift: 'A',
      currentPosition: 'Firefighter',
    });

    // Every station that is active when none is chosen; an award shows at once.
    const { session: everywhere } = await createSessionWithMembers(context, adminSignIn, { count: 1 });
    expect(everywhere.availableStations.map((station) => station.id)).toEqual(
      expect.arrayContaining([offered.id, notOffered.id]),
    );
    expect(everywhere.availableStations.map((station) => station.id)).not.toContain(inactive.id);
    await context.db.update(members).set({ currentSeatId: null }).where(eq(members.id, holder.id));
    const freed = (await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}` })).json<{
      session: BidSessionDetail;
    }>().session;
    expect(freed.availableStations[0]?.availablePositions.A).toContainEqual({
      position: 'Firefighter',
      count: 2,
      total: 2,
    });
    expect(freed.availableStations[0]?.available).toBe(4);
  });
});

describe('history, results and bid history', () => {
  it('gives history details as readable text, for the spec client that renders them, and the facts in detailsData', async () => {
    const { session } = await sessionOfThree();
    const start = context.clock.now();
    await context.db.insert(sessionHistory).values([
      {
        sessionId: session.id,
        action: 'bid_submitted',
        actorName: 'Alex Admin',
        userName: 'Test First',
        stationName: 'Harbor',
        stationNumber: 3,
        shift: 'B',
        seatPosition: 'Captain',
        details: { proxy: true },
        createdAt: start,
      },
      {
        sessionId: session.id,
        action: 'moved_to_back',
        actorName: 'system',
        userName: 'Test Second',
        details: { reason: 'time expired', newPosition: 2 },
        createdAt: new Date(start.getTime() + 1000),
      },
    ]);
    for (const url of [
      `/api/bid-sessions/history?sessionId=${session.id}`,
      `/api/bid-sessions/${session.id}/results`,
    ]) {
      const response = await asAdmin({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const body = response.json();
      const history: { details: unknown; detailsData: unknown }[] = body.history ?? body.results.sessionHistory;
      expect(history.map((entry) => entry.details)).toEqual([
        'Phone-in bid by Alex Admin for Test First: Harbor, shift B, Captain',
        'Turn expired; moved to the back',
      ]);
      expect(history.map((entry) => entry.detailsData)).toEqual([
        { proxy: true },
        { reason: 'time expired', newPosition: 2 },
      ]);
    }
  });

  it('gives history oldest first and results with statistics to administrators and participants', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 3 } });
    const seatRows = await listStationSeats(context.db, station.id);
    const { session, trio, signIns } = await sessionOfThree();
    const [first, second, third] = session.participants;
    const start = context.clock.now();
    await setSessionState(context.db, session.id, { status: 'active', currentParticipant: 1, actualStart: start });

    await context.db.insert(sessionHistory).values([
      { sessionId: session.id, action: 'session_started', actorName: 'Ada Admin', createdAt: start },
      {
        sessionId: session.id,
        action: 'bid_submitted',
        actorName: 'First',
        participantId: first?.id,
        userName: 'Test First',
        stationName: station.name,
        stationNumber: station.number,
        shift: 'A',
        seatPosition: 'Firefighter',
        bidPriority: 1,
        details: { proxy: false },
        createdAt: new Date(start.getTime() + 60_000),
      },
    ]);
    await awardSeat(first?.id ?? '', trio[0] as MemberRow, station, seatRows[0] as (typeof seatRows)[number], 'bid');
    context.clock.advance(60_000);
    await awardSeat(
      second?.id ?? '',
      trio[1] as MemberRow,
      station,
      seatRows[1] as (typeof seatRows)[number],
      'auto_assigned',
    );
    await context.db
      .update(participants)
      .set({ outcome: 'skipped', movedToBack: true })
      .where(eq(participants.id, third?.id ?? ''));
    await setSessionState(context.db, session.id, {
      status: 'completed',
      currentParticipant: 4,
      actualEnd: new Date(start.getTime() + 47 * 60_000 + 20_000),
    });

    const history = await injectAs(context, signIns[2] as SignedIn, {
      method: 'GET',
      url: `/api/bid-sessions/history?sessionId=${session.id}`,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().history.map((entry: { action: string }) => entry.action)).toEqual([
      'session_started',
      'bid_submitted',
    ]);
    expect(history.json().history[1]).toMatchObject({
      userName: 'Test First',
      stationNumber: station.number,
      shift: 'A',
      position: 'Firefighter',
      bidPriority: 1,
      details: `Bid by Test First: ${station.name}, shift A, Firefighter`,
      detailsData: { proxy: false },
      timestamp: new Date(start.getTime() + 60_000).toISOString(),
    });

    const response = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}/results` });
    expect(response.statusCode).toBe(200);
    const results = response.json<{ results: SessionResults }>().results;
    expect(results).toMatchObject({
      id: session.id,
      status: 'completed',
      totalParticipants: 3,
      completedBids: 3,
      sessionDuration: 47,
      statistics: {
        successfulAssignments: 1,
        autoAssignments: 1,
        totalBidsSubmitted: 2,
        averageBidsPerParticipant: 0.67,
        participantsMovedToBack: 1,
        skipped: 1,
        notAssigned: 0,
      },
    });
    expect(results.participants.map((participant) => participant.hasBid)).toEqual([true, true, false]);
    expect(results.participants[0]).toMatchObject({
      assignedStation: { id: station.id, name: station.name },
      assignedShift: 'A',
      assignedPosition: 'Firefighter',
      bidHistory: [{ kind: 'own', shift: 'A', position: 'Firefighter', station: { number: station.number } }],
    });
    expect(results.sessionHistory).toHaveLength(2);

    const outsider = await signIn(context, (await createMember(context)).email);
    for (const url of [
      `/api/bid-sessions/history?sessionId=${session.id}`,
      `/api/bid-sessions/${session.id}/results`,
    ]) {
      expect((await injectAs(context, outsider, { method: 'GET', url })).statusCode).toBe(403);
    }
    const missing = await asAdmin({ method: 'GET', url: '/api/bid-sessions/history' });
    expect(missing.statusCode).toBe(400);

    // The member's own bid history, newest first, marked completed with the session.
    const { session: later } = await createSessionWithMembers(context, adminSignIn, {
      members: [trio[0] as MemberRow],
    });
    await setSessionState(context.db, later.id, { status: 'active', currentParticipant: 1 });
    context.clock.advance(60_000);
    await awardSeat(
      later.participants[0]?.id ?? '',
      trio[0] as MemberRow,
      station,
      seatRows[2] as (typeof seatRows)[number],
      'proxy_bid',
    );
    const bidHistory = await injectAs(context, signIns[0] as SignedIn, {
      method: 'GET',
      url: '/api/users/bid-history',
    });
    expect(bidHistory.statusCode).toBe(200);
    expect(bidHistory.json().bidHistory).toMatchObject([
      { session: { id: later.id, name: later.name }, kind: 'proxy', status: 'active', bidPriority: 1 },
      {
        session: { id: session.id, year: 2026 },
        station: { name: station.name, number: station.number },
        shift: 'A',
        position: 'Firefighter',
        kind: 'own',
        status: 'completed',
        bidPriority: 1,
      },
    ]);
    await completeSession(later.id);
  });
});

describe('a session of real size', () => {
  it('presents all 5,000 participants of a real-size session, and counts them in the list', async () => {
    const department = await context.db
      .insert(members)
      .values(
        Array.from({ length: 5_000 }, (_, index) => ({
          email: `size${index}@test.example`,
          firstName: 'Size',
          lastName: `Member${index}`,
          employeeId: `S-${String(index).padStart(5, '0')}`,
          yearsOfService: index % 40,
        })),
      )
      .returning({ id: members.id });
    const { session } = await createSessionWithMembers(context, adminSignIn, { members: department as MemberRow[] });
    await setSessionState(context.db, session.id, { status: 'active', currentParticipant: 1 });

    const response = await asAdmin({ method: 'GET', url: `/api/bid-sessions/${session.id}` });
    const list = await asAdmin({ method: 'GET', url: '/api/bid-sessions' });

    expect(response.statusCode).toBe(200);
    expect(response.json().session.participants).toHaveLength(5_000);
    expect(list.json().sessions.find((listed: { id: string }) => listed.id === session.id).participantCount).toBe(
      5_000,
    );
    // How long this takes is measured by bench/polling and bench/engine, not here (a shared machine's
    // timing is no test).
    await completeSession(session.id);
  });
});
