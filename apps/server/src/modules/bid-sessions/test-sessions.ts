/**
 * Test helpers for bid sessions: stations with seats, and sessions with participants created
 * through the API (so every test starts from what an administrator could have made), plus a way to
 * put a session straight into a state the engine would reach.
 */
import type { BidSessionDetail, SeatPosition, Shift } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { bidSessions, type members, seats, stations } from '../../db/schema/index.ts';
import { createMember, injectAs, type SignedIn, type TestContext } from '../../test/test-app.ts';
import type { SessionChanges } from './bid-sessions.repository.ts';

export type MemberRow = typeof members.$inferSelect;
export type StationRow = typeof stations.$inferSelect;

/** Seats per shift and position, e.g. `{ A: { Firefighter: 2 }, B: { Captain: 1 } }`. */
export type SeatLayout = Partial<Record<Shift, Partial<Record<SeatPosition, number>>>>;

let stationCounter = 0;

/** A station with these seats; numbers count up per test file unless given. */
export async function createStationWithSeats(
  context: TestContext,
  layout: SeatLayout,
  values: Partial<typeof stations.$inferInsert> = {},
): Promise<StationRow> {
  stationCounter += 1;
  const [station] = await context.db
    .insert(stations)
    .values({
      number: stationCounter,
      name: `Station ${stationCounter}`,
      address: `${stationCounter} Main St`,
      ...values,
    })
    .returning();
  if (!station) throw new Error('station was not created');
  const rows = Object.entries(layout).flatMap(([shift, positions]) =>
    Object.entries(positions ?? {}).flatMap(([seatPosition, count]) =>
      Array.from({ length: count ?? 0 }, (_, index) => ({
        stationId: station.id,
        shift,
        seatPosition,
        ordinal: index + 1,
      })),
    ),
  );
  if (rows.length > 0) await context.db.insert(seats).values(rows);
  return station;
}

/** The seat rows of a station, shift and position, lowest ordinal first. */
export async function listStationSeats(context: TestContext, stationId: string) {
  return context.db.select().from(seats).where(eq(seats.stationId, stationId)).orderBy(seats.ordinal);
}

/** The fields of a valid create request; override any. */
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

/**
 * Creates `count` active members (Firefighters with 1..count years, so the most senior is the
 * last created) unless `members` are given, and a session of them through POST /api/bid-sessions.
 */
export async function createTestSession(
  context: TestContext,
  admin: SignedIn,
  options: { count?: number; members?: MemberRow[]; request?: Record<string, unknown> } = {},
): Promise<{ session: BidSessionDetail; members: MemberRow[] }> {
  const participants =
    options.members ??
    (await Promise.all(
      Array.from({ length: options.count ?? 3 }, (_, index) => createMember(context, { yearsOfService: index + 1 })),
    ));
  const response = await injectAs(context, admin, {
    method: 'POST',
    url: '/api/bid-sessions',
    payload: sessionRequest(
      participants.map((member) => member.id),
      options.request,
    ),
  });
  if (response.statusCode !== 201) throw new Error(`session was not created: ${response.statusCode} ${response.body}`);
  return { session: response.json<{ session: BidSessionDetail }>().session, members: participants };
}

/** Puts a session straight into a state (status, turn, deadline) as the engine would leave it. */
export async function setSessionState(context: TestContext, sessionId: string, changes: SessionChanges) {
  await context.db.update(bidSessions).set(changes).where(eq(bidSessions.id, sessionId));
}
