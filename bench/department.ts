/**
 * The bench department of bench/engine, bench/polling and bench/watch: members of mixed ranks with
 * years of service from a fixed seed, stations with 21 seats each (per shift 1 Captain,
 * 1 Lieutenant, 2 Engineers, 3 Firefighters), every member signed in, and a way to pick a free seat
 * a turn holder is eligible for.
 *
 * The rows are written with the Drizzle tables the caller passes, so bench/polling and bench/watch
 * can build the department in a database migrated by another build of the server (the previous
 * build, `--server-dir`) with that build's own schema.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { getSeatPositionForRank, type Rank, SEAT_POSITIONS, type SeatPosition, SHIFTS } from '@stationbid/domain';
import type { Database } from '../apps/server/src/db/client.ts';
import type * as schema from '../apps/server/src/db/schema/index.ts';
import { benchAdminRow, benchMemberRow, benchStationRow } from './support.ts';

/** Seats of each station per shift, by position: 7 per shift, 21 per station. */
export const SEATS_PER_SHIFT: Record<SeatPosition, number> = { Captain: 1, Lieutenant: 1, Engineer: 2, Firefighter: 3 };
/** The department's ranks, in proportions the seats above can hold. */
export const RANK_MIX: [Rank, number][] = [
  ['Firefighter', 0.5],
  ['Engineer', 0.25],
  ['Lieutenant', 0.15],
  ['Captain', 0.1],
];

/** Stations for a department of `members`, in the proportion of the engine bench (300 per 5,000). */
export function defaultStationCount(memberCount: number): number {
  return Math.max(1, Math.ceil((memberCount * 300) / 5000));
}

/** A small deterministic generator, so every run builds the same department and bids alike. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchMember {
  id: string;
  rank: Rank;
  /** The refresh-token family of the member's sign-in. */
  familyId: string;
}

/** A sign-in of its own: a member and a refresh-token family (a browser, a phone, a tab's device). */
export interface BenchSignIn {
  id: string;
  familyId: string;
}

export interface BenchSeatRow {
  stationId: string;
  shift: string;
  seatPosition: SeatPosition;
  ordinal: number;
}

/** The tables the department is written to; the caller's build's schema. */
export type DepartmentTables = Pick<typeof schema, 'members' | 'stations' | 'seats' | 'refreshTokens'>;

export interface BenchDepartment {
  admin: BenchMember;
  members: BenchMember[];
  stationIds: string[];
  seatRows: BenchSeatRow[];
}

/**
 * Writes the department: `stationCount` stations and their seats, an administrator (with
 * `adminPasswordHash`) and `memberCount` members, each with a live sign-in.
 */
export async function insertDepartment(
  db: Database,
  tables: DepartmentTables,
  options: { memberCount: number; stationCount: number; adminPasswordHash: string },
): Promise<BenchDepartment> {
  const { memberCount, stationCount } = options;
  const random = createRandom(2026);
  const stationRows = Array.from({ length: stationCount }, (_, index) => benchStationRow(index));
  const stationIds: string[] = [];
  for (let start = 0; start < stationRows.length; start += 500) {
    const created = await db
      .insert(tables.stations)
      .values(stationRows.slice(start, start + 500))
      .returning({ id: tables.stations.id });
    stationIds.push(...created.map((row) => row.id));
  }
  const seatRows: BenchSeatRow[] = stationIds.flatMap((stationId) =>
    SHIFTS.flatMap((shift) =>
      SEAT_POSITIONS.flatMap((seatPosition) =>
        Array.from({ length: SEATS_PER_SHIFT[seatPosition] }, (_, index) => ({
          stationId,
          shift,
          seatPosition,
          ordinal: index + 1,
        })),
      ),
    ),
  );
  for (let start = 0; start < seatRows.length; start += 2000) {
    await db.insert(tables.seats).values(seatRows.slice(start, start + 2000));
  }

  const admin: BenchMember = { id: randomUUID(), rank: 'Captain', familyId: randomUUID() };
  await db.insert(tables.members).values(benchAdminRow(admin.id, options.adminPasswordHash));

  const benchMembers: BenchMember[] = [];
  const memberRows = [];
  let rankIndex = 0;
  let rankQuota = 0;
  for (let index = 0; index < memberCount; index++) {
    while (rankIndex < RANK_MIX.length - 1 && index >= rankQuota + memberCount * (RANK_MIX[rankIndex]?.[1] ?? 0)) {
      rankQuota += memberCount * (RANK_MIX[rankIndex]?.[1] ?? 0);
      rankIndex += 1;
    }
    const rank = RANK_MIX[rankIndex]?.[0] ?? 'Firefighter';
    const id = randomUUID();
    benchMembers.push({ id, rank, familyId: randomUUID() });
    memberRows.push(benchMemberRow(id, index, rank, Math.floor(random() * 31)));
  }
  for (let start = 0; start < memberRows.length; start += 1000) {
    await db.insert(tables.members).values(memberRows.slice(start, start + 1000));
  }
  await insertSignIns(db, tables, [admin, ...benchMembers]);
  return { admin, members: benchMembers, stationIds, seatRows };
}

/**
 * Gives each sign-in a live refresh-token family, so access tokens naming it pass the same checks
 * as after a real sign-in, without a password hash per member.
 */
export async function insertSignIns(
  db: Database,
  tables: DepartmentTables,
  signIns: readonly BenchSignIn[],
): Promise<void> {
  const rows = signIns.map((signIn) => ({
    memberId: signIn.id,
    familyId: signIn.familyId,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(tables.refreshTokens).values(rows.slice(start, start + 1000));
  }
}

/** The free seats of one station, shift and position, as the bench counts them. */
interface SeatGroup {
  stationId: string;
  shift: string;
  position: SeatPosition;
  free: number;
}

/**
 * The bench's own count of free seats, to pick a seat for each turn holder: a random free seat group
 * of the position their rank bids for (the same choices for every run, from a fixed seed).
 */
export class SeatPicker {
  private readonly freeByPosition = new Map<SeatPosition, SeatGroup[]>();
  private readonly random = createRandom(7);

  constructor(seatRows: readonly BenchSeatRow[]) {
    const groups = new Map<string, SeatGroup>();
    for (const seat of seatRows) {
      const key = `${seat.stationId}|${seat.shift}|${seat.seatPosition}`;
      const group = groups.get(key) ?? {
        stationId: seat.stationId,
        shift: seat.shift,
        position: seat.seatPosition,
        free: 0,
      };
      group.free += 1;
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const list = this.freeByPosition.get(group.position) ?? [];
      list.push(group);
      this.freeByPosition.set(group.position, list);
    }
  }

  /** The bid data of a seat the member is eligible for, counted as taken. */
  pick(rank: Rank): { station: string; shift: string; position: SeatPosition } {
    const position = getSeatPositionForRank(rank);
    const list = this.freeByPosition.get(position) ?? [];
    // Drop full groups as they fill, so a pick stays cheap in a department of thousands of stations.
    let candidates = list.filter((group) => group.free > 0);
    if (candidates.length !== list.length) {
      this.freeByPosition.set(position, candidates);
      candidates = [...candidates];
    }
    const group = candidates[Math.floor(this.random() * candidates.length)];
    if (!group) throw new Error(`no free ${position} seat left`);
    group.free -= 1;
    return { station: group.stationId, shift: group.shift, position };
  }
}
