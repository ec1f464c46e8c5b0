/** Queries of the member import: the members a file names again, and the free seats it may take. */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, seats, stations } from '../../db/schema/index.ts';

/** An existing member as the import compares a row to it: identity, phone and current seat. */
export interface ImportedMemberNow {
  id: string;
  email: string;
  employeeId: string;
  phone: string | null;
  rank: string;
  currentSeatId: string | null;
  stationNumber: number | null;
  shift: string | null;
  seatPosition: string | null;
}

/** The members holding these employee IDs, with their current seat. */
export async function findMembersByEmployeeId(
  executor: Executor,
  employeeIds: readonly string[],
): Promise<Map<string, ImportedMemberNow>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await executor
    .select({
      id: members.id,
      email: members.email,
      employeeId: members.employeeId,
      phone: members.phone,
      rank: members.rank,
      currentSeatId: members.currentSeatId,
      stationNumber: stations.number,
      shift: seats.shift,
      seatPosition: seats.seatPosition,
    })
    .from(members)
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId))
    .where(inArray(members.employeeId, [...employeeIds]));
  return new Map(rows.map((row) => [row.employeeId, row]));
}

/** Every station, for matching a row's station cell by number or name. */
export async function listImportStations(executor: Executor) {
  return executor
    .select({ id: stations.id, number: stations.number, name: stations.name, isActive: stations.isActive })
    .from(stations);
}

/** The seats of one station, shift and position, in order, each with its holder (null when free). */
export async function listSeatsWithHolders(
  executor: Executor,
  where: { stationId: string; shift: string; seatPosition: string },
): Promise<{ id: string; holderId: string | null }[]> {
  return executor
    .select({ id: seats.id, holderId: members.id })
    .from(seats)
    .leftJoin(members, and(isNotNull(members.currentSeatId), eq(members.currentSeatId, seats.id)))
    .where(
      and(
        eq(seats.stationId, where.stationId),
        eq(seats.shift, where.shift),
        eq(seats.seatPosition, where.seatPosition),
      ),
    )
    .orderBy(asc(seats.ordinal));
}
