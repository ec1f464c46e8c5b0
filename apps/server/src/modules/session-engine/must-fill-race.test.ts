/**
 * The last must-fill seat under real concurrency, on PostgreSQL, from two server processes (two
 * apps, each with its own connection pool, as two processes behind a load balancer; a token one
 * signs is good at the other, as with one secret): two sessions
 * racing for it, and a turn holder the seat needs bidding elsewhere while an administrator phones
 * in that seat for them. PGlite has one connection, so nothing races there: skipped on it.
 */
import { BID_MESSAGES } from '@stationbid/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../db/client.ts';
import { certifications, memberCertifications, seats } from '../../db/schema/index.ts';
import { withDatabaseName } from '../../test/global-setup.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  createTestContextOn,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { createStationWithSeats, readBids, readParticipants, readSeatHolders, startSession } from './test-sessions.ts';

const isPostgres = inject('databaseSource').kind === 'postgres';

/** The first process (with the test's database helpers) and a second one on its own pool. */
let first: TestContext;
let second: TestContext;
let admin: SignedIn;
let paramedicCertificationId: string;

beforeAll(async () => {
  if (!isPostgres) return;
  first = await createTestContext();
  const source = inject('databaseSource');
  const result = await first.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  if (source.kind !== 'postgres' || !row) throw new Error('no PostgreSQL test database');
  const handle = await openPostgres(withDatabaseName(source.serverUrl, row.name), { max: 5 });
  second = await createTestContextOn({ handle, dispose: () => handle.close() });
  admin = await signIn(first, (await createAdmin(first)).email);
  const [paramedic] = await first.db
    .insert(certifications)
    .values({ code: 'PM', name: 'Paramedic' })
    .onConflictDoUpdate({ target: certifications.code, set: { name: 'Paramedic' } })
    .returning();
  if (!paramedic) throw new Error('no PM certification');
  paramedicCertificationId = paramedic.id;
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function createParamedic(yearsOfService: number) {
  const member = await createMember(first, { yearsOfService });
  await first.db
    .insert(memberCertifications)
    .values({ memberId: member.id, certificationId: paramedicCertificationId, expiresOn: null });
  return member;
}

/** A station with one Firefighter seat on A that needs a Paramedic and must be filled, and one plain seat on B. */
async function createMedicStation() {
  const created = await createStationWithSeats(first.db, { A: { Firefighter: 1 }, B: { Firefighter: 1 } });
  const medicSeat = created.seats.find((seat) => seat.shift === 'A');
  if (!medicSeat) throw new Error('no medic seat');
  await first.db
    .update(seats)
    .set({ requires: ['PM'], mustFill: true })
    .where(eq(seats.id, medicSeat.id));
  return { ...created, medicSeat };
}

function bidIn(
  context: TestContext,
  who: SignedIn,
  sessionId: string,
  station: number,
  shift: string,
  userId?: string,
) {
  return injectAs(context, who, {
    method: 'POST',
    url: '/api/bid-sessions/submit-bid',
    payload: { sessionId, bidData: { station, shift, position: 'Firefighter' }, ...(userId ? { userId } : {}) },
  });
}

if (!isPostgres) it.skip('needs PostgreSQL (TEST_DATABASE_URL): PGlite has one connection, so nothing races', () => {});

describe.skipIf(!isPostgres)('the last must-fill seat, from two processes', () => {
  it('goes to one of two sessions bidding for it at the same instant; the other is told and keeps the turn', async () => {
    for (let round = 0; round < 8; round++) {
      const { station, medicSeat } = await createMedicStation();
      const one = await createParamedic(30);
      const other = await createParamedic(20);
      const oneSession = await startSession(first, admin, { participantIds: [one.id], stationIds: [station.id] });
      const otherSession = await startSession(first, admin, { participantIds: [other.id], stationIds: [station.id] });
      const responses = await Promise.all([
        bidIn(first, await signIn(first, one.email), oneSession, station.number, 'A'),
        bidIn(second, await signIn(first, other.email), otherSession, station.number, 'A'),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(responses.find((response) => response.statusCode === 409)?.json().error).toBe(
        BID_MESSAGES.seatUnavailable,
      );
      expect(await readSeatHolders(first.db, [medicSeat.id])).toHaveLength(1);
      const loserSession = responses[0]?.statusCode === 409 ? oneSession : otherSession;
      expect((await readParticipants(first.db, loserSession))[0]?.outcome).toBeNull();
      expect(await readBids(first.db, loserSession)).toHaveLength(0);
    }
  });

  it('ends filled by the Paramedic it needs, whether their own bid elsewhere or the phone-in on it arrives first', async () => {
    for (let round = 0; round < 8; round++) {
      const { station, medicSeat } = await createMedicStation();
      const paramedic = await createParamedic(30);
      const later = await createMember(first, { yearsOfService: 1 });
      const sessionId = await startSession(first, admin, {
        participantIds: [paramedic.id, later.id],
        stationIds: [station.id],
      });
      const [ownBid, phoneIn] = await Promise.all([
        bidIn(first, await signIn(first, paramedic.email), sessionId, station.number, 'B'),
        bidIn(second, admin, sessionId, station.number, 'A', paramedic.id),
      ]);
      // The bid elsewhere is refused either way: for staffing when it comes first, as out of turn after.
      expect(ownBid.statusCode).toBe(409);
      expect(phoneIn.statusCode, phoneIn.body).toBe(200);
      expect(await readSeatHolders(first.db, [medicSeat.id])).toEqual([
        { memberId: paramedic.id, seatId: medicSeat.id },
      ]);
      expect(await readBids(first.db, sessionId)).toHaveLength(1);
    }
  });
});
