/**
 * Pure derivations of the live draft view (spec section 2, "Live draft view"; section 9, display
 * counts and session progress): the seat awards of a session's history and how each was made, who
 * bids next, and the session's figures.
 */
import { type BidSessionDetail, DISPLAY_COUNTS, type Participant, type SessionHistoryEntry } from '@stationbid/domain';

/** How a seat was awarded: the member's own bid, an administrator's phone-in bid, or the turn clock. */
export type AwardMethod = 'own' | 'phone-in' | 'automatic';

export const AWARD_METHOD_LABELS: Readonly<Record<AwardMethod, string>> = {
  own: 'Own bid',
  'phone-in': 'Phone-in',
  automatic: 'Automatic',
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

/** The latest awards, newest first (spec section 9: 5 in the draft view). */
export function listRecentAwards(
  history: readonly SessionHistoryEntry[],
  count: number = DISPLAY_COUNTS.draftRecentBids,
): SessionHistoryEntry[] {
  return listSeatAwards(history).reverse().slice(0, count);
}

/**
 * Who bids after the turn holder, in queue order (spec section 9: the next 3). Participants are
 * ordered by `position`; a member moved to the back already has the last position, so queue order
 * puts their second chance last. Those whose session is decided (a seat, a skip, Not Assigned) have
 * no turn left. Before the start (`currentParticipant` 0) everyone waiting is upcoming, from the first.
 */
export function listUpcomingParticipants(
  session: Pick<BidSessionDetail, 'status' | 'currentParticipant' | 'participants'>,
  count: number = DISPLAY_COUNTS.draftUpcoming,
): Participant[] {
  if (session.status === 'completed') return [];
  const turnIndex = session.currentParticipant - 1;
  return [...session.participants]
    .sort((first, second) => first.position - second.position)
    .filter((participant) => participant.position > turnIndex && participant.outcome === null && !participant.hasBid)
    .slice(0, count);
}

/** The participant whose turn it is while the session runs, or null. */
export function findTurnHolder(
  session: Pick<BidSessionDetail, 'status' | 'currentParticipant' | 'participants'>,
): Participant | null {
  if (session.status !== 'active' && session.status !== 'paused') return null;
  return session.participants.find((participant) => participant.position === session.currentParticipant - 1) ?? null;
}

export interface DraftStats {
  participants: number;
  /** Participants who are done (bid, skipped or auto-assigned). */
  completedBids: number;
  remaining: number;
  /** Rounded completed bids / participants in percent (spec section 9); 0 without participants. */
  progressPercent: number;
  ownBids: number;
  phoneInBids: number;
  autoAssigned: number;
  skipped: number;
  notAssigned: number;
  movedToBack: number;
}

/** The session's figures, from its participants as the server counts them. */
export function summarizeDraft(
  session: Pick<BidSessionDetail, 'participants' | 'completedBids' | 'movedToBackCount'>,
): DraftStats {
  const participants = session.participants.length;
  const countOutcome = (outcome: Participant['outcome']) =>
    session.participants.filter((participant) => participant.outcome === outcome).length;
  return {
    participants,
    completedBids: session.completedBids,
    remaining: Math.max(0, participants - session.completedBids),
    progressPercent: participants === 0 ? 0 : Math.round((session.completedBids / participants) * 100),
    ownBids: countOutcome('bid'),
    phoneInBids: countOutcome('proxy_bid'),
    autoAssigned: countOutcome('auto_assigned'),
    skipped: countOutcome('skipped'),
    notAssigned: countOutcome('not_assigned'),
    movedToBack: session.movedToBackCount,
  };
}
