/** Queries of the member import: the members a file names again, and the free seats it may take. */
import type { HeldCertification } from '@stationbid/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, seats, stations } from '../../db/schema/index.ts';
import { readHeldCertifications } from '../users/member-certifications.repository.ts';

/** An existing member as the import compares a row to it: every column the import reads, and the seat. */
export interface ImportedMemberNow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  phone: string | null;
  rank: string;
  position: string;
  yearsOfService: number;
  hireDate: string | null;
  rankDate: string | null;
  listNumber: number | null;
  isActive: boolean;
  /** In code order. */
  certifications: HeldCertification[];
  currentSeatId: string | null;
  stationNumber: number | null;
  shift: string | null;
  seatPosition: string | null;
}

/** The members holding these employee IDs, with their certifications and current seat. */
export async function findMembersByEmployeeId(
  executor: Executor,
  employeeIds: readonly string[],
): Promise<Map<string, ImportedMemberNow>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await executor
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      employeeId: members.employeeId,
      phone: members.phone,
      rank: members.rank,
      position: members.position,
      yearsOfService: members.yearsOfService,
      hireDate: members.hireDate,
      rankDate: members.rankDate,
      listNumber: members.listNumber,
      isActive: members.isActive,
      currentSeatId: members.currentSeatId,
      stationNumber: stations.number,
      shift: seats.shift,
      seatPosition: seats.seatPosition,
    })
    .from(members)
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId))
    .where(inArray(members.employeeId, [...employeeIds]));
  const held = await readHeldCertifications(
    executor,
    rows.map((row) => row.id),
  );
  return new Map(rows.map((row) => [row.employeeId, { ...row, certifications: held.get(row.id) ?? [] }]));
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
