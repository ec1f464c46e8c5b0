/**
 * Pure derivations of the live draft view (display
 * counts from DISPLAY_COUNTS): the seat awards of a session's history and how each was made, who
 * bids next, and the session's figures.
 */
import {
  BID_KIND_LABELS,
  type BoardParticipant,
  DISPLAY_COUNTS,
  type SessionBoard,
  type SessionHistoryEntry,
} from '@stationbid/domain';

/** How a seat was awarded: the member's own bid, an administrator's phone-in bid, or the turn clock. */
export type AwardMethod = 'own' | 'phone-in' | 'automatic';

/** The bid kinds' shared words (packages/domain labels.ts), as the results and bid history say them. */
export const AWARD_METHOD_LABELS: Readonly<Record<AwardMethod, string>> = {
  own: BID_KIND_LABELS.own,
  'phone-in': BID_KIND_LABELS.proxy,
  automatic: BID_KIND_LABELS.auto,
};

/** Why the turn clock awarded a seat (history `detailsData.source`, bidding-rules.md "As built"). */
const AUTOMATIC_SOURCE_LABELS: Readonly<Record<string, string>> = {
  auto_bid: 'from the auto-bid list',
  kept_current_seat: 'kept current seat',
  preferences: 'by preferences',
  first_available: 'first available seat',
};

/**
 * True for an entry that gave a member a seat: an accepted bid, or an automatic assignment that
 * found one (an `auto_assigned` entry without a station says no eligible seat was left).
 */
export function isSeatAward(entry: SessionHistoryEntry): boolean {
  if (entry.action === 'bid_submitted') return true;
  return entry.action === 'auto_assigned' && entry.stationName !== null;
}

/** How the award was made; the server marks an administrator's bid for the member with `detailsData.proxy`. */
export function getAwardMethod(entry: SessionHistoryEntry): AwardMethod {
  if (entry.action === 'auto_assigned') return 'automatic';
  return entry.detailsData.proxy === true ? 'phone-in' : 'own';
}

/** "Own bid", "Phone-in by Morgan Hale", "Automatic (kept current seat)". */
export function describeAwardMethod(entry: SessionHistoryEntry): string {
  const method = getAwardMethod(entry);
  if (method === 'phone-in') return `${AWARD_METHOD_LABELS[method]} by ${entry.actorName}`;
  if (method === 'automatic') {
    const source =
      typeof entry.detailsData.source === 'string' ? AUTOMATIC_SOURCE_LABELS[entry.detailsData.source] : undefined;
    return source === undefined ? AWARD_METHOD_LABELS[method] : `${AWARD_METHOD_LABELS[method]} (${source})`;
  }
  return AWARD_METHOD_LABELS[method];
}

/** The member a seat went to; a deleted member's entry keeps their name, so the actor is only a fallback. */
export function getAwardee(entry: SessionHistoryEntry): string {
  return entry.userName ?? entry.actorName;
}

function byTimeThenId(first: SessionHistoryEntry, second: SessionHistoryEntry): number {
  return (
    Date.parse(first.timestamp) - Date.parse(second.timestamp) ||
    first.id.localeCompare(second.id, 'en', { numeric: true })
  );
}

/** Every seat award of the history, in the order they happened. */
export function listSeatAwards(history: readonly SessionHistoryEntry[]): SessionHistoryEntry[] {
  return history.filter(isSeatAward).sort(byTimeThenId);
}

/** The latest awards, newest first (DISPLAY_COUNTS.draftRecentBids of them). */
export function listRecentAwards(
  history: readonly SessionHistoryEntry[],
  count: number = DISPLAY_COUNTS.draftRecentBids,
): SessionHistoryEntry[] {
  return listSeatAwards(history).reverse().slice(0, count);
}

/**
 * Who bids after the turn holder, in queue order (the next DISPLAY_COUNTS.draftUpcoming), as the board names
 * them: it already passes over those whose session is decided and puts a member moved to the back
 * last. Before the start everyone waiting is upcoming, from the first; once completed, no one.
 */
export function listUpcomingParticipants(
  board: Pick<SessionBoard, 'status' | 'upcoming'>,
  count: number = DISPLAY_COUNTS.draftUpcoming,
): BoardParticipant[] {
  if (board.status === 'completed') return [];
  return board.upcoming.slice(0, count);
}

/** The participant whose turn it is while the session runs, or null. */
export function findTurnHolder(board: Pick<SessionBoard, 'status' | 'turn'>): BoardParticipant | null {
  if (board.status !== 'active' && board.status !== 'paused') return null;
  return board.turn;
}

export interface DraftStats {
  participants: number;
  /** Participants who are done (bid, skipped or auto-assigned). */
  completedBids: number;
  remaining: number;
  /** Rounded completed bids / participants in percent; 0 without participants. */
  progressPercent: number;
  ownBids: number;
  phoneInBids: number;
  autoAssigned: number;
  skipped: number;
  notAssigned: number;
  movedToBack: number;
}

/**
 * The session's figures: the totals as the board counts them, and how each turn ended from the
 * history (the board counts outcomes only as done and awarded). Without the history yet, those are 0.
 */
export function summarizeDraft(
  counts: Pick<SessionBoard['counts'], 'total' | 'done' | 'movedToBack'>,
  history: readonly SessionHistoryEntry[] | undefined,
): DraftStats {
  const participants = counts.total;
  const entries = history ?? [];
  const countEntries = (isCounted: (entry: SessionHistoryEntry) => boolean) => entries.filter(isCounted).length;
  return {
    participants,
    completedBids: counts.done,
    remaining: Math.max(0, participants - counts.done),
    progressPercent: participants === 0 ? 0 : Math.round((counts.done / participants) * 100),
    ownBids: countEntries((entry) => entry.action === 'bid_submitted' && getAwardMethod(entry) === 'own'),
    phoneInBids: countEntries((entry) => entry.action === 'bid_submitted' && getAwardMethod(entry) === 'phone-in'),
    autoAssigned: countEntries((entry) => entry.action === 'auto_assigned' && entry.stationName !== null),
    skipped: countEntries((entry) => entry.action === 'turn_skipped'),
    notAssigned: countEntries((entry) => entry.action === 'auto_assigned' && entry.stationName === null),
    movedToBack: counts.movedToBack,
  };
}
