/**
 * The User List's filters and sort orders (senior and junior as constants.ts defines them) with their labels, and the
 * member wording rules. The server searches, filters and sorts (GET /admin/users, decision 013).
 */
import {
  JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE,
  MEMBER_LIST_FILTERS,
  MEMBER_LIST_SORT_FIELDS,
  type MemberListFilter,
  type MemberListSortField,
  plural,
  type Rank,
  SENIOR_FILTER_MINIMUM_YEARS,
  type Shift,
  type User,
} from '@stationbid/domain';

export const USER_LIST_FILTERS = MEMBER_LIST_FILTERS;
export type UserListFilter = MemberListFilter;

export const USER_LIST_FILTER_LABELS: Record<UserListFilter, string> = {
  all: 'All users',
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending (no password yet)',
  admin: 'Administrators',
  senior: `Senior (${SENIOR_FILTER_MINIMUM_YEARS}+ years)`,
  junior: `Junior (under ${plural(JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE, 'year')})`,
};

export const USER_SORT_FIELDS = MEMBER_LIST_SORT_FIELDS;
export type UserSortField = MemberListSortField;

export const USER_SORT_FIELD_LABELS: Record<UserSortField, string> = {
  name: 'Name',
  seniority: 'Seniority score',
  yearsOfService: 'Years of service',
  rank: 'Rank',
  email: 'Email',
};

export type SortDirection = 'asc' | 'desc';

export interface UserListQuery {
  search: string;
  filter: UserListFilter;
  sortBy: UserSortField;
  sortDirection: SortDirection;
  /** null: any rank, station or shift. */
  rank: Rank | null;
  stationId: string | null;
  shift: Shift | null;
}

export const DEFAULT_USER_LIST_QUERY: UserListQuery = {
  search: '',
  filter: 'all',
  sortBy: 'name',
  sortDirection: 'asc',
  rank: null,
  stationId: null,
  shift: null,
};

/**
 * Which rows of the whole list a page shows, as a chief reads it: "Showing 51–100 of 312 users",
 * "Showing 1 of 1 user". `offset` is the number of members on the pages before this one.
 */
export function describeShownRange(offset: number, shown: number, total: number): string {
  const format = (count: number) => count.toLocaleString('en-US');
  if (shown === 0) return `Showing ${plural(0, 'user')}`;
  const first = offset + 1;
  const last = offset + shown;
  const range = first === last ? format(first) : `${format(first)}–${format(last)}`;
  return `Showing ${range} of ${plural(total, 'user')}`;
}

export function getFullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`;
}

/** The status a person reads on a member's row. */
export type UserDisplayStatus = 'Admin' | 'Active' | 'Inactive' | 'Pending';

export function getUserDisplayStatus(user: Pick<User, 'isActive' | 'isAdmin' | 'status'>): UserDisplayStatus {
  if (!user.isActive) return 'Inactive';
  // A member without a password cannot sign in yet, administrator or not: that matters most.
  if (user.status === 'pending') return 'Pending';
  return user.isAdmin ? 'Admin' : 'Active';
}

/** Active members in bid-queue order (bid priority 1 first), for the Seniority Management tab. */
export function orderByBidPriority(users: readonly User[]): User[] {
  return users
    .filter((user): user is User & { bidPriority: number } => user.isActive && user.bidPriority !== null)
    .sort((a, b) => a.bidPriority - b.bidPriority);
}
