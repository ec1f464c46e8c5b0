/**
 * GET /:id/my-participation's `turnStory`: what each member's outcome card tells, from a session
 * played through the API: moved to the back by an administrator (named) and by the clock (no one),
 * an own bid that leaves the seat held before, a ranked list's auto-bid with the choice it took, and
 * the session ended before a member's turn. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
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
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context, { firstName: 'Alex', lastName: 'Admin' })).email);
});
afterAll(async () => context?.close());

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function storyOf(who: SignedIn, sessionId: string) {
  const response = await injectAs(context, who, {
    method: 'GET',
    url: `/api/bid-sessions/${sessionId}/my-participation`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().turnStory;
}

describe('the turn story of my-participation', () => {
  it('tells each member how their own turn went', async () => {
    const { station, seats } = await createStationWithSeats(context.db, {
      A: { Firefighter: 3 },
      C: { Firefighter: 2 },
    });
    const heldSeat = seats.find((seat) => seat.shift === 'C');
    const [rankedSeat] = seats.filter((seat) => seat.shift === 'C').slice(1);
    if (!heldSeat || !rankedSeat) throw new Error('seats missing');
    const moved = await createMember(context, { lastName: 'Moved', yearsOfService: 30 });
    const bidder = await createMember(context, { lastName: 'Bidder', yearsOfService: 25, currentSeatId: heldSeat.id });
    const ranked = await createMember(context, {
      lastName: 'Ranked',
      yearsOfService: 20,
      bidPreferences: {
        autoBid: true,
        choices: [
          { stationId: station.id, shift: 'C', seatPosition: 'Firefighter' },
          { stationId: station.id, shift: 'A', seatPosition: 'Firefighter' },
        ],
      },
    });
    const late = await createMember(context, { lastName: 'Late', yearsOfService: 15 });
    const waiting = await createMember(context, { lastName: 'Waiting', yearsOfService: 10 });
    const session = await createSession(context, admin, {
      participantIds: [moved, bidder, ranked, late, waiting].map((member) => member.id),
      bidWindowDuration: 5,
      autoAssignTimeout: 1,
    });
    const [movedIn, bidderIn, rankedIn, lateIn, waitingIn] = await Promise.all(
      [moved, bidder, ranked, late, waiting].map((member) => signIn(context, member.email)),
    );
    if (!movedIn || !bidderIn || !rankedIn || !lateIn || !waitingIn) throw new Error('sign-in failed');

    expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);
    // A member who has only waited has no story to tell yet.
    expect(await storyOf(waitingIn, session.id)).toEqual({ movedToBack: null, award: null, endedBeforeTurn: false });

    // The administrator sends the first member to the back: their card names who did it.
    expect((await post(admin, `/api/bid-sessions/${session.id}/move-to-back`)).statusCode).toBe(200);
    expect(await storyOf(movedIn, session.id)).toMatchObject({
      movedToBack: { byAdministrator: 'Alex Admin' },
      award: null,
      endedBeforeTurn: false,
    });
    // The same words reach the member in the app, with the turns before their second chance.
    const [notice] = await context.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.memberId, moved.id), eq(notifications.type, 'system')));
    expect(notice).toMatchObject({
      type: 'system',
      title: 'Alex Admin moved you to the back of the queue',
      message: `${session.name}: Alex Admin moved you to the back of the queue. You're at the back now; you get one more 1-minute chance in about 4 turns.`,
    });

    // The next one bids on an A-shift seat: the card names the C-shift seat they leave.
    const bid = await post(bidderIn, '/api/bid-sessions/submit-bid', {
      sessionId: session.id,
      bidData: { station: station.number, shift: 'A', position: 'Firefighter' },
    });
    expect(bid.statusCode).toBe(200);
    expect((await storyOf(bidderIn, session.id)).award).toMatchObject({
      source: 'own',
      listChoice: null,
      placedBy: null,
      seatLeft: { stationNumber: station.number, shift: 'C', position: 'Firefighter' },
    });

    // The third lets the clock run out: their ranked list takes its 1st choice, the free C seat.
    context.clock.advance(5 * 60_000 + 1_000);
    await post(rankedIn, `/api/bid-sessions/${session.id}/check-time-expiration`);
    expect((await storyOf(rankedIn, session.id)).award).toMatchObject({
      source: 'ranked_list',
      listChoice: 1,
      seatLeft: null,
    });

    // The fourth has no list: the clock sends them to the back, and no administrator is named.
    context.clock.advance(5 * 60_000 + 1_000);
    await post(lateIn, `/api/bid-sessions/${session.id}/check-time-expiration`);
    expect((await storyOf(lateIn, session.id)).movedToBack).toMatchObject({ byAdministrator: null });

    // The administrator ends the session while the fifth holds the turn: the waiting keep their seats.
    expect((await post(admin, `/api/bid-sessions/${session.id}/end`)).statusCode).toBe(200);
    expect((await storyOf(waitingIn, session.id)).endedBeforeTurn).toBe(true);
    expect((await storyOf(bidderIn, session.id)).endedBeforeTurn).toBe(false);
  });
});
