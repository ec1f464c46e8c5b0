/**
 * The turn clock, ticked by the test with a manual clock: expired turns run through the rules of
 * bidding-rules.md ("When a turn's deadline passes"), scheduled sessions start by themselves, a
 * deadline is processed once, and the timer starts and stops cleanly.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bidSessions, members } from '../db/schema/index.ts';
import {
  completeRunningSessions,
  createSession,
  createStationWithSeats,
  readBids,
  readCurrentSeatId,
  readHistory,
  readParticipants,
  startSession,
} from '../modules/session-engine/test-sessions.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  type SignedIn,
  signIn,
  type TestContext,
} from '../test/test-app.ts';

const MINUTE = 60_000;

let context: TestContext;
let adminEmail: string;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context)).email;
});
// Tests move the clock on by many minutes: every test signs in afresh, as access tokens expire.
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
  await completeRunningSessions(context.db);
});
afterAll(async () => context?.close());

describe('an expired turn', () => {
  it('is left alone until its deadline has passed, then sends the member to the back for a shorter second chance', async () => {
    const first = await createMember(context, { yearsOfService: 30 });
    const second = await createMember(context, { yearsOfService: 3 });
    await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    const sessionId = await startSession(context, admin, {
      participantIds: [first.id, second.id],
      bidWindowDuration: 5,
      autoAssignTimeout: 2,
    });

    context.clock.advance(5 * MINUTE);
    expect((await context.app.turnClock.tick()).processed).toBe(0);

    context.clock.advance(1);
    expect((await context.app.turnClock.tick()).processed).toBe(1);
    const [holder, movedBack] = await readParticipants(context.db, sessionId);
    expect(holder?.memberId).toBe(second.id);
    expect(movedBack).toMatchObject({ memberId: first.id, movedToBack: true, outcome: null });
    const [session] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, sessionId));
    expect(session?.currentBidEnd?.getTime()).toBe(context.clock.now().getTime() + 5 * MINUTE);
    expect((await readHistory(context.db, sessionId)).at(-1)).toMatchObject({
      action: 'moved_to_back',
      actorName: 'system',
      details: { reason: 'time expired' },
    });

    // The second member's turn runs out too, so they go to the back as well: the first member
    // holds the turn again, for a second chance of 2 minutes.
    context.clock.advance(5 * MINUTE + 1);
    await context.app.turnClock.tick();
    const [firstAgain] = await readParticipants(context.db, sessionId);
    expect(firstAgain?.memberId).toBe(first.id);
    const secondChanceStart = context.clock.now().getTime();
    const [running] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, sessionId));
    expect(running?.currentParticipant).toBe(1);
    expect(running?.currentBidEnd?.getTime()).toBe(secondChanceStart + 2 * MINUTE);
  });

  it('auto-assigns after the second chance: the seat they hold, else the first free eligible seat', async () => {
    const holder = await createMember(context, { yearsOfService: 30 });
    const seatless = await createMember(context, { yearsOfService: 3 });
    const { station, seats } = await createStationWithSeats(context.db, {
      A: { Firefighter: 1 },
      B: { Firefighter: 1 },
    });
    const heldSeat = seats.find((seat) => seat.shift === 'B');
    await context.db.update(members).set({ currentSeatId: heldSeat?.id }).where(eq(members.id, holder.id));
    const sessionId = await startSession(context, admin, {
      participantIds: [holder.id, seatless.id],
      stationIds: [station.id],
      bidWindowDuration: 1,
      autoAssignTimeout: 1,
    });
    // Four deadlines: both are moved to the back once, then both are auto-assigned.
    for (let turn = 0; turn < 4; turn++) {
      context.clock.advance(MINUTE + 1);
      expect((await context.app.turnClock.tick()).processed).toBe(1);
    }
    const outcomes = (await readParticipants(context.db, sessionId)).map((row) => [row.memberId, row.outcome]);
    expect(outcomes).toEqual([
      [holder.id, 'auto_assigned'],
      [seatless.id, 'auto_assigned'],
    ]);
    expect(await readCurrentSeatId(context.db, holder.id)).toBe(heldSeat?.id);
    expect(await readCurrentSeatId(context.db, seatless.id)).toBe(seats.find((seat) => seat.shift === 'A')?.id);
    const bidRows = await readBids(context.db, sessionId);
    expect(bidRows.map((row) => row.kind)).toEqual(['auto', 'auto']);
    const actions = (await readHistory(context.db, sessionId)).map((entry) => entry.action);
    expect(actions).toEqual([
      'session_started',
      'moved_to_back',
      'moved_to_back',
      'auto_assigned',
      'auto_assigned',
      'session_completed',
    ]);
  });

  it('awards the first free choice of an auto-bid list at the first deadline', async () => {
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, C: { Firefighter: 1 } });
    const bidder = await createMember(context, {
      bidPreferences: {
        autoBid: true,
        choices: [
          { stationId: station.id, shift: 'B', seatPosition: 'Firefighter' },
          { stationId: station.number, shift: 'C', position: 'Firefighter' },
        ],
      },
    });
    const sessionId = await startSession(context, admin, { participantIds: [bidder.id], stationIds: [station.id] });
    context.clock.advance(5 * MINUTE + 1);
    await context.app.turnClock.tick();
    const [participant] = await readParticipants(context.db, sessionId);
    expect(participant).toMatchObject({ outcome: 'auto_assigned', assignedShift: 'C', movedToBack: false });
    expect((await readHistory(context.db, sessionId)).find((entry) => entry.action === 'auto_assigned')).toMatchObject({
      details: { source: 'auto_bid', choice: 2 },
    });
  });

  it('reads malformed preferences as none', async () => {
    const bidder = await createMember(context, { bidPreferences: { autoBid: 'yes', choices: 'all of them' } });
    await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const sessionId = await startSession(context, admin, { participantIds: [bidder.id] });
    context.clock.advance(5 * MINUTE + 1);
    await context.app.turnClock.tick();
    expect((await readParticipants(context.db, sessionId))[0]?.movedToBack).toBe(true);
  });

  it('processes a deadline once, with ticks and client triggers together', async () => {
    const member = await createMember(context);
    const other = await createMember(context);
    await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const sessionId = await startSession(context, admin, { participantIds: [member.id, other.id] });
    context.clock.advance(5 * MINUTE + 1);
    const reports = await Promise.all([
      context.app.turnClock.tick(),
      context.app.turnClock.tick(),
      context.app.turnClock.tick(),
    ]);
    expect(reports.map((report) => report.processed)).toEqual([1, 1, 1]);
    expect(await context.app.turnClock.tick()).toEqual({ processed: 0, busy: 0, failed: 0 });
    const moves = (await readHistory(context.db, sessionId)).filter((entry) => entry.action === 'moved_to_back');
    expect(moves).toHaveLength(1);
  });
});

describe('a scheduled session', () => {
  it('starts by itself at its scheduled start', async () => {
    const member = await createMember(context);
    const scheduledStart = new Date(context.clock.now().getTime() + 30 * MINUTE);
    const { id: sessionId } = await createSession(context, admin, {
      participantIds: [member.id],
      scheduledStart: scheduledStart.toISOString(),
    });
    context.clock.advance(30 * MINUTE - 1);
    await context.app.turnClock.tick();
    let [session] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, sessionId));
    expect(session?.status).toBe('scheduled');

    context.clock.advance(1);
    await context.app.turnClock.tick();
    [session] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'active', currentParticipant: 1 });
    expect(session?.actualStart?.getTime()).toBe(scheduledStart.getTime());
    expect((await readHistory(context.db, sessionId))[0]).toMatchObject({
      action: 'session_started',
      actorName: 'system',
    });
  });
});

describe('the timer', () => {
  it('starts, ticks on its own, and stops without keeping the process alive', async () => {
    const member = await createMember(context);
    await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const sessionId = await startSession(context, admin, { participantIds: [member.id] });
    context.clock.advance(5 * MINUTE + 1);
    context.app.turnClock.start();
    const deadline = Date.now() + 5000;
    let moves = 0;
    while (moves === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      moves = (await readHistory(context.db, sessionId)).filter((entry) => entry.action === 'moved_to_back').length;
    }
    await context.app.turnClock.stop();
    expect(moves).toBe(1);
  });
});
