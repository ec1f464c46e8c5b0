/**
 * How the bidding page (/bidding) puts its figures into words: the member's place in
 * the queue, the session's progress, the recent bids, and the member's own bidding record. Pure, so
 * the rules are tested without rendering.
 */
import { type BidSessionStatus, DISPLAY_COUNTS, type SessionHistoryEntry } from '@stationbid/domain';
import { calculateSuccessRate, type UserBidHistoryEntry } from '../../bid-history/index.ts';
import { describeQueuePlace } from './live-bidding-format.ts';

export function isRunningStatus(status: BidSessionStatus): boolean {
  return status === 'active' || status === 'paused';
}

/**
 * "#3 in queue" with "You are next!" or "2 people ahead of you". While the session runs, the
 * server's `peopleAhead` counts the one bidding now, so with one left the member is next (as on the
 * live page). Before the start nobody is bidding yet: only with nobody ahead is the member next.
 */
export function describeYourPosition(
  queuePosition: number,
  peopleAhead: number,
  sessionStatus: BidSessionStatus,
): { place: string; ahead: string } {
  if (isRunningStatus(sessionStatus)) return describeQueuePlace(queuePosition, peopleAhead);
  const place = `#${queuePosition + 1} in queue`;
  if (peopleAhead <= 0) return { place, ahead: 'You are next!' };
  return { place, ahead: peopleAhead === 1 ? '1 person ahead of you' : `${peopleAhead} people ahead of you` };
}

/** Completed bids over participants, as a whole percentage for the progress bar. */
export function calculateSessionProgress(completedBids: number, participantCount: number): number {
  if (participantCount <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((completedBids / participantCount) * 100)));
}

/** The history entries that placed someone in a seat: own or proxy bids and automatic assignments. */
const SEAT_ACTIONS = new Set<SessionHistoryEntry['action']>(['bid_submitted', 'auto_assigned']);

/** The newest seats won in the session, newest first, at most DISPLAY_COUNTS.biddingRecentBids. */
export function listRecentBids(
  history: readonly SessionHistoryEntry[],
  limit: number = DISPLAY_COUNTS.biddingRecentBids,
): SessionHistoryEntry[] {
  return history
    .filter((entry) => SEAT_ACTIONS.has(entry.action) && entry.stationName !== null)
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, limit);
}

/** "Station 3 · Harbor, Shift C, Engineer": the seat of a history entry. */
export function describeHistorySeat(entry: SessionHistoryEntry): string {
  const station =
    entry.stationNumber === null ? (entry.stationName ?? '') : `Station ${entry.stationNumber} · ${entry.stationName}`;
  return [station, entry.shift === null ? null : `Shift ${entry.shift}`, entry.position].filter(Boolean).join(', ');
}

export interface BiddingStats {
  totalBids: number;
  /** Bids in sessions that have completed: the seat is the member's for the rotation. */
  completedBids: number;
  /** Sessions the member has bid in. */
  sessionsBidIn: number;
  /** completedBids / totalBids as a rounded percentage; 0 with no bids. */
  successRate: number;
}

/** The member's record across sessions, from their own bid history (GET /users/bid-history). */
export function summarizeBiddingStats(entries: readonly UserBidHistoryEntry[]): BiddingStats {
  const completedBids = entries.filter((entry) => entry.status === 'completed').length;
  return {
    totalBids: entries.length,
    completedBids,
    sessionsBidIn: new Set(entries.map((entry) => entry.session.id)).size,
    successRate: calculateSuccessRate(completedBids, entries.length),
  };
}

/** The completed session the member bid in most recently, whose results they may open; or null. */
export function findLatestCompletedSession(
  entries: readonly UserBidHistoryEntry[],
): { id: string; name: string } | null {
  const latest = entries
    .filter((entry) => entry.status === 'completed')
    .reduce<UserBidHistoryEntry | null>(
      (newest, entry) =>
        newest === null || Date.parse(entry.timestamp) > Date.parse(newest.timestamp) ? entry : newest,
      null,
    );
  return latest === null ? null : { id: latest.session.id, name: latest.session.name };
}
