/**
 * First-start data: on an empty database, the administrator (from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or the demo administrator, only together with the demo) and, when asked for, the demo department.
 */
import { compareByDefaultPriority, computeSeniorityScore, getSeatPositionForRank, SHIFTS } from '@stationbid/domain';
import { and, count, eq, notExists } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Database, Executor } from '../client.ts';
import { bidSessions, members, participants, seats, stations } from '../schema/index.ts';
import {
  DEMO_ADMIN,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  DEMO_SESSION,
  DEMO_SESSION_MEMBER_INDEXES,
  DEMO_STATIONS,
  demoEmail,
} from './demo-data.ts';

export interface SeedOptions {
  admin: { email: string; password: string } | undefined;
  loadDemoData: boolean;
  clock: Clock;
}

export type SeedResult = { seeded: false } | { seeded: true; adminEmail: string; demoData: boolean };

/**
 * An empty database with neither an administrator configured nor the demo asked for. Creating the
 * demo administrator then would open the department with the password printed in the README, so
 * the server refuses to start and says what to set.
 */
export class NoAdministratorError extends Error {
  constructor() {
    super(
      [
        'StationBid cannot start: the database is empty and no administrator is configured.',
        '  Set ADMIN_EMAIL and ADMIN_PASSWORD (at least 12 characters, or 8 that are not a common password) to create the first administrator,',
        '  or DEMO_DATA=1 to load the demo department with its published sign-ins (never for real use).',
      ].join('\n'),
    );
    this.name = 'NoAdministratorError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedIfEmpty(db: Database, options: SeedOptions): Promise<SeedResult> {
  const [existing] = await db.select({ total: count() }).from(members);
  if ((existing?.total ?? 0) > 0) return { seeded: false };
  // The demo administrator (published password) only ever comes with the demo, asked for.
  if (!options.admin && !options.loadDemoData) throw new NoAdministratorError();

  const adminPassword = options.admin?.password ?? DEMO_ADMIN.password;
  const [adminHash, memberHash] = await Promise.all([
    hashPassword(adminPassword),
    options.loadDemoData ? hashPassword(DEMO_MEMBER_PASSWORD) : Promise.resolve(''),
  ]);
  const adminEmail = (options.admin?.email ?? DEMO_ADMIN.email).toLowerCase();

  await db.transaction(async (tx) => {
    await tx.insert(members).values({
      email: adminEmail,
      passwordHash: adminHash,
      // A configured administrator is the department's own account, not the demo character.
      firstName: options.admin ? 'Department' : DEMO_ADMIN.firstName,
      lastName: options.admin ? 'Administrator' : DEMO_ADMIN.lastName,
      employeeId: options.admin ? 'ADMIN-1' : DEMO_ADMIN.employeeId,
      isAdmin: true,
      rank: DEMO_ADMIN.rank,
      position: DEMO_ADMIN.position,
      yearsOfService: DEMO_ADMIN.yearsOfService,
    });
    if (options.loadDemoData) await insertDemoDepartment(tx, memberHash, options.clock.now());
  });
  return { seeded: true, adminEmail, demoData: options.loadDemoData };
}

async function insertDemoDepartment(tx: Executor, memberPasswordHash: string, now: Date): Promise<void> {
  for (const station of DEMO_STATIONS) {
    const [created] = await tx
      .insert(stations)
      .values({
        number: station.number,
        name: station.name,
        address: station.address,
        description: station.description,
        phoneNumber: station.phoneNumber,
      })
      .returning({ id: stations.id });
    if (!created) throw new Error(`Demo station ${station.number} was not created`);
    const seatRows = SHIFTS.flatMap((shift) =>
      Object.entries(station.seatsPerShift).flatMap(([seatPosition, total]) =>
        Array.from({ length: total }, (_, index) => ({
          stationId: created.id,
          shift,
          seatPosition,
          ordinal: index + 1,
        })),
      ),
    );
    await tx.insert(seats).values(seatRows);
  }

  const insertedMembers = await tx
    .insert(members)
    .values(
      DEMO_MEMBERS.map((member, index) => ({
        email: demoEmail(member),
        passwordHash: memberPasswordHash,
        firstName: member.firstName,
        lastName: member.lastName === 'OConnell' ? "O'Connell" : member.lastName,
        employeeId: `FD-${String(1001 + index).padStart(4, '0')}`,
        rank: member.rank,
        position: member.position,
        yearsOfService: member.yearsOfService,
        phone: `555-02${String(index).padStart(2, '0')}`,
      })),
    )
    .returning();

  for (const [index, demoMember] of DEMO_MEMBERS.entries()) {
    if (!demoMember.seat) continue;
    const [stationNumber, shift] = demoMember.seat;
    const member = insertedMembers[index];
    if (!member) continue;
    const [freeSeat] = await tx
      .select({ id: seats.id })
      .from(seats)
      .innerJoin(stations, eq(stations.id, seats.stationId))
      .where(
        and(
          eq(stations.number, stationNumber),
          eq(seats.shift, shift),
          eq(seats.seatPosition, getSeatPositionForRank(demoMember.rank)),
          notExists(tx.select({ id: members.id }).from(members).where(eq(members.currentSeatId, seats.id))),
        ),
      )
      .orderBy(seats.ordinal)
      .limit(1);
    if (!freeSeat) throw new Error(`Demo data has no free seat for ${demoMember.firstName} ${demoMember.lastName}`);
    await tx.update(members).set({ currentSeatId: freeSeat.id }).where(eq(members.id, member.id));
  }

  const start = new Date(now.getTime() + 7 * DAY_MS);
  const [session] = await tx
    .insert(bidSessions)
    .values({
      ...DEMO_SESSION,
      year: start.getUTCFullYear(),
      startDate: start,
      endDate: new Date(start.getTime() + DAY_MS),
      status: 'draft',
    })
    .returning({ id: bidSessions.id });
  if (!session) throw new Error('Demo session was not created');

  const sessionMembers = DEMO_SESSION_MEMBER_INDEXES.map((index) => insertedMembers[index]).filter(
    (member): member is NonNullable<typeof member> => member !== undefined,
  );
  const ordered = [...sessionMembers].sort(compareByDefaultPriority);
  await tx.insert(participants).values(
    ordered.map((member, index) => ({
      sessionId: session.id,
      memberId: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      employeeId: member.employeeId,
      rank: member.rank,
      position: member.position,
      yearsOfService: member.yearsOfService,
      seniorityScore: computeSeniorityScore(member),
      bidPriority: index + 1,
      queuePosition: index,
    })),
  );
}
