/**
 * The administrators' member list, one page at a time (docs/decisions/013). Each sort order is a
 * tuple of key expressions that ends in a unique column, so "the rows after this one" is a row
 * comparison that the matching index in migration 0004 answers without reading the rows before it.
 * The expressions here and in that migration must stay the same, or the planner stops using the
 * index (the answers stay right, only slower).
 */
import {
  JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE,
  type MemberListFilter,
  type MemberListSortField,
  POSITION_MULTIPLIERS,
  RANK_MULTIPLIERS,
  RANKS,
  type Rank,
  SENIOR_FILTER_MINIMUM_YEARS,
  type Shift,
} from '@stationbid/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, seats, stations } from '../../db/schema/index.ts';
import { type MemberWithSeat, memberWithSeatColumns } from '../users/users.repository.ts';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const caseOf = (column: string, values: Readonly<Record<string, number>>, otherwise: string) =>
  `(case ${column} ${Object.entries(values)
    .map(([name, value]) => `when ${quote(name)} then ${value}`)
    .join(' ')} else ${otherwise} end)`;

/** The sort keys as SQL text; `table` qualifies the columns ("" in the index definitions). */
export function memberSortKeySql(table: string) {
  const column = (name: string) => `${table}"${name}"`;
  const name = `lower(${column('first_name')} || ' ' || ${column('last_name')})`;
  const rankOrder = caseOf(column('rank'), Object.fromEntries(RANKS.map((rank, index) => [rank, index])), '0');
  // computeSeniorityScore in SQL: numeric arithmetic is exact and round() rounds half away from
  // zero, as the domain's roundHalfAwayFromZero does.
  const seniority = `(case when ${column('manual_seniority_score')} > 0 then ${column('manual_seniority_score')} else round(${column('years_of_service')} * 10 * ${caseOf(column('rank'), RANK_MULTIPLIERS, '1')} * ${caseOf(column('position'), POSITION_MULTIPLIERS, '1')})::integer end)`;
  return {
    name: [name, column('employee_id')],
    yearsOfService: [column('years_of_service'), name, column('employee_id')],
    rank: [rankOrder, name, column('employee_id')],
    seniority: [seniority, name, column('employee_id')],
    // E-mails are stored lower-case and unique: the existing index on lower(email) serves it.
    email: [`lower(${column('email')})`],
  } satisfies Record<MemberListSortField, string[]>;
}

const SORT_KEYS = memberSortKeySql('"members".');

/** How many key values a cursor of each sort order carries, and which of them are numbers. */
export const SORT_KEY_TYPES: Record<MemberListSortField, readonly ('string' | 'number')[]> = {
  name: ['string', 'string'],
  yearsOfService: ['number', 'string', 'string'],
  rank: ['number', 'string', 'string'],
  seniority: ['number', 'string', 'string'],
  email: ['string'],
};

export type SortKey = (string | number)[];

export interface MemberListCriteria {
  filter: MemberListFilter;
  search?: string | undefined;
  rank?: Rank | undefined;
  /** The station and shift of the member's current seat; a member without a seat matches neither. */
  stationId?: string | undefined;
  shift?: Shift | undefined;
}

const FILTER_CONDITIONS: Record<MemberListFilter, () => SQL | undefined> = {
  all: () => undefined,
  active: () => eq(members.isActive, true),
  inactive: () => eq(members.isActive, false),
  pending: () => and(eq(members.isActive, true), isNull(members.passwordHash)),
  admin: () => eq(members.isAdmin, true),
  senior: () => sql`${members.yearsOfService} >= ${SENIOR_FILTER_MINIMUM_YEARS}`,
  junior: () => sql`${members.yearsOfService} < ${JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE}`,
};

/**
 * Station and shift live on the member's seat. A subquery rather than a join keeps the count and
 * the page on the members table alone, so the sort-order indexes still answer the page.
 */
function seatCondition(stationId: string | undefined, shift: Shift | undefined): SQL | undefined {
  if (stationId === undefined && shift === undefined) return undefined;
  return inArray(
    members.currentSeatId,
    sql`(select ${seats.id} from ${seats} where ${and(
      stationId === undefined ? undefined : eq(seats.stationId, stationId),
      shift === undefined ? undefined : eq(seats.shift, shift),
    )})`,
  );
}

function criteriaCondition({ filter, search, rank, stationId, shift }: MemberListCriteria): SQL | undefined {
  const needle = search?.trim().toLowerCase() ?? '';
  // The search is text, never a pattern: % and _ match themselves.
  const pattern = `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const searchCondition =
    needle === ''
      ? undefined
      : sql`(lower(${members.firstName} || ' ' || ${members.lastName}) like ${pattern}
          or lower(${members.lastName} || ' ' || ${members.firstName}) like ${pattern}
          or lower(${members.email}) like ${pattern}
          or lower(${members.employeeId}) like ${pattern})`;
  return and(
    FILTER_CONDITIONS[filter](),
    searchCondition,
    rank === undefined ? undefined : eq(members.rank, rank),
    seatCondition(stationId, shift),
  );
}

/** How many members match the search and filter. */
export async function countMatchingMembers(executor: Executor, criteria: MemberListCriteria): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::integer` })
    .from(members)
    .where(criteriaCondition(criteria));
  return row?.total ?? 0;
}

/**
 * Members matching the criteria in the sort order, after the row whose keys are `after` (from the
 * first one without it), at most `limit` of them (all without it), each with its own sort keys.
 */
export async function listMatchingMembers(
  executor: Executor,
  criteria: MemberListCriteria & {
    sortBy: MemberListSortField;
    sortDirection: 'asc' | 'desc';
    after?: SortKey | undefined;
    limit?: number | undefined;
  },
): Promise<{ row: MemberWithSeat; sortKey: SortKey }[]> {
  const keys = SORT_KEYS[criteria.sortBy].map((expression) => sql.raw(expression));
  const isAscending = criteria.sortDirection === 'asc';
  const afterCondition =
    criteria.after === undefined
      ? undefined
      : sql`(${sql.join(keys, sql`, `)}) ${sql.raw(isAscending ? '>' : '<')} (${sql.join(
          criteria.after.map((value) => sql`${value}`),
          sql`, `,
        )})`;
  const keyColumns = Object.fromEntries(keys.map((key, index) => [`key${index}`, sql<string | number>`${key}`]));
  const query = executor
    .select({ ...memberWithSeatColumns, ...keyColumns })
    .from(members)
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId))
    .where(and(criteriaCondition(criteria), afterCondition))
    .orderBy(...keys.map((key) => sql`${key} ${sql.raw(isAscending ? 'asc' : 'desc')}`));
  const rows = criteria.limit === undefined ? await query : await query.limit(criteria.limit);
  return rows.map((selected) => {
    const { member, seatShift, seatPosition, stationId, stationName, stationNumber } = selected;
    const record = selected as unknown as Record<string, string | number>;
    return {
      row: { member, seatShift, seatPosition, stationId, stationName, stationNumber },
      sortKey: keys.map((_, index) => record[`key${index}`] as string | number),
    };
  });
}

/** Which of these e-mails (lower-case) and employee IDs members already hold, by their unique indexes. */
export async function findTakenIdentities(
  executor: Executor,
  emails: readonly string[],
  employeeIds: readonly string[],
): Promise<{ emails: Set<string>; employeeIds: Set<string> }> {
  if (emails.length === 0 && employeeIds.length === 0) return { emails: new Set(), employeeIds: new Set() };
  const emailList =
    emails.length === 0
      ? sql`null`
      : sql.join(
          emails.map((email) => sql`${email}`),
          sql`, `,
        );
  const employeeIdList =
    employeeIds.length === 0
      ? sql`null`
      : sql.join(
          employeeIds.map((employeeId) => sql`${employeeId}`),
          sql`, `,
        );
  const rows = await executor
    .select({ email: sql<string>`lower(${members.email})`, employeeId: members.employeeId })
    .from(members)
    .where(sql`lower(${members.email}) in (${emailList}) or ${members.employeeId} in (${employeeIdList})`);
  return {
    emails: new Set(rows.map((row) => row.email)),
    employeeIds: new Set(rows.map((row) => row.employeeId)),
  };
}
