/**
 * A session's results as GET /:id/results and the export show them: the session, its statistics,
 * each participant with the reason for their seat, and the history. Pure: the service reads the
 * rows, this shapes them.
 *
 * The reasons are recorded addressed to their member ("Your first choice ... you bid it at 09:14
 * CST"), the words the signed record carries and the verifier rebuilds. Read by anyone else (another
 * member, an administrator, the printed sheet) they are turned to speak of the member by name, and
 * every reader gets their times on the same 12-hour clock as the rest of the results.
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

export interface ResultsReader {
  /** The member reading the results: their own reason stays addressed to them. None: every reason names its member. */
  memberId?: string | null;
}

/** `reasons`: each participant's reason for their seat, by participant id (none: null), as recorded. */
export function presentResults(
  session: BidSessionDetail,
  historyRows: readonly HistoryRow[],
  reasons: ReadonlyMap<string, string>,
  reader: ResultsReader = {},
): SessionResults {
  const keepAsWritten = adminWrittenPhrases(historyRows);
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
    participants: session.participants.map((participant) => {
      const recorded = reasons.get(participant.id);
      if (recorded === undefined) return { ...participant, reason: null };
      const isReader = reader.memberId != null && participant.user.id === reader.memberId;
      const name = `${participant.user.firstName} ${participant.user.lastName}`.trim();
      return {
        ...participant,
        reason: isReader
          ? reasonOnTwelveHourClock(recorded, keepAsWritten)
          : reasonAboutMember(recorded, name, keepAsWritten),
      };
    }),
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

/**
 * What administrators typed into the history (a rewind's reason), which a reason may quote: it is
 * their words, so it is never reworded.
 */
function adminWrittenPhrases(historyRows: readonly HistoryRow[]): string[] {
  return historyRows.flatMap((row) => {
    const reason = (row.details as Record<string, unknown> | null)?.reason;
    return row.action === 'session_rewound' && typeof reason === 'string' && reason.trim() !== '' ? [reason] : [];
  });
}

/**
 * Runs `reword` over `text` with each of `keepAsWritten` set aside, so a quoted phrase comes back
 * exactly as it was typed.
 */
function rewordAround(text: string, keepAsWritten: readonly string[], reword: (text: string) => string): string {
  const kept: string[] = [];
  let masked = text;
  for (const phrase of [...keepAsWritten].sort((left, right) => right.length - left.length)) {
    if (!masked.includes(phrase)) continue;
    masked = masked.split(phrase).join(`\u0000${kept.length}\u0000`);
    kept.push(phrase);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the placeholder is a control character no reason contains.
  return reword(masked).replace(/\u0000(\d+)\u0000/g, (_match, index: string) => kept[Number(index)] ?? '');
}

/** "09:14 CST" and "21:05 CDT", as the record writes a time, become "9:14 AM CST" and "9:05 PM CDT". */
function toTwelveHourClock(text: string): string {
  return text.replace(/\b([01]\d|2[0-3]):([0-5]\d)(?= [A-Z])/g, (_match, hours: string, minutes: string) => {
    const hour = Number(hours);
    return `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
  });
}

/** A member's own reason as they read it: addressed to them, its times on the results' 12-hour clock. */
export function reasonOnTwelveHourClock(reason: string, keepAsWritten: readonly string[] = []): string {
  return rewordAround(reason, keepAsWritten, toTwelveHourClock);
}

/**
 * A reason as someone other than its member reads it: "Your first choice ... was taken by Morgan
 * Hale, who is senior to you ... and you bid it" becomes "Jordan Lee's first choice ... was taken by
 * Morgan Hale, who is senior to them ... and they bid it". The member is named where a sentence
 * begins with them and is "they" after; times move to the 12-hour clock.
 */
export function reasonAboutMember(reason: string, memberName: string, keepAsWritten: readonly string[] = []): string {
  return rewordAround(reason, keepAsWritten, (text) =>
    toTwelveHourClock(text)
      .replace(/\bYour\b/g, `${memberName}'s`)
      .replace(/\bYou\b/g, memberName)
      .replace(/\byours\b/g, 'theirs')
      .replace(/\b(to|for) you\b/g, '$1 them')
      .replace(/\byour\b/g, 'their')
      .replace(/\byou\b/g, 'they'),
  );
}
