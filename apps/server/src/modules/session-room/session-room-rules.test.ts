/**
 * What the session room shows of a department's rules: the board's rounds and the round under way,
 * its seat groups that require a certification or must be filled, a standing bid's pick, and the
 * member's own place with their round, the turns before it and their own certifications (no one
 * else's, anywhere). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import {
  myParticipationResponseSchema,
  officersFirstRounds,
  type SessionBoard,
  sessionBoardResponseSchema,
} from '@stationbid/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certifications, memberCertifications, seats } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createSession, createStationWithSeats, setSessionState } from '../session-engine/test-sessions.ts';

let context: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await signIn(context, (await createAdmin(context)).email);
  await context.db.insert(certifications).values({ code: 'PM', name: 'Paramedic' }).onConflictDoNothing();
});
afterAll(async () => context?.close());

async function holdParamedic(memberId: string, expiresOn: string | null) {
  const [row] = await context.db.select().from(certifications).where(eq(certifications.code, 'PM'));
  if (!row) throw new Error('no PM certification');
  await context.db.insert(memberCertifications).values({ memberId, certificationId: row.id, expiresOn });
}

async function readBoard(who: SignedIn, sessionId: string): Promise<SessionBoard> {
  const response = await injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/board` });
  expect(response.statusCode, response.body).toBe(200);
  return sessionBoardResponseSchema.parse(response.json()).board;
}

async function readPlace(who: SignedIn, sessionId: string) {
  const response = await injectAs(context, who, {
    method: 'GET',
    url: `/api/bid-sessions/${sessionId}/my-participation`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, place: myParticipationResponseSchema.parse(response.json()) };
}

function bid(who: SignedIn, sessionId: string, station: number, position: string) {
  return injectAs(context, who, {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData: { station, shift: 'A', position } },
  });
}

describe("the session room's rounds and qualified seats", () => {
  it('names the rounds, the round under way and each member their own round, card and turns to go', async () => {
    const senior = await createMember(context, {
      rank: 'Captain',
      firstName: 'Cora',
      lastName: 'Senior',
      yearsOfService: 20,
    });
    const junior = await createMember(context, {
      rank: 'Captain',
      firstName: 'Cal',
      lastName: 'Junior',
      yearsOfService: 10,
    });
    const medic = await createMember(context, { firstName: 'Med', lastName: 'Ic', yearsOfService: 15 });
    const expired = await createMember(context, { firstName: 'Ex', lastName: 'Pired', yearsOfService: 12 });
    const standing = await createMember(context, { firstName: 'On', lastName: 'Call', yearsOfService: 3 });
    const outsider = await createMember(context, { firstName: 'Not', lastName: 'Bidding' });
    await holdParamedic(medic.id, null);
    await holdParamedic(expired.id, '2020-03-31');
    const { station, seats: stationSeats } = await createStationWithSeats(context.db, {
      A: { Captain: 2, Firefighter: 3 },
    });
    const firefighterSeats = stationSeats.filter((seat) => seat.seatPosition === 'Firefighter');
    await context.db
      .update(seats)
      .set({ requires: ['PM'], mustFill: true })
      .where(inArray(seats.id, [firefighterSeats[0]?.id ?? '']));

    const standingAuth = await signIn(context, standing.email);
    const saved = await injectAs(context, standingAuth, {
      method: 'PUT',
      url: '/api/users/preferences',
      payload: { standingBid: true, seatChoices: [{ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const session = await createSession(context, admin, {
      participantIds: [senior, junior, medic, expired, standing].map((member) => member.id),
      stationIds: [station.id],
      rounds: officersFirstRounds(5),
    });
    const captainAuth = await signIn(context, senior.email);
    const juniorAuth = await signIn(context, junior.email);
    const medicAuth = await signIn(context, medic.email);
    const expiredAuth = await signIn(context, expired.email);
    const outsiderAuth = await signIn(context, outsider.email);

    // Before the start: the rounds and where each begins; the catalogue names the certification.
    await setSessionState(context.db, session.id, { status: 'scheduled' });
    const draft = await readBoard(expiredAuth, session.id);
    expect(draft.rounds?.map((round) => [round.name, round.firstQueuePosition, round.participants])).toEqual([
      ["Officers' round", 0, 2],
      ["Engineers' round", 2, 0],
      ["Firefighters' round", 2, 3],
    ]);
    expect(draft.currentRound).toBeNull();
    expect(draft.certificationNames).toEqual({ PM: 'Paramedic' });
    expect(draft.stations[0]?.availablePositions.A).toEqual([
      { position: 'Captain', count: 2, total: 2 },
      {
        position: 'Firefighter',
        count: 3,
        total: 3,
        groups: [
          { requires: [], mustFill: false, count: 2, total: 2 },
          { requires: ['PM'], mustFill: true, count: 1, total: 1 },
        ],
      },
    ]);
    const before = (await readPlace(expiredAuth, session.id)).place;
    expect(before.myRound).toEqual({ index: 2, name: "Firefighters' round", turnsBefore: 2 });
    expect(before.certifications).toEqual([{ code: 'PM', expiresOn: '2020-03-31' }]);

    expect(
      (await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${session.id}/start` })).statusCode,
    ).toBe(200);
    const started = await readBoard(captainAuth, session.id);
    expect(started.currentRound).toBe(0);
    expect(started.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await readPlace(captainAuth, session.id)).place.myRound).toEqual({
      index: 0,
      name: "Officers' round",
      turnsBefore: 0,
    });
    expect((await readPlace(medicAuth, session.id)).place.myRound?.turnsBefore).toBe(2);

    expect((await bid(captainAuth, session.id, station.number, 'Captain')).statusCode).toBe(200);
    expect((await readPlace(expiredAuth, session.id)).place.myRound?.turnsBefore).toBe(1);
    expect((await bid(juniorAuth, session.id, station.number, 'Captain')).statusCode).toBe(200);
    const secondRound = await readBoard(medicAuth, session.id);
    expect(secondRound.currentRound).toBe(2);
    expect((await readPlace(expiredAuth, session.id)).place.myRound?.turnsBefore).toBe(0);

    // Nobody reads another member's certifications: not on the board, not in their own place.
    const outsiderPlace = await readPlace(outsiderAuth, session.id).catch(() => null);
    if (outsiderPlace) {
      expect(outsiderPlace.place.certifications ?? []).toEqual([]);
      expect(outsiderPlace.place.myRound ?? null).toBeNull();
    }
    const medicPlace = await readPlace(medicAuth, session.id);
    expect(medicPlace.place.certifications).toEqual([{ code: 'PM', expiresOn: null }]);
    expect(medicPlace.body).not.toContain('2020-03-31');
    const boardBody = (
      await injectAs(context, medicAuth, { method: 'GET', url: `/api/bid-sessions/${session.id}/board` })
    ).body;
    expect(boardBody).not.toContain('expiresOn');
    const sessionBody = (await injectAs(context, medicAuth, { method: 'GET', url: `/api/bid-sessions/${session.id}` }))
      .body;
    expect(sessionBody).not.toContain('expiresOn');

    // The medic takes the Paramedic seat; the expired card's holder a plain one; the standing bid the last.
    expect((await bid(medicAuth, session.id, station.number, 'Firefighter')).statusCode).toBe(200);
    expect((await bid(expiredAuth, session.id, station.number, 'Firefighter')).statusCode).toBe(200);
    const done = await readBoard(medicAuth, session.id);
    expect(done.status).toBe('completed');
    expect(done.currentRound).toBeNull();
    // The test clock stands still, so the picks' order among equal times is not asserted.
    expect(done.recentPicks.filter((pick) => pick.standingBid).map((pick) => pick.name)).toEqual(['On Call']);
    expect(done.stations[0]?.availablePositions.A[1]?.groups).toEqual([
      { requires: [], mustFill: false, count: 0, total: 2 },
      { requires: ['PM'], mustFill: true, count: 0, total: 1 },
    ]);
  });
});
