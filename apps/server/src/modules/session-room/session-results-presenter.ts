/**
 * A session's results as GET /:id/results and the export show them: the session, its statistics,
 * each participant with the reason for their seat, and the history. Pure: the service reads the
 * rows, this shapes them.
 */
import {
  type BidSessionDetail,
  type BidSessionReadDetail,
  computeSessionStatistics,
  type SessionResults,
} from '@stationbid/domain';
import type { HistoryRow } from '../session-engine/bid-sessions.repository.ts';
import { presentHistory } from '../session-engine/session-row-presenter.ts';

/** Whole minutes from start to end (bidding-rules.md, "Results"); null until both exist. */
export function minutesBetween(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  return Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
}

/** `reasons`: each participant's reason for their seat, by participant id (none: null). */
export function presentResults(
  session: BidSessionDetail,
  historyRows: readonly HistoryRow[],
  reasons: ReadonlyMap<string, string>,
): SessionResults {
  const statistics = computeSessionStatistics({
    participants: session.participants.map((participant) => ({
      outcome: participant.outcome,
      movedToBack: participant.movedToBack,
      awardedSeat: participant.hasBid ? participant.assignedStation : null,
    })),
  });
  return {
    id: session.id,
    _id: session.id,
    name: session.name,
    year: session.year,
    status: session.status,
    totalParticipants: session.totalParticipants,
    completedBids: session.completedBids,
    statistics,
    sessionDuration: minutesBetween(session.actualStart, session.actualEnd),
    scheduledStart: session.scheduledStart,
    scheduledEnd: session.scheduledEnd,
    actualStart: session.actualStart,
    actualEnd: session.actualEnd,
    participants: session.participants.map((participant) => ({
      ...participant,
      reason: reasons.get(participant.id) ?? null,
    })),
    sessionHistory: presentHistory(historyRows),
  };
}

/** GET /:id as the spec's client reads it: `session`, its alias `bidSession`, and the stations' free seats. */
export function presentDetailAnswer<T extends BidSessionReadDetail>(session: T) {
  return {
    session,
    bidSession: session,
    availableStations: session.availableStations.map(({ availablePositions: _byShift, ...station }) => ({
      ...station,
      availablePositions: station.available,
    })),
  };
}
