/** Queries on members. Repositories take a transaction or the database and hold no rules. */
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, outbox, passwordTokens, seats, stations } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';

/** A member with the seat they hold now, joined to its station. */
export const memberWithSeatColumns = {
  member: members,
  seatShift: seats.shift,
  seatPosition: seats.seatPosition,
  stationId: stations.id,
  stationName: stations.name,
  stationNumber: stations.number,
};

export type MemberRow = typeof members.$inferSelect;
export interface MemberWithSeat {
  member: MemberRow;
  seatShift: string | null;
  seatPosition: string | null;
  stationId: string | null;
  stationName: string | null;
  stationNumber: number | null;
}

function selectMembersWithSeat(executor: Executor) {
  return executor
    .select(memberWithSeatColumns)
    .from(members)
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId));
}

export async function findMemberWithSeatById(executor: Executor, id: string): Promise<MemberWithSeat | undefined> {
  const [row] = await selectMembersWithSeat(executor).where(eq(members.id, id)).limit(1);
  return row;
}

export async function findMemberByEmail(executor: Executor, email: string): Promise<MemberRow | undefined> {
  const [row] = await executor
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** The fields that decide bid priority, for every active member. */
export async function listActiveMemberRankings(executor: Executor) {
  return executor
    .select({
      id: members.id,
      employeeId: members.employeeId,
      yearsOfService: members.yearsOfService,
      rank: members.rank,
      position: members.position,
      manualSeniorityScore: members.manualSeniorityScore,
      // The keys a department's seniority rule may read.
      hireDate: members.hireDate,
      rankDate: members.rankDate,
      listNumber: members.listNumber,
    })
    .from(members)
    .where(eq(members.isActive, true));
}

/** What authentication needs of a member: their authority and the names the app shows. */
export interface MemberAuthFacts {
  id: string;
  isAdmin: boolean;
  isActive: boolean;
  firstName: string;
  lastName: string;
  email: string;
}

export async function findMemberAuthFacts(executor: Executor, id: string): Promise<MemberAuthFacts | undefined> {
  const [row] = await executor
    .select({
      id: members.id,
      isAdmin: members.isAdmin,
      isActive: members.isActive,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
    })
    .from(members)
    .where(eq(members.id, id))
    .limit(1);
  return row;
}

/**
 * Marks members as seen at the given times, in one statement. A member already seen within the
 * minute before is left alone ("online" is a five-minute window, so that costs no accuracy worth a
 * write), and a last-seen time never moves backwards.
 */
export async function recordMembersSeen(executor: Executor, seen: ReadonlyMap<string, Date>): Promise<void> {
  if (seen.size === 0) return;
  const rows = [...seen].map(([id, at]) => sql`(${id}::uuid, ${timestampParam(at)})`);
  await executor.execute(sql`
    update members set last_seen_at = seen.at
    from (values ${sql.join(rows, sql`, `)}) as seen (id, at)
    where members.id = seen.id
      and (members.last_seen_at is null or members.last_seen_at < seen.at - interval '1 minute')
  `);
}

export type NewMember = typeof members.$inferInsert;
export type MemberChanges = Partial<Omit<NewMember, 'id' | 'createdAt'>>;

/** Every member, active or not, with their seat, in name order. */
export async function listMembersWithSeat(executor: Executor): Promise<MemberWithSeat[]> {
  return selectMembersWithSeat(executor).orderBy(
    asc(members.lastName),
    asc(members.firstName),
    asc(members.employeeId),
  );
}

export async function findMemberById(executor: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await executor.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
}

/** Members, other than `exceptId`, holding this e-mail (any case) or this employee ID. */
export async function findMembersByEmailOrEmployeeId(
  executor: Executor,
  identity: { email?: string | undefined; employeeId?: string | undefined },
  exceptId?: string,
): Promise<MemberRow[]> {
  const matches = [
    identity.email ? eq(sql`lower(${members.email})`, identity.email.toLowerCase()) : undefined,
    identity.employeeId ? eq(members.employeeId, identity.employeeId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (matches.length === 0) return [];
  return executor
    .select()
    .from(members)
    .where(and(or(...matches), exceptId ? ne(members.id, exceptId) : undefined));
}

/** The e-mails (lower-case) and employee IDs already taken, for checking a whole import at once. */
export async function listMemberIdentities(executor: Executor) {
  return executor.select({ email: members.email, employeeId: members.employeeId }).from(members);
}

export async function insertMember(executor: Executor, values: NewMember): Promise<MemberRow> {
  const [row] = await executor.insert(members).values(values).returning();
  if (!row) throw new Error('member insert returned no row');
  return row;
}

export async function updateMember(
  executor: Executor,
  id: string,
  changes: MemberChanges,
): Promise<MemberRow | undefined> {
  const [row] = await executor.update(members).set(changes).where(eq(members.id, id)).returning();
  return row;
}

/** Hard delete; sessions, bids and history keep their name snapshots (their member_id becomes null). */
export async function deleteMember(executor: Executor, id: string): Promise<boolean> {
  const deleted = await executor.delete(members).where(eq(members.id, id)).returning({ id: members.id });
  return deleted.length === 1;
}

export async function findStationById(executor: Executor, id: string) {
  const [row] = await executor.select().from(stations).where(eq(stations.id, id)).limit(1);
  return row;
}

/** The first seat of this station, shift and position that no member holds, or the one `memberId` holds. */
export async function findFreeSeat(
  executor: Executor,
  where: { stationId: string; shift: string; seatPosition: string; memberId: string },
) {
  const holders = executor
    .select({ seatId: members.currentSeatId })
    .from(members)
    .where(and(sql`${members.currentSeatId} is not null`, ne(members.id, where.memberId)));
  const [row] = await executor
    .select({ id: seats.id })
    .from(seats)
    .where(
      and(
        eq(seats.stationId, where.stationId),
        eq(seats.shift, where.shift),
        eq(seats.seatPosition, where.seatPosition),
        sql`${seats.id} not in ${holders}`,
      ),
    )
    .orderBy(asc(seats.ordinal))
    .limit(1);
  return row;
}

export async function insertPasswordToken(
  executor: Executor,
  values: { memberId: string; purpose: 'setup' | 'reset'; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await executor.insert(passwordTokens).values(values);
}

/** Ends the member's unused links of this purpose, so only the newest one works. */
export async function expireUnusedPasswordTokens(
  executor: Executor,
  memberId: string,
  purpose: 'setup' | 'reset',
  now: Date,
): Promise<void> {
  await executor
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordTokens.memberId, memberId), eq(passwordTokens.purpose, purpose), isNull(passwordTokens.usedAt)),
    );
}

export async function insertOutboxEmail(
  executor: Executor,
  message: {
    kind: string;
    memberId: string;
    recipient: string;
    subject: string;
    textBody: string;
    htmlBody: string;
    createdAt: Date;
  },
): Promise<void> {
  await executor
    .insert(outbox)
    .values({ channel: 'email', status: 'pending', nextAttemptAt: message.createdAt, ...message });
}
