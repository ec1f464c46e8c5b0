/**
 * Queries on bid sessions, their participants, stations, bids and history, for the management and
 * read side. Repositories take a transaction or the database and hold no rules; every list is one
 * query however many rows it returns, so a session of thousands presents in a handful of queries.
 * Participants as the screens show them, with their member's seat and presence, are read by
 * participant-views.repository.ts.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bidSessionStations,
  bidSessions,
  bids,
  members,
  participants,
  sessionHistory,
  stations,
} from '../../db/schema/index.ts';

export type SessionRow = typeof bidSessions.$inferSelect;
export type NewSession = typeof bidSessions.$inferInsert;
export type SessionChanges = Partial<Omit<NewSession, 'id' | 'createdAt'>>;
export type ParticipantRow = typeof participants.$inferSelect;
export type NewParticipant = typeof participants.$inferInsert;
export type BidRow = typeof bids.$inferSelect;
export type HistoryRow = typeof sessionHistory.$inferSelect;
export type StationRow = typeof stations.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Sessions

export async function findSessionById(executor: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await executor.select().from(bidSessions).where(eq(bidSessions.id, id)).limit(1);
  return row;
}

/** Locks the session row for the rest of the transaction: every change of a session serialises on it. */
export async function lockSessionById(executor: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await executor.select().from(bidSessions).where(eq(bidSessions.id, id)).for('update').limit(1);
  return row;
}

/** Sessions with one of these statuses (all when none given), newest first. */
export async function listSessions(executor: Executor, statuses: readonly string[] | null): Promise<SessionRow[]> {
  return executor
    .select()
    .from(bidSessions)
    .where(statuses ? inArray(bidSessions.status, [...statuses]) : undefined)
    .orderBy(desc(bidSessions.createdAt), desc(bidSessions.id));
}

export async function insertSession(executor: Executor, values: NewSession): Promise<SessionRow> {
  const [row] = await executor.insert(bidSessions).values(values).returning();
  if (!row) throw new Error('bid session insert returned no row');
  return row;
}

export async function updateSession(executor: Executor, id: string, changes: SessionChanges): Promise<void> {
  await executor.update(bidSessions).set(changes).where(eq(bidSessions.id, id));
}

/** Deletes the session; its stations, participants, bids and history go with it (cascade). */
export async function deleteSession(executor: Executor, id: string): Promise<void> {
  await executor.delete(bidSessions).where(eq(bidSessions.id, id));
}

// ---------------------------------------------------------------------------------------------
// Offered stations

export async function listSessionStationIds(
  executor: Executor,
  sessionIds: readonly string[],
): Promise<{ sessionId: string; stationId: string }[]> {
  if (sessionIds.length === 0) return [];
  return executor
    .select({ sessionId: bidSessionStations.sessionId, stationId: bidSessionStations.stationId })
    .from(bidSessionStations)
    .innerJoin(stations, eq(stations.id, bidSessionStations.stationId))
    .where(inArray(bidSessionStations.sessionId, [...sessionIds]))
    .orderBy(asc(stations.number));
}

export async function replaceSessionStations(
  executor: Executor,
  sessionId: string,
  stationIds: readonly string[],
): Promise<void> {
  await executor.delete(bidSessionStations).where(eq(bidSessionStations.sessionId, sessionId));
  if (stationIds.length === 0) return;
  await executor.insert(bidSessionStations).values(stationIds.map((stationId) => ({ sessionId, stationId })));
}

/** Active stations among these ids, or every active station when `stationIds` is empty; by number. */
export async function listOfferedStations(executor: Executor, stationIds: readonly string[]): Promise<StationRow[]> {
  const isActive = eq(stations.isActive, true);
  return executor
    .select()
    .from(stations)
    .where(stationIds.length > 0 ? and(isActive, inArray(stations.id, [...stationIds])) : isActive)
    .orderBy(asc(stations.number));
}

/** The ids among these that name a station (active or not). */
export async function listExistingStationIds(executor: Executor, stationIds: readonly string[]): Promise<string[]> {
  if (stationIds.length === 0) return [];
  const rows = await executor
    .select({ id: stations.id })
    .from(stations)
    .where(inArray(stations.id, [...stationIds]));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Members and participants

/** What a participant copies from their member record when they are added to a session. */
export async function listActiveMembersByIds(executor: Executor, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return executor
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      employeeId: members.employeeId,
      rank: members.rank,
      position: members.position,
      yearsOfService: members.yearsOfService,
      manualSeniorityScore: members.manualSeniorityScore,
    })
    .from(members)
    .where(and(inArray(members.id, [...memberIds]), eq(members.isActive, true)));
}
export type ParticipantCandidateRow = Awaited<ReturnType<typeof listActiveMembersByIds>>[number];

export async function listParticipantRows(executor: Executor, sessionId: string): Promise<ParticipantRow[]> {
  return executor
    .select()
    .from(participants)
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.queuePosition));
}

export async function findParticipantByMember(
  executor: Executor,
  sessionId: string,
  memberId: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await executor
    .select()
    .from(participants)
    .where(and(eq(participants.sessionId, sessionId), eq(participants.memberId, memberId)))
    .limit(1);
  return row;
}

export async function insertParticipants(executor: Executor, rows: NewParticipant[]): Promise<void> {
  // Large sessions are written in chunks to stay far below the 65,535 bind parameters of one statement.
  for (let start = 0; start < rows.length; start += 1_000) {
    await executor.insert(participants).values(rows.slice(start, start + 1_000));
  }
}

export async function deleteParticipants(executor: Executor, participantIds: readonly string[]): Promise<void> {
  if (participantIds.length === 0) return;
  await executor.delete(participants).where(inArray(participants.id, [...participantIds]));
}

/** Gives each participant its place (0-based) and priority (place + 1), in one statement however many. */
export async function renumberParticipants(
  executor: Executor,
  places: readonly { id: string; place: number; round?: number }[],
): Promise<void> {
  if (places.length === 0) return;
  const values = sql.join(
    places.map(({ id, place, round }) => sql`(${id}::uuid, ${place}::integer, ${round ?? null}::integer)`),
    sql`, `,
  );
  // A place given without a round keeps the participant's round.
  await executor.execute(sql`
    update ${participants}
    set queue_position = places.place, bid_priority = places.place + 1,
      round = coalesce(places.round, ${participants.round})
    from (values ${values}) as places(id, place, round)
    where ${participants.id} = places.id`);
}

export async function markParticipantJoined(executor: Executor, participantId: string, now: Date): Promise<void> {
  await executor
    .update(participants)
    .set({ joinedAt: sql`coalesce(${participants.joinedAt}, ${now.toISOString()}::timestamptz)`, lastSeenAt: now })
    .where(eq(participants.id, participantId));
}

/** Per session: participants, those done, and those moved to the back. */
export async function countParticipantsBySession(executor: Executor, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return executor
    .select({
      sessionId: participants.sessionId,
      total: count(),
      done: count(participants.outcome),
      movedToBack: sql<number>`count(*) filter (where ${participants.movedToBack})`.mapWith(Number),
    })
    .from(participants)
    .where(inArray(participants.sessionId, [...sessionIds]))
    .groupBy(participants.sessionId);
}

/** The sessions this member takes part in, with their participant row. */
export async function listParticipationsOfMember(executor: Executor, memberId: string) {
  return executor
    .select({ sessionId: participants.sessionId, participantId: participants.id })
    .from(participants)
    .where(eq(participants.memberId, memberId));
}

/** How many of a session's participants can be e-mailed (their member still exists with an address). */
export async function countParticipantsWithEmail(executor: Executor, sessionId: string) {
  const [row] = await executor
    .select({ total: count(), withEmail: count(members.id) })
    .from(participants)
    .leftJoin(members, and(eq(members.id, participants.memberId), sql`length(trim(${members.email})) > 0`))
    .where(eq(participants.sessionId, sessionId));
  return { total: row?.total ?? 0, withEmail: row?.withEmail ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Bids and history: the awards that stand (a rewind's undone ones stay in the table, marked, for the record)

export async function listBidsOfSession(executor: Executor, sessionId: string): Promise<BidRow[]> {
  return executor
    .select()
    .from(bids)
    .where(and(eq(bids.sessionId, sessionId), isNull(bids.undoneAt)))
    .orderBy(asc(bids.createdAt));
}

export async function listBidsOfParticipants(executor: Executor, participantIds: readonly string[]): Promise<BidRow[]> {
  if (participantIds.length === 0) return [];
  return executor
    .select()
    .from(bids)
    .where(and(inArray(bids.participantId, [...participantIds]), isNull(bids.undoneAt)))
    .orderBy(asc(bids.createdAt));
}

/** A member's accepted bids in every session, newest first, with the session and the participant's priority. */
export async function listBidsOfMember(executor: Executor, memberId: string) {
  return executor
    .select({
      bid: bids,
      session: { id: bidSessions.id, name: bidSessions.name, year: bidSessions.year, status: bidSessions.status },
      bidPriority: participants.bidPriority,
    })
    .from(bids)
    .innerJoin(bidSessions, eq(bidSessions.id, bids.sessionId))
    .innerJoin(participants, eq(participants.id, bids.participantId))
    .where(and(eq(bids.memberId, memberId), isNull(bids.undoneAt)))
    .orderBy(desc(bids.createdAt), desc(bids.id));
}

/** A session's history, oldest first. */
export async function listHistory(executor: Executor, sessionId: string): Promise<HistoryRow[]> {
  return executor
    .select()
    .from(sessionHistory)
    .where(eq(sessionHistory.sessionId, sessionId))
    .orderBy(asc(sessionHistory.id));
}

/** The session's latest awards, newest first, with the participant each went to (the board's last picks). */
export async function listRecentPicks(executor: Executor, sessionId: string, limit: number) {
  return (
    executor
      .select({
        participantId: bids.participantId,
        memberId: participants.memberId,
        firstName: participants.firstName,
        lastName: participants.lastName,
        rank: participants.rank,
        bidPriority: participants.bidPriority,
        stationId: bids.stationId,
        stationName: bids.stationName,
        stationNumber: bids.stationNumber,
        shift: bids.shift,
        seatPosition: bids.seatPosition,
        kind: bids.kind,
        placedByName: bids.placedByName,
        createdAt: bids.createdAt,
        openedSeat: bids.openedSeat,
      })
      .from(bids)
      .innerJoin(participants, eq(participants.id, bids.participantId))
      .where(and(eq(bids.sessionId, sessionId), isNull(bids.undoneAt)))
      // One step can award several seats at the same moment (a bid, then standing bids that resolve
      // as the next turns begin); they were awarded in queue order, so that order breaks the tie.
      .orderBy(desc(bids.createdAt), desc(participants.queuePosition), desc(bids.id))
      .limit(limit)
  );
}
