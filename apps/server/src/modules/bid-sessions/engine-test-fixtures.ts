/**
 * Small departments for the engine-step tests: stations with seats written straight to the
 * database, sessions created through the API as an administrator would, and readers of what a
 * step left behind (history, bids, seat holders).
 */
import type { SeatPosition, Shift } from '@stationbid/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bidSessions, bids, members, participants, seats, sessionHistory, stations } from '../../db/schema/index.ts';
import { injectAs, type SignedIn, type TestContext } from '../../test/test-app.ts';

export type SeatCounts = Partial<Record<Shift, Partial<Record<SeatPosition, number>>>>;

let stationCounter = 0;

/** A station with the given seats (all free), numbered uniquely unless `number` is given. */
export async function createStationWithSeats(
  db: Database,
  seatCounts: SeatCounts,
  values: { number?: number; name?: string; isActive?: boolean } = {},
) {
  stationCounter += 1;
  const number = values.number ?? 1000 + stationCounter;
  const [station] = await db
    .insert(stations)
    .values({ number, name: values.name ?? `Station ${number}`, isActive: values.isActive ?? true })
    .returning();
  if (!station) throw new Error('station was not created');
  const seatRows = Object.entries(seatCounts).flatMap(([shift, positions]) =>
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

export interface SessionOptions {
  name?: string;
  participantIds: string[];
  stationIds?: string[];
  bidWindowDuration?: number;
  autoAssignTimeout?: number;
  clearAssignments?: boolean;
  eligibilityMode?: 'rank' | 'any';
  scheduledStart?: string;
}

/** A draft (or scheduled) session created through POST /api/bid-sessions; answers its id. */
export async function createSession(context: TestContext, admin: SignedIn, options: SessionOptions): Promise<string> {
  const response = await injectAs(context, admin, {
    method: 'POST',
    url: '/api/bid-sessions',
    payload: {
      name: options.name ?? 'Spring bid',
      year: 2026,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      bidWindowDuration: options.bidWindowDuration ?? 5,
      autoAssignTimeout: options.autoAssignTimeout ?? 2,
      participantIds: options.participantIds,
      stationIds: options.stationIds ?? [],
      clearAssignments: options.clearAssignments ?? false,
      eligibilityMode: options.eligibilityMode ?? 'rank',
      ...(options.scheduledStart ? { scheduledStart: options.scheduledStart } : {}),
    },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`session was not created: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ session: { id: string } }>().session.id;
}

/** Creates and starts a session; answers its id. */
export async function startSession(context: TestContext, admin: SignedIn, options: SessionOptions): Promise<string> {
  const sessionId = await createSession(context, admin, options);
  const response = await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/start` });
  if (response.statusCode !== 200) throw new Error(`session did not start: ${response.statusCode} ${response.body}`);
  return sessionId;
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
