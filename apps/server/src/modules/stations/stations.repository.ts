/** Queries on stations and their seats. Repositories take a transaction or the database and hold no rules. */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, seats, stations } from '../../db/schema/index.ts';

export type StationRow = typeof stations.$inferSelect;
export type NewStation = typeof stations.$inferInsert;
export type StationChanges = Partial<Omit<NewStation, 'id' | 'createdAt'>>;

/** Seats of one station, shift and position: how many there are and how many members hold. */
export interface SeatGroupSummary {
  stationId: string;
  shift: string;
  seatPosition: string;
  /** The group's rules: certification codes required (sorted) and minimum staffing. */
  requires: string[];
  mustFill: boolean;
  total: number;
  occupied: number;
}

/** A member holding a seat, with where. */
export interface SeatAssignment {
  memberId: string;
  firstName: string;
  lastName: string;
  stationId: string;
  shift: string;
  seatPosition: string;
}

export async function listStations(executor: Executor, options: { includeInactive: boolean }): Promise<StationRow[]> {
  return executor
    .select()
    .from(stations)
    .where(options.includeInactive ? undefined : eq(stations.isActive, true))
    .orderBy(asc(stations.number));
}

export async function findStationById(executor: Executor, id: string): Promise<StationRow | undefined> {
  const [row] = await executor.select().from(stations).where(eq(stations.id, id)).limit(1);
  return row;
}

/** Locks the station row for the rest of the transaction, so two edits of its seats do not interleave. */
export async function lockStationById(executor: Executor, id: string): Promise<StationRow | undefined> {
  const [row] = await executor.select().from(stations).where(eq(stations.id, id)).for('update').limit(1);
  return row;
}

/** Every station number in use, for checking a whole import at once. */
export async function listStationNumbers(executor: Executor): Promise<number[]> {
  const rows = await executor.select({ number: stations.number }).from(stations);
  return rows.map((row) => row.number);
}

/** Seat totals and held seats per station, shift, position and rules, in one grouped query. */
export async function summarizeSeats(executor: Executor, stationIds: string[]): Promise<SeatGroupSummary[]> {
  if (stationIds.length === 0) return [];
  return executor
    .select({
      stationId: seats.stationId,
      shift: seats.shift,
      seatPosition: seats.seatPosition,
      requires: seats.requires,
      mustFill: seats.mustFill,
      total: sql<number>`count(${seats.id})`.mapWith(Number),
      occupied: sql<number>`count(${members.id})`.mapWith(Number),
    })
    .from(seats)
    .leftJoin(members, eq(members.currentSeatId, seats.id))
    .where(inArray(seats.stationId, stationIds))
    .groupBy(seats.stationId, seats.shift, seats.seatPosition, seats.requires, seats.mustFill);
}

/** The members holding a seat at these stations, in name order. */
export async function listSeatAssignments(executor: Executor, stationIds: string[]): Promise<SeatAssignment[]> {
  if (stationIds.length === 0) return [];
  return executor
    .select({
      memberId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      stationId: seats.stationId,
      shift: seats.shift,
      seatPosition: seats.seatPosition,
    })
    .from(members)
    .innerJoin(seats, eq(seats.id, members.currentSeatId))
    .where(inArray(seats.stationId, stationIds))
    .orderBy(asc(members.lastName), asc(members.firstName));
}

/** Every seat of a station, with its rules and the member holding it (null when free). */
export async function listSeatsWithHolder(executor: Executor, stationId: string): Promise<SeatWithHolder[]> {
  return executor
    .select({
      id: seats.id,
      shift: seats.shift,
      seatPosition: seats.seatPosition,
      ordinal: seats.ordinal,
      requires: seats.requires,
      mustFill: seats.mustFill,
      holderId: members.id,
    })
    .from(seats)
    .leftJoin(members, eq(members.currentSeatId, seats.id))
    .where(eq(seats.stationId, stationId))
    .orderBy(asc(seats.shift), asc(seats.seatPosition), asc(seats.ordinal));
}

export interface SeatWithHolder {
  id: string;
  shift: string;
  seatPosition: string;
  ordinal: number;
  requires: string[];
  mustFill: boolean;
  holderId: string | null;
}

/** A seat row to insert; without rules it requires nothing and need not be filled. */
export interface NewSeat {
  stationId: string;
  shift: string;
  seatPosition: string;
  ordinal: number;
  requires?: string[];
  mustFill?: boolean;
}

export async function insertStation(executor: Executor, values: NewStation): Promise<StationRow> {
  const [row] = await executor.insert(stations).values(values).returning();
  if (!row) throw new Error('station insert returned no row');
  return row;
}

export async function updateStation(executor: Executor, id: string, changes: StationChanges): Promise<void> {
  await executor.update(stations).set(changes).where(eq(stations.id, id));
}

/** Deletes the station; its seats go with it (cascade). */
export async function deleteStation(executor: Executor, id: string): Promise<void> {
  await executor.delete(stations).where(eq(stations.id, id));
}

export async function insertSeats(executor: Executor, rows: NewSeat[]): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(seats).values(rows);
}

/**
 * Deletes these seats, but only those nobody holds; answers how many went. Fewer than asked
 * means a member took one meanwhile.
 */
export async function deleteFreeSeats(executor: Executor, seatIds: string[]): Promise<number> {
  if (seatIds.length === 0) return 0;
  const deleted = await executor
    .delete(seats)
    .where(
      and(
        inArray(seats.id, seatIds),
        sql`not exists (select 1 from ${members} where ${members.currentSeatId} = ${seats.id})`,
      ),
    )
    .returning({ id: seats.id });
  return deleted.length;
}

/**
 * Gives these seats new rules, but only those nobody holds; answers how many changed. Fewer than
 * asked means a member took one meanwhile.
 */
export async function setFreeSeatRules(
  executor: Executor,
  seatIds: string[],
  rules: { requires: string[]; mustFill: boolean },
): Promise<number> {
  if (seatIds.length === 0) return 0;
  const changed = await executor
    .update(seats)
    .set({ requires: rules.requires, mustFill: rules.mustFill })
    .where(
      and(
        inArray(seats.id, seatIds),
        sql`not exists (select 1 from ${members} where ${members.currentSeatId} = ${seats.id})`,
      ),
    )
    .returning({ id: seats.id });
  return changed.length;
}

/** How many members hold a seat at the station. */
export async function countMembersAtStation(executor: Executor, stationId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(members)
    .innerJoin(seats, eq(seats.id, members.currentSeatId))
    .where(eq(seats.stationId, stationId));
  return row?.count ?? 0;
}

/** Frees every seat; answers how many members held one. */
export async function clearAllSeatAssignments(executor: Executor, now: Date): Promise<number> {
  const cleared = await executor
    .update(members)
    .set({ currentSeatId: null, updatedAt: now })
    .where(isNotNull(members.currentSeatId))
    .returning({ id: members.id });
  return cleared.length;
}
