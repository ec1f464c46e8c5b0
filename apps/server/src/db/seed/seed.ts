/**
 * First-start data: on an empty database, the administrator (from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or the demo administrator, only together with the demo) and, when asked for, the demo department.
 */
import {
  compareByDefaultPriority,
  computeSeniorityScore,
  getSeatPositionForRank,
  officersFirstRounds,
  orderQueue,
  type Rank,
  roundIndexOfRank,
  SENIORITY_RULE_PRESETS,
  SHIFTS,
  toSessionRounds,
} from '@stationbid/domain';
import { and, count, eq, inArray, notExists } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Database, Executor } from '../client.ts';
import {
  bidSessions,
  certifications,
  departmentSettings,
  memberCertifications,
  members,
  participants,
  seats,
  stations,
} from '../schema/index.ts';
import {
  DEMO_ADMIN,
  DEMO_CERTIFICATIONS,
  DEMO_MEDIC_SEATS,
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
    const demoKeys = options.loadDemoData ? demoSeniorityKeys(options.clock.now()) : undefined;
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
      ...demoKeys?.admin,
    });
    if (demoKeys) await insertDemoDepartment(tx, memberHash, options.clock.now(), demoKeys.members);
  });
  return { seeded: true, adminEmail, demoData: options.loadDemoData };
}

async function insertDemoDepartment(
  tx: Executor,
  memberPasswordHash: string,
  now: Date,
  seniorityKeys: ReadonlyMap<number, DemoSeniorityKeys>,
): Promise<void> {
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
  const [medicStation] = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.number, DEMO_MEDIC_SEATS.stationNumber));
  if (medicStation) {
    await tx
      .update(seats)
      .set({ requires: DEMO_MEDIC_SEATS.requires, mustFill: true })
      .where(
        and(
          eq(seats.stationId, medicStation.id),
          eq(seats.shift, DEMO_MEDIC_SEATS.shift),
          eq(seats.seatPosition, 'Firefighter'),
          inArray(seats.ordinal, DEMO_MEDIC_SEATS.ordinals),
        ),
      );
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
        ...seniorityKeys.get(index),
      })),
    )
    .returning();
  await insertDemoCertifications(tx, insertedMembers);
  await tx
    .insert(departmentSettings)
    .values({ id: 1, seniorityRule: TIME_IN_RANK.keys })
    .onConflictDoUpdate({ target: departmentSettings.id, set: { seniorityRule: TIME_IN_RANK.keys } });

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
  const rounds = toSessionRounds(officersFirstRounds(DEMO_SESSION.bidWindowMinutes));
  const randomSeed = 'demo-department-lottery';
  const [session] = await tx
    .insert(bidSessions)
    .values({
      ...DEMO_SESSION,
      year: start.getUTCFullYear(),
      startDate: start,
      endDate: new Date(start.getTime() + DAY_MS),
      status: 'draft',
      rounds,
      seniorityRule: TIME_IN_RANK.keys,
      randomSeed,
    })
    .returning({ id: bidSessions.id });
  if (!session) throw new Error('Demo session was not created');

  await saveDemoStandingBids(tx, insertedMembers);
  const candidates = DEMO_SESSION_MEMBER_INDEXES.flatMap((index) => {
    const member = insertedMembers[index];
    if (!member) return [];
    const round = roundIndexOfRank(rounds, member.rank as Rank) ?? 0;
    return [{ ...member, memberId: member.id, seniorityScore: computeSeniorityScore(member), round }];
  });
  const ordered = orderQueue(candidates, [], randomSeed, TIME_IN_RANK);
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
      seniorityScore: member.seniorityScore,
      hireDate: member.hireDate,
      rankDate: member.rankDate,
      listNumber: member.listNumber,
      round: member.round,
      bidPriority: index + 1,
      queuePosition: index,
    })),
  );
}

const TIME_IN_RANK = (() => {
  const preset = SENIORITY_RULE_PRESETS.find((candidate) => candidate.id === 'timeInRank');
  if (!preset) throw new Error('The time-in-rank preset is missing');
  return preset.rule;
})();

interface DemoSeniorityKeys {
  hireDate: string;
  rankDate: string;
  listNumber: number;
}

/**
 * Hire dates, dates in rank and list numbers for the demo administrator and members (by index). The
 * dates in rank follow seniority scores (15 days a point, so never before the hire), and the list
 * numbers the place in today's order: time in rank then orders the demo department exactly as
 * today's order did, so the browser tests' expectations, written in scores, still hold, and the
 * administrator keeps the first place their score gives them.
 */
function demoSeniorityKeys(now: Date): { admin: DemoSeniorityKeys; members: Map<number, DemoSeniorityKeys> } {
  const isoDay = (milliseconds: number) => new Date(milliseconds).toISOString().slice(0, 10);
  const ADMIN_INDEX = -1;
  const ranked = [
    { ...DEMO_ADMIN, index: ADMIN_INDEX, id: 'admin' },
    ...DEMO_MEMBERS.map((member, index) => ({
      ...member,
      index,
      id: String(index),
      employeeId: `FD-${String(1001 + index).padStart(4, '0')}`,
    })),
  ].sort(compareByDefaultPriority);
  const keys = new Map(
    ranked.map((member, place) => [
      member.index,
      {
        hireDate: isoDay(now.getTime() - member.yearsOfService * 365 * DAY_MS),
        rankDate: isoDay(now.getTime() - computeSeniorityScore(member) * 15 * DAY_MS),
        listNumber: place + 1,
      },
    ]),
  );
  const admin = keys.get(ADMIN_INDEX) as DemoSeniorityKeys;
  keys.delete(ADMIN_INDEX);
  return { admin, members: keys };
}

type InsertedMember = typeof members.$inferSelect;

async function insertDemoCertifications(tx: Executor, insertedMembers: readonly InsertedMember[]): Promise<void> {
  const catalogue = await tx.insert(certifications).values(DEMO_CERTIFICATIONS).returning();
  const idOf = new Map(catalogue.map((certification) => [certification.code, certification.id]));
  const held = DEMO_MEMBERS.flatMap((demoMember, index) =>
    (demoMember.certifications ?? []).flatMap(([code, expiresOn]) => {
      const member = insertedMembers[index];
      const certificationId = idOf.get(code);
      return member && certificationId ? [{ memberId: member.id, certificationId, expiresOn }] : [];
    }),
  );
  if (held.length > 0) await tx.insert(memberCertifications).values(held);
}

/** The demo's standing bids: seats of each member's rank by station number and shift, saved as their lists. */
async function saveDemoStandingBids(tx: Executor, insertedMembers: readonly InsertedMember[]): Promise<void> {
  const stationRows = await tx.select({ id: stations.id, number: stations.number }).from(stations);
  const stationIdOf = new Map(stationRows.map((station) => [station.number, station.id]));
  for (const [index, demoMember] of DEMO_MEMBERS.entries()) {
    const member = insertedMembers[index];
    if (!demoMember.standingBid || !member) continue;
    const seatChoices = demoMember.standingBid.map(([stationNumber, shift]) => ({
      stationId: stationIdOf.get(stationNumber),
      shift,
      seatPosition: getSeatPositionForRank(demoMember.rank),
    }));
    await tx
      .update(members)
      .set({ bidPreferences: { standingBid: true, seatChoices } })
      .where(eq(members.id, member.id));
  }
}
