/**
 * The words of the session room's "on the clock" header, its live feed and its single bid action:
 * how far away the member's turn is and about how long that takes, a seat as a sentence, a pick as
 * a sentence, and which of the member's ranked choices are still free. Pure, so the rules are tested
 * without a page.
 */
import {
  type BoardPick,
  countTurnsBeforeRound,
  LIMITS,
  type Participant,
  type SeatPosition,
  type SessionBoard,
  type Shift,
} from '@stationbid/domain';
import { type CountdownTone, getCountdownTone } from '../../../lib/turn-countdown.ts';

/** How many of the latest picks set the pace: enough to smooth one slow turn, few enough to follow a change of pace. */
export const PACE_SAMPLE_SIZE = 10;

/** "Station 4, B shift, Engineer": a seat as the header, the feed and the confirmation name it. */
export function describeSeat(stationNumber: number, shift: Shift, position: SeatPosition): string {
  return `Station ${stationNumber}, ${shift} shift, ${position}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The typical length of a turn, in ms: the median time between the latest picks (the first pick
 * counts from the session's start). The median, because one member who let their window run out
 * would pull an average far from how fast the queue really moves. Without at least one measured
 * turn, the session's bid window is the honest guess.
 */
export function estimateTurnPaceMs(
  board: Pick<SessionBoard, 'recentPicks' | 'actualStart' | 'bidWindowDuration'>,
): number {
  const times = board.recentPicks
    .slice(0, PACE_SAMPLE_SIZE + 1)
    .map((pick) => Date.parse(pick.at))
    .filter((time) => !Number.isNaN(time));
  // Newest first: the gaps between neighbours are the turns that ended in a pick.
  const gaps: number[] = [];
  for (let index = 0; index + 1 < times.length; index += 1) {
    const gap = (times[index] ?? 0) - (times[index + 1] ?? 0);
    if (gap > 0) gaps.push(gap);
  }
  const startMs = board.actualStart === null ? Number.NaN : Date.parse(board.actualStart);
  const oldest = times.at(-1);
  if (gaps.length < PACE_SAMPLE_SIZE && oldest !== undefined && !Number.isNaN(startMs) && oldest > startMs) {
    gaps.push(oldest - startMs);
  }
  return gaps.length === 0 ? board.bidWindowDuration * 60_000 : median(gaps);
}

/**
 * About how long until the member's turn: the turn holder's likely rest (the pace, or less when
 * their clock shows less) and a whole pace for everyone else ahead.
 */
export function estimateWaitMs(turnsAway: number, paceMs: number, remainingMs: number | null): number {
  if (turnsAway <= 0) return 0;
  const current = remainingMs === null ? paceMs : Math.min(paceMs, remainingMs);
  return current + (turnsAway - 1) * paceMs;
}

/** "less than a minute", "about 1 minute", "about 12 minutes", "about 2 hours 5 minutes". */
export function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return rest === 0 ? `about ${hourText}` : `about ${hourText} ${rest} ${rest === 1 ? 'minute' : 'minutes'}`;
}

/** "You're next, about 4 minutes" or "3 turns away, about 12 minutes". */
export function describeTurnsAway(turnsAway: number, waitMs: number): string {
  const wait = describeDuration(waitMs);
  return turnsAway <= 1 ? `You're next, ${wait}` : `${turnsAway} turns away, ${wait}`;
}

/** "Captain Hale" from "Morgan Hale" and Captain: how the feed names a member, as a firehouse would. */
export function describePicker(pick: Pick<BoardPick, 'name' | 'rank'>): string {
  const parts = pick.name.trim().split(/\s+/);
  const lastName = parts.at(-1) ?? pick.name;
  return `${pick.rank} ${lastName}`;
}

/** "Captain Hale took Station 2, A shift, Captain", with how it was placed when not by the member. */
export function describePick(pick: BoardPick): string {
  const seat = describeSeat(pick.station.number, pick.shift, pick.position);
  if (pick.standingBid === true) return `${describePicker(pick)}'s standing bid took ${seat}`;
  const sentence = `${describePicker(pick)} took ${seat}`;
  if (pick.kind === 'auto') return `${sentence} (assigned automatically)`;
  if (pick.kind === 'proxy') return `${sentence} (phoned in)`;
  return sentence;
}

/**
 * The seat the member won in this session: the board's pick first (it arrives with the event that
 * made it), else their own entry as last read.
 */
export function findMyAward(
  board: Pick<SessionBoard, 'recentPicks'>,
  myEntry: Pick<Participant, 'id' | 'hasBid' | 'assignedStation' | 'assignedShift' | 'assignedPosition'> | null,
): string | null {
  if (myEntry === null) return null;
  const pick = board.recentPicks.find((candidate) => candidate.participantId === myEntry.id);
  if (pick !== undefined) return describeSeat(pick.station.number, pick.shift, pick.position);
  if (myEntry.hasBid && myEntry.assignedStation !== null && myEntry.assignedShift !== null) {
    if (myEntry.assignedPosition === null) return null;
    return describeSeat(myEntry.assignedStation.number, myEntry.assignedShift, myEntry.assignedPosition);
  }
  return null;
}

const COUNTDOWN_TONE_WORDS: Readonly<Record<CountdownTone, string>> = {
  green: 'On time',
  yellow: `Under ${LIMITS.countdownCautionSeconds / 60} minutes`,
  orange: 'Final minute',
  red: "Time's up",
};

/** The tone of the countdown in words, so its colour is never the only signal. */
export function describeCountdownTone(remainingMs: number, isPaused: boolean): string {
  if (isPaused) return 'Paused';
  return COUNTDOWN_TONE_WORDS[getCountdownTone(remainingMs)];
}

/**
 * "Turn ends at 9:04:05 PM CST (America/Chicago)": the deadline in `timeZone`, with the zone's
 * abbreviation as e-mails and SMS give it, and its full name, which says where the clock is.
 */
export function describeDeadline(deadlineIso: string, timeZone: string, locale?: string): string | null {
  const deadline = Date.parse(deadlineIso);
  if (Number.isNaN(deadline)) return null;
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(deadline);
  return `Turn ends at ${time} (${timeZone})`;
}

/**
 * The name of the round under way ("Officers' round"), or of the first round before the start;
 * null for a session without rounds, and once it is over.
 */
export function describeCurrentRound(board: Pick<SessionBoard, 'status' | 'rounds' | 'currentRound'>): string | null {
  const rounds = board.rounds ?? [];
  if (rounds.length === 0 || board.status === 'completed') return null;
  if (board.status === 'draft' || board.status === 'scheduled') return rounds[0]?.name ?? null;
  return board.currentRound === null || board.currentRound === undefined
    ? null
    : (rounds[board.currentRound]?.name ?? null);
}

/** "Round 1 of 3: Officers' round", for where the board lists the session's state. */
export function describeRoundProgress(board: Pick<SessionBoard, 'status' | 'rounds' | 'currentRound'>): string | null {
  const name = describeCurrentRound(board);
  const rounds = board.rounds ?? [];
  if (name === null) return null;
  const index = board.status === 'active' || board.status === 'paused' ? (board.currentRound ?? 0) : 0;
  return `Round ${index + 1} of ${rounds.length}: ${name}`;
}

/**
 * How many turns are still to come before the member's round begins, as of the board (it moves with
 * every event), else as the server last said; null when their round has begun or there are no rounds.
 */
export function countTurnsBeforeMyRound(
  board: Pick<SessionBoard, 'status' | 'currentParticipant' | 'rounds' | 'currentRound'>,
  myRound: { index: number; turnsBefore: number } | null | undefined,
): number | null {
  if (myRound === null || myRound === undefined) return null;
  const turns = (board.rounds ?? []).length > 0 ? countTurnsBeforeRound(board, myRound.index) : myRound.turnsBefore;
  return turns > 0 ? turns : null;
}

/** "Officers' round: 12 to go before yours", "Officers' round: 1 to go before yours". */
export function describeRoundWait(currentRoundName: string, turnsBefore: number): string {
  return `${currentRoundName}: ${turnsBefore} to go before yours`;
}
