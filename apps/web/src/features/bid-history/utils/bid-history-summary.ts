/**
 * The figures the Bid History page and the profile show about a member's own bids,
 * computed from the bid-history call alone so both screens always agree.
 */
import type { UserBidHistoryEntry } from '../api/get-user-bid-history.ts';

export interface BidHistorySummary {
  totalBids: number;
  /** Bids that won their seat (status completed). */
  successfulBids: number;
  /** Different stations bid on. */
  stationsBid: number;
  /** When the latest bid was placed, or null with no bids. */
  lastBidAt: string | null;
  /** successfulBids / totalBids as a whole percentage; 0 with no bids. */
  successRate: number;
}

export function summarizeBidHistory(entries: readonly UserBidHistoryEntry[]): BidHistorySummary {
  const successfulBids = entries.filter((entry) => entry.status === 'completed').length;
  const stationsBid = new Set(entries.map((entry) => entry.station.number)).size;
  const newest = sortNewestFirst(entries)[0];
  return {
    totalBids: entries.length,
    successfulBids,
    stationsBid,
    lastBidAt: newest?.timestamp ?? null,
    successRate: calculateSuccessRate(successfulBids, entries.length),
  };
}

/** Bid success rate = completed bids / total bids, rounded percentage. */
export function calculateSuccessRate(completedBids: number, totalBids: number): number {
  if (totalBids <= 0) return 0;
  return Math.round((completedBids / totalBids) * 100);
}

/** Latest first, by the time the bid was placed; the input is left as it is. */
export function sortNewestFirst(entries: readonly UserBidHistoryEntry[]): UserBidHistoryEntry[] {
  return [...entries].sort((left, right) => Date.parse(right.timestamp) - Date.parse(left.timestamp));
}

/** "2h 5m", "45m", or "N/A" when the session has no start and end yet. */
export function formatSessionDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return 'N/A';
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}
