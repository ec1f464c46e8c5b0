import {
  MEMBER_PAGE_LIMITS,
  type MemberListFilter,
  type MemberListSortField,
  type Rank,
  type Shift,
  type UsersListResponse,
  usersListResponseSchema,
} from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the User List asks the server for: search, filter and order, in the API's terms. */
export interface MemberListCriteria {
  search: string;
  filter: MemberListFilter;
  sortBy: MemberListSortField;
  sortDirection: 'asc' | 'desc';
  /** Optional narrowing (left out: everyone): a rank, and the station and shift of the member's seat. */
  rank?: Rank | null | undefined;
  stationId?: string | null | undefined;
  shift?: Shift | null | undefined;
}

/**
 * The address of one page. Parameters at their defaults are left out, always in the same order,
 * so the same list is always the same address.
 */
export function memberPagePath(criteria: MemberListCriteria, cursor: string | null = null): string {
  const parameters = new URLSearchParams({
    limit: String(MEMBER_PAGE_LIMITS.default),
    sortBy: criteria.sortBy,
    sortDirection: criteria.sortDirection,
  });
  if (criteria.filter !== 'all') parameters.set('filter', criteria.filter);
  if (criteria.rank) parameters.set('rank', criteria.rank);
  if (criteria.stationId) parameters.set('stationId', criteria.stationId);
  if (criteria.shift) parameters.set('shift', criteria.shift);
  const search = criteria.search.trim();
  if (search !== '') parameters.set('search', search);
  if (cursor !== null) parameters.set('cursor', cursor);
  return `/admin/users?${parameters.toString()}`;
}

export function getMemberPage(
  criteria: MemberListCriteria,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UsersListResponse> {
  return apiRequest(memberPagePath(criteria, cursor), { schema: usersListResponseSchema, signal });
}
