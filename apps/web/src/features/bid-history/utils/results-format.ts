/**
 * Words only the bid history and session results use. The words every feature shares (session status,
 * history actions, names, seats, moments) live in src/lib/session-format.ts.
 */
import type { Participant } from '@stationbid/domain';
import { type DateFormatOptions, formatDay } from '../../../lib/session-format.ts';
import type { UserBidHistoryEntry } from '../api/get-user-bid-history.ts';

/** Shared with the live draft and the export (packages/domain/src/labels.ts). */
export { BID_KIND_LABELS } from '@stationbid/domain';

export const BID_STATUS_LABELS: Readonly<Record<UserBidHistoryEntry['status'], string>> = {
  completed: 'Completed',
  active: 'Active',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

export const BID_STATUS_COLORS: Readonly<Record<UserBidHistoryEntry['status'], string>> = {
  completed: 'green',
  active: 'blue',
  pending: 'yellow',
  cancelled: 'gray',
};

/**
 * Participants by seniority (bid priority, 1 first), the order results are read in: the queue's
 * final order would put a senior member moved to the back below juniors.
 */
export function bySeniority<T extends Pick<Participant, 'bidPriority' | 'position'>>(participants: readonly T[]): T[] {
  return [...participants].sort(
    (left, right) => left.bidPriority - right.bidPriority || left.position - right.position,
  );
}

/** "Mar 1, 2026": the day a bid was made, in the department's zone. */
export function formatDate(value: string, options: DateFormatOptions): string {
  return formatDay(value, options);
}
