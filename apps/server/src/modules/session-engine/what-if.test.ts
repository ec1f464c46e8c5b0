/**
 * The what-if run through the API: a draft runs from its start as the start would freeze it, a
 * running session from its current turn, each member's saved ranked list standing for their
 * choice and the rest guessed; nothing is written either way. Runs on PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bidSessions, sessionHistory } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { SessionEngineService } from './session-engine.service.ts';
import { createSession, createStationWithSeats, readParticipants } from './test-sessions.ts';

let context: TestContext;
let adminEmail: string;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  adminEmail = (await createAdmin(context)).email;
});
afterAll(async () => context?.close());
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
});

const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
  injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

async function saveList(email: string, seatChoices: { stationId: string; shift: string; seatPosition: string }[]) {
  const saved = await injectAs(context, await signIn(context, email), {
    method: 'PUT',
    url: '/api/users/preferences',
    payload: { seatChoices },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function sessionRow(sessionId: string) {
  const [row] = await context.db.select().from(bidSessions).where(eq(bidSessions.id, sessionId));
  return row;
}

const awardsOf = (body: { whatIf: { awards: Record<string, unknown>[] } }) =>
  body.whatIf.awards.map((award) => {
    const seat = award.seat as { stationNumber: number; shift: string } | null;
    return [award.name, seat ? `${seat.stationNumber}${seat.shift}` : null, award.source, award.place, award.isGuess];
  });

describe('a what-if run', () => {
  it('runs a draft from its start with the saved lists, guesses the rest, and writes nothing', async () => {
    const senior = await createMember(context, { firstName: 'Sen', lastName: 'Ior', yearsOfService: 25 });
    const middle = await createMember(context, { firstName: 'Mid', lastName: 'Dle', yearsOfService: 15 });
    const junior = await createMember(context, { firstName: 'Jun', lastName: 'Ior', yearsOfService: 5 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 }, B: { Firefighter: 2 } });
    const seat = (shift: string) => ({ stationId: station.id, shift, seatPosition: 'Firefighter' });
    await saveList(senior.email, [seat('A')]);
    await saveList(middle.email, [seat('A'), seat('B')]);
    const session = await createSession(context, admin, {
      participantIds: [senior.id, middle.id, junior.id],
      stationIds: [station.id],
    });
    const before = await sessionRow(session.id);

    const response = await post(admin, `/api/bid-sessions/${session.id}/simulate`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const n = station.number;
    expect(awardsOf(body)).toEqual([
      ['Sen Ior', `${n}A`, 'rankedList', 1, false],
      ['Mid Dle', `${n}B`, 'rankedList', 2, false],
      ['Jun Ior', `${n}B`, 'firstQualified', null, true],
    ]);
    expect(body.whatIf).toMatchObject({ ranFrom: 'start', listsRanOut: 0, guesses: 1, mustFill: [] });

    // Nothing was written: still a draft at the same version, no history, no seat awarded.
    expect(await sessionRow(session.id)).toEqual(before);
    expect(await context.db.select().from(sessionHistory).where(eq(sessionHistory.sessionId, session.id))).toEqual([]);
    expect((await readParticipants(context.db, session.id)).every((row) => row.outcome === null)).toBe(true);
  });

  it('runs a session under way from its current turn, and leaves the session as it was', async () => {
    const first = await createMember(context, { firstName: 'First', lastName: 'Bidder', yearsOfService: 25 });
    const second = await createMember(context, { firstName: 'Second', lastName: 'Bidder', yearsOfService: 15 });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    await saveList(second.email, [{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }]);
    const session = await createSession(context, admin, {
      participantIds: [first.id, second.id],
      stationIds: [station.id],
    });
    expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);
    const firstAuth = await signIn(context, first.email);
    const bid = await post(firstAuth, '/api/bid-sessions/submit-bid', {
      sessionId: session.id,
      bidData: { station: station.number, shift: 'A', position: 'Firefighter' },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    const before = await sessionRow(session.id);

    const response = await post(admin, `/api/bid-sessions/${session.id}/simulate`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().whatIf.ranFrom).toBe('currentTurn');
    expect(awardsOf(response.json())).toEqual([['Second Bidder', `${station.number}A`, 'rankedList', 1, false]]);
    expect(await sessionRow(session.id)).toEqual(before);
  });

  it('refuses a completed session, and a draft that cannot start, saying why', async () => {
    const member = await createMember(context);
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 1 } });
    const session = await createSession(context, admin, { participantIds: [member.id], stationIds: [station.id] });
    expect((await post(admin, `/api/bid-sessions/${session.id}/start`)).statusCode).toBe(200);
    expect((await post(admin, `/api/bid-sessions/${session.id}/end`)).statusCode).toBe(200);
    const completed = await post(admin, `/api/bid-sessions/${session.id}/simulate`);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().error).toBe(
      'This session has completed: there is nothing left to run. Its results show what happened.',
    );

    const member2 = await createMember(context);
    const empty = await createSession(context, admin, { participantIds: [member2.id], stationIds: [station.id] });
    await injectAs(context, admin, {
      method: 'DELETE',
      url: `/api/bid-sessions/${empty.id}/participants/${member2.id}`,
    });
    const refused = await post(admin, `/api/bid-sessions/${empty.id}/simulate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Add at least one participant before starting the session');
  });
});

describe('the state a run to the end plays from (the what-if, the forecast)', () => {
  it("is the kept state of a step that came after the session's row was read, with that step's counters", async () => {
    const station = await createStationWithSeats(context.db, { A: { Firefighter: 3 } });
    const people = [];
    for (const years of [20, 10, 5]) people.push(await createMember(context, { yearsOfService: years }));
    const { id: sessionId } = await createSession(context, admin, {
      participantIds: people.map((member) => member.id),
      stationIds: [station.station.id],
    });
    expect((await post(admin, `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);
    const adminRow = await createAdmin(context);
    const engine = new SessionEngineService(context.db, context.clock, context.app.log);
    const readBefore = await sessionRow(sessionId);
    if (!readBefore) throw new Error('no session row');
    // A step through this engine, after the row was read: its state is kept.
    await engine.moveToBack(adminRow, sessionId, undefined);
    const after = await sessionRow(sessionId);

    const { state, readAt } = await engine.stateToPlay(readBefore, context.clock.now());

    expect(readAt?.version).toBe(after?.version);
    expect(readAt?.version).toBeGreaterThan(readBefore.version);
    expect(state.session.currentParticipant).toBe(after?.currentParticipant);
    expect(state.participants.map((participant) => participant.memberId)).toEqual([
      people[1]?.id,
      people[2]?.id,
      people[0]?.id,
    ]);
  });
});
