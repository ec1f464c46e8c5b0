import { BID_SESSION_STATUSES, type BidSession, type BidSessionStatus } from '@stationbid/domain';

export type SessionStatusFilter = 'all' | BidSessionStatus;
export const SESSION_STATUS_FILTERS: readonly SessionStatusFilter[] = ['all', ...BID_SESSION_STATUSES];

export interface SessionFilters {
  search: string;
  status: SessionStatusFilter;
}

export const NO_SESSION_FILTERS: SessionFilters = { search: '', status: 'all' };

export function hasSessionFilters(filters: SessionFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all';
}

/** Sessions whose name or description holds the search text (any case), with the chosen status. */
export function filterBidSessions<T extends Pick<BidSession, 'name' | 'description' | 'status'>>(
  sessions: readonly T[],
  { search, status }: SessionFilters,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return sessions.filter(
    (session) =>
      (status === 'all' || session.status === status) &&
      (needle === '' ||
        session.name.toLocaleLowerCase().includes(needle) ||
        session.description.toLocaleLowerCase().includes(needle)),
  );
}
