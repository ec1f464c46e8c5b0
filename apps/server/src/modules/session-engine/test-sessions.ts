/**
 * Test helpers for bid sessions. Stations and their seats are written straight to the database;
 * sessions are created and started through the API, so every test starts from what an
 * administrator could have made. The rest puts a session straight into a state the engine would
 * reach, or reads what an engine step left behind (history, bids, participants, seat holders).
 * Helpers that go through the API take the test context and a signed-in administrator; helpers
 * that touch the database directly take only the database.
 */
import type { BidSessionDetail, CreateBidSessionRequest, SeatPosition, Shift } from '@stationbid/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bidSessions, bids, members, participants, seats, sessionHistory, stations } from '../../db/schema/index.ts';
import { createMember, injectAs, type SignedIn, type TestContext } from '../../test/test-app.ts';
import type { SessionChanges } from './bid-sessions.repository.ts';

export type MemberRow = typeof members.$inferSelect;
export type StationRow = typeof stations.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;

/** Seats per shift and position, e.g. `{ A: { Firefighter: 2 }, B: { Captain: 1 } }`. */
export type SeatLayout = Partial<Record<Shift, Partial<Record<SeatPosition, number>>>>;

let stationCounter = 0;

/** A station with these seats (all free); numbers count up per test file unless given. */
export async function createStationWithSeats(
  db: Database,
  layout: SeatLayout,
  values: Partial<typeof stations.$inferInsert> = {},
): Promise<{ station: StationRow; seats: SeatRow[] }> {
  stationCounter += 1;
  const [station] = await db
    .insert(stations)
    .values({
      number: stationCounter,
      name: `Station ${stationCounter}`,
      address: `${stationCounter} Main St`,
      ...values,
    })
    .returning();
  if (!station) throw new Error('station was not created');
  const seatRows = Object.entries(layout).flatMap(([shift, positions]) =>
    Object.entries(positions ?? {}).flatMap(([seatPosition, count]) =>
      Array.from({ length: count ?? 0 }, (_, index) => ({
        stationId: station.id,
        shift,
        seatPosition,
        ordinal: index + 1,
      })),
    ),
  );
  const createdSeats = seatRows.length > 0 ? await db.insert(seats).values(seatRows).returning() : [];
  return { station, seats: createdSeats };
}

/** The seat rows of a station, lowest ordinal first. */
export async function listStationSeats(db: Database, stationId: string) {
  return db.select().from(seats).where(eq(seats.stationId, stationId)).orderBy(seats.ordinal);
}

/**
 * The fields of a valid create request; override any. The overrides are not checked, so that
 * tests can send invalid values too.
 */
export function sessionRequest(participantIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    name: 'Spring Bid 2026',
    description: 'Annual shift bid',
    year: 2026,
    startDate: '2026-04-01',
    endDate: '2026-04-30',
    bidWindowDuration: 5,
    autoAssignTimeout: 2,
    participantIds,
    ...overrides,
  };
}

/** The participants of a session to create, and any other field of the create request. */
export type SessionOptions = Partial<CreateBidSessionRequest> & { participantIds: string[] };

/** A draft (or, with `scheduledStart`, scheduled) session created through POST /api/bid-sessions. */
export async function createSession(
  context: TestContext,
  admin: SignedIn,
  { participantIds, ...overrides }: SessionOptions,
): Promise<BidSessionDetail> {
  const response = await injectAs(context, admin, {
    method: 'POST',
    url: '/api/bid-sessions',
    payload: sessionRequest(participantIds, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`session was not created: ${response.statusCode} ${response.body}`);
  return response.json<{ session: BidSessionDetail }>().session;
}

/** Creates and starts a session; answers its id (its detail changes as soon as turns run). */
export async function startSession(context: TestContext, admin: SignedIn, options: SessionOptions): Promise<string> {
  const { id: sessionId } = await createSession(context, admin, options);
  const response = await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/start` });
  if (response.statusCode !== 200) throw new Error(`session did not start: ${response.statusCode} ${response.body}`);
  return sessionId;
}

/**
 * Creates `count` active members (Firefighters with 1..count years, so the most senior is the
 * last created) unless `members` are given, and a draft session of them.
 */
export async function createSessionWithMembers(
  context: TestContext,
  admin: SignedIn,
  options: { count?: number; members?: MemberRow[]; request?: Partial<CreateBidSessionRequest> } = {},
): Promise<{ session: BidSessionDetail; members: MemberRow[] }> {
  const sessionMembers =
    options.members ??
    (await Promise.all(
      Array.from({ length: options.count ?? 3 }, (_, index) => createMember(context, { yearsOfService: index + 1 })),
    ));
  const session = await createSession(context, admin, {
    participantIds: sessionMembers.map((member) => member.id),
    ...options.request,
  });
  return { session, members: sessionMembers };
}

/** Puts a session straight into a state (status, turn, deadline) as the engine would leave it. */
export async function setSessionState(db: Database, sessionId: string, changes: SessionChanges): Promise<void> {
  await db.update(bidSessions).set(changes).where(eq(bidSessions.id, sessionId));
}

/**
 * Completes every running or scheduled session, so that a turn clock ticked by the next test sees
 * only the sessions that test creates.
 */
export async function completeRunningSessions(db: Database): Promise<void> {
  await db
    .update(bidSessions)
    .set({ status: 'completed', currentBidEnd: null })
    .where(sql`${bidSessions.status} in ('active', 'paused', 'scheduled')`);
}

export async function readHistory(db: Database, sessionId: string) {
  return db
    .select()
    .from(sessionHistory)
    .where(eq(sessionHistory.sessionId, sessionId))
    .orderBy(asc(sessionHistory.id));
}

export async function readBids(db: Database, sessionId: string) {
  return db.select().from(bids).where(eq(bids.sessionId, sessionId)).orderBy(asc(bids.createdAt));
}

/** A session's participants in queue order. */
export async function readParticipants(db: Database, sessionId: string) {
  return db
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.queuePosition));
}

/** Members holding any of these seats. */
export async function readSeatHolders(db: Database, seatIds: readonly string[]) {
  if (seatIds.length === 0) return [];
  return db
    .select({ memberId: members.id, seatId: members.currentSeatId })
    .from(members)
    .where(inArray(members.currentSeatId, [...seatIds]));
}

export async function readCurrentSeatId(db: Database, memberId: string): Promise<string | null> {
  const [row] = await db.select({ seatId: members.currentSeatId }).from(members).where(eq(members.id, memberId));
  return row?.seatId ?? null;
}
