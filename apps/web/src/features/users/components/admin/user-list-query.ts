/**
 * The User List's search, filters and sort orders (spec sections 2 and 9) as pure functions, so
 * the rules are tested on their own and the list only renders what they return.
 */
import {
  JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE,
  RANKS,
  SENIOR_FILTER_MINIMUM_YEARS,
  type User,
} from '@stationbid/domain';

export const USER_LIST_FILTERS = ['all', 'active', 'inactive', 'pending', 'admin', 'senior', 'junior'] as const;
export type UserListFilter = (typeof USER_LIST_FILTERS)[number];

export const USER_LIST_FILTER_LABELS: Record<UserListFilter, string> = {
  all: 'All users',
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending (no password yet)',
  admin: 'Administrators',
  senior: `Senior (${SENIOR_FILTER_MINIMUM_YEARS}+ years)`,
  junior: `Junior (under ${JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE} years)`,
};

export const USER_SORT_FIELDS = ['name', 'seniority', 'yearsOfService', 'rank', 'email'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

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
}

export const DEFAULT_USER_LIST_QUERY: UserListQuery = {
  search: '',
  filter: 'all',
  sortBy: 'name',
  sortDirection: 'asc',
};

export function getFullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`;
}

/** The status a person reads on a member's row (spec section 4, User display status). */
export type UserDisplayStatus = 'Admin' | 'Active' | 'Inactive' | 'Pending';

export function getUserDisplayStatus(user: Pick<User, 'isActive' | 'isAdmin' | 'status'>): UserDisplayStatus {
  if (!user.isActive) return 'Inactive';
  // A member without a password cannot sign in yet, administrator or not: that matters most.
  if (user.status === 'pending') return 'Pending';
  return user.isAdmin ? 'Admin' : 'Active';
}

const FILTER_TESTS: Record<UserListFilter, (user: User) => boolean> = {
  all: () => true,
  active: (user) => user.isActive,
  inactive: (user) => !user.isActive,
  pending: (user) => user.isActive && user.status === 'pending',
  admin: (user) => user.isAdmin,
  senior: (user) => user.yearsOfService >= SENIOR_FILTER_MINIMUM_YEARS,
  junior: (user) => user.yearsOfService < JUNIOR_FILTER_MAXIMUM_YEARS_EXCLUSIVE,
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const compareByName = (a: User, b: User) =>
  collator.compare(getFullName(a), getFullName(b)) || collator.compare(a.employeeId, b.employeeId);

/** Ascending orders; rank goes by the rank ladder (Firefighter to Chief), not alphabetically. */
const COMPARATORS: Record<UserSortField, (a: User, b: User) => number> = {
  name: compareByName,
  seniority: (a, b) => a.seniorityScore - b.seniorityScore,
  yearsOfService: (a, b) => a.yearsOfService - b.yearsOfService,
  rank: (a, b) => RANKS.indexOf(a.rank) - RANKS.indexOf(b.rank),
  email: (a, b) => collator.compare(a.email, b.email),
};

function matchesSearch(user: User, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [getFullName(user), `${user.lastName} ${user.firstName}`, user.email, user.employeeId].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

/**
 * The members to show: those matching the search (name, e-mail or employee ID, any case) and the
 * filter, in the chosen order. Equal values fall back to name order, so the list never shuffles.
 */
export function filterAndSortUsers(users: readonly User[], query: UserListQuery): User[] {
  const direction = query.sortDirection === 'asc' ? 1 : -1;
  const compare = COMPARATORS[query.sortBy];
  return users
    .filter((user) => FILTER_TESTS[query.filter](user) && matchesSearch(user, query.search))
    .sort((a, b) => direction * compare(a, b) || compareByName(a, b));
}

/** Active members in bid-queue order (bid priority 1 first), for the Seniority Management tab. */
export function orderByBidPriority(users: readonly User[]): User[] {
  return users
    .filter((user): user is User & { bidPriority: number } => user.isActive && user.bidPriority !== null)
    .sort((a, b) => a.bidPriority - b.bidPriority);
}
