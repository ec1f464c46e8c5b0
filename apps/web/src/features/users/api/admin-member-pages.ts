import {
  MEMBER_PAGE_LIMITS,
  type MemberListFilter,
  type MemberListSortField,
  type UsersListResponse,
  usersListResponseSchema,
} from '@stationbid/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUsersQueryKey } from './admin-list-users.ts';

/** What the User List asks the server for: search, filter and order, in the API's terms. */
export interface MemberListCriteria {
  search: string;
  filter: MemberListFilter;
  sortBy: MemberListSortField;
  sortDirection: 'asc' | 'desc';
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

/**
 * The User List, page by page from the server: the next page is asked for as the list is scrolled.
 * Under adminUsersQueryKey, so every member change refreshes it; the previous list stays on screen
 * while a new search or filter loads.
 */
export function useAdminMemberPages(criteria: MemberListCriteria) {
  return useInfiniteQuery({
    queryKey: [...adminUsersQueryKey, 'pages', criteria],
    queryFn: ({ pageParam, signal }) => getMemberPage(criteria, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}
