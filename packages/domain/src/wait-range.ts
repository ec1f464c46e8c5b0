/**
 * How long a waiting member may wait for their turn, told as a range rather than one figure
 * (bidding-rules.md, "A turn"). One figure made from the last few picks swings from 45 minutes to 6
 * after a single quick pick, and a member who trusts it misses their turn; a range says what is
 * certain and what is not:
 *
 * - the upper bound is what the rules allow at most: the turn holder uses the rest of their clock,
 *   and everyone else ahead uses their whole window (a second chance's shorter window for those on
 *   one). Only a pause can make the wait longer, and a paused clock is shown as paused;
 * - the lower bound is how quickly turns have actually gone lately (the median time between picks),
 *   or, before any pick was measured, a floor of about a minute a turn: the time a member who knows
 *   what they want takes to choose a seat and confirm it. Never more than a turn's window.
 *
 * Pure: the caller measures the pace and reads the clock; every figure comes in as an argument.
 */
import type { SessionBoard } from './schemas/session-board.ts';
import { plural } from './wording.ts';

const MINUTE_MS = 60_000;

/** The least a turn is taken to last before any has been measured: choosing a seat and confirming it. */
export const WAIT_FLOOR_TURN_MS = MINUTE_MS;

/** How many of the latest picks set the pace: enough to outvote one quick or slow turn. */
export const WAIT_PACE_SAMPLE_SIZE = 10;

export interface WaitRangeInput {
  /**
   * Participants still to bid before the member, the turn holder included: 0 when the turn is the
   * member's, 1 when they are next.
   */
  peopleAhead: number;
  /** The whole window of a first turn, in ms (the longest of the session's rounds when it has rounds). */
  turnWindowMs: number;
  /** The whole window of a second chance (the auto-assign timeout), in ms. */
  secondChanceWindowMs: number;
  /**
   * Of those ahead after the turn holder, how many are on their second chance (moved to the back
   * once already); the rest are counted with a first turn's window.
   */
  secondChancesWaiting?: number;
  /** Whether the turn holder is on their second chance (their window is the shorter one). */
  isHolderOnSecondChance?: boolean;
  /**
   * The time left on the turn holder's clock (frozen while paused); null when no turn runs (before
   * the start) or it is unknown: the holder's whole window counts then.
   */
  holderRemainingMs?: number | null;
  /** How long a turn has taken lately (measureTurnPaceMs); null before any pick was measured. */
  observedTurnMs?: number | null;
}

export interface WaitRange {
  /** The turn is the member's now: both bounds are 0. */
  isYourTurn: boolean;
  /** Only the turn holder is ahead. */
  isNext: boolean;
  /** The shortest likely wait, in ms. */
  lowerMs: number;
  /** The longest wait the rules allow while the session runs, in ms. */
  upperMs: number;
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The wait before the member's turn: see the file's comment for how each bound is made. */
export function computeWaitRange(input: WaitRangeInput): WaitRange {
  const ahead = Math.floor(nonNegative(input.peopleAhead));
  if (ahead === 0) return { isYourTurn: true, isNext: false, lowerMs: 0, upperMs: 0 };

  const turnWindow = nonNegative(input.turnWindowMs);
  const secondChanceWindow = nonNegative(input.secondChanceWindowMs);
  const observed = input.observedTurnMs == null ? null : nonNegative(input.observedTurnMs);
  const pace = observed ?? WAIT_FLOOR_TURN_MS;

  const holderWindow = input.isHolderOnSecondChance === true ? secondChanceWindow : turnWindow;
  const holderRemaining =
    input.holderRemainingMs == null ? holderWindow : Math.min(holderWindow, nonNegative(input.holderRemainingMs));
  const waiting = ahead - 1;
  const onSecondChance = Math.min(waiting, Math.floor(nonNegative(input.secondChancesWaiting ?? 0)));
  const onFirstTurn = waiting - onSecondChance;

  // Each turn's least is the pace, but never more than that turn may last.
  const lowerMs =
    Math.min(pace, holderRemaining) +
    onFirstTurn * Math.min(pace, turnWindow) +
    onSecondChance * Math.min(pace, secondChanceWindow);
  const upperMs = holderRemaining + onFirstTurn * turnWindow + onSecondChance * secondChanceWindow;
  return { isYourTurn: false, isNext: ahead === 1, lowerMs, upperMs };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * How long a turn has taken lately, in ms: the median time between the latest picks (newest first,
 * as the board keeps them), the first pick counting from the session's start. The median, since one
 * member who let their window run out, or one ranked list that took its seat at once, says little
 * about how fast the queue moves. Null before any turn was measured.
 */
export function measureTurnPaceMs(pickTimes: readonly string[], actualStart: string | null): number | null {
  const times = pickTimes
    .slice(0, WAIT_PACE_SAMPLE_SIZE + 1)
    .map((time) => Date.parse(time))
    .filter((time) => !Number.isNaN(time));
  const gaps: number[] = [];
  for (let index = 0; index + 1 < times.length; index += 1) {
    const gap = (times[index] ?? 0) - (times[index + 1] ?? 0);
    if (gap >= 0) gaps.push(gap);
  }
  const startMs = actualStart === null ? Number.NaN : Date.parse(actualStart);
  const oldest = times.at(-1);
  if (gaps.length < WAIT_PACE_SAMPLE_SIZE && oldest !== undefined && !Number.isNaN(startMs) && oldest >= startMs) {
    gaps.push(oldest - startMs);
  }
  return gaps.length === 0 ? null : median(gaps);
}

/** "40 minutes", "1 hour", "2 hours 5 minutes". */
export function describeMinutes(totalMinutes: number): string {
  if (totalMinutes < 60) return plural(totalMinutes, 'minute');
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`;
}

/**
 * The member's wait as the live board tells it: the session's windows (the longest round's, when it
 * has rounds), the second chances ahead of them among the next few, the turn holder's own window and
 * clock, and the pace of the latest picks. The dashboard and the session page both show this one.
 */
export function waitRangeOnBoard(
  board: Pick<
    SessionBoard,
    'bidWindowDuration' | 'autoAssignTimeout' | 'rounds' | 'upcoming' | 'turn' | 'recentPicks' | 'actualStart'
  >,
  member: { peopleAhead: number; queuePosition: number; holderRemainingMs: number | null },
): WaitRange {
  const rounds = board.rounds ?? [];
  return computeWaitRange({
    peopleAhead: member.peopleAhead,
    turnWindowMs: Math.max(board.bidWindowDuration, ...rounds.map((round) => round.bidWindowDuration)) * MINUTE_MS,
    secondChanceWindowMs: board.autoAssignTimeout * MINUTE_MS,
    secondChancesWaiting: board.upcoming.filter((next) => next.movedToBack && next.queuePosition < member.queuePosition)
      .length,
    isHolderOnSecondChance: board.turn?.movedToBack === true,
    holderRemainingMs: member.holderRemainingMs,
    observedTurnMs: measureTurnPaceMs(
      board.recentPicks.map((pick) => pick.at),
      board.actualStart,
    ),
  });
}

/**
 * The range in words, in whole minutes (the lower bound rounded down, the upper up, so the words
 * never promise more than the figures): "6 to 40 minutes", "45 minutes to 2 hours", "up to 4
 * minutes", "less than a minute"; "now" when the turn is the member's.
 */
export function describeWaitRange(range: Pick<WaitRange, 'isYourTurn' | 'lowerMs' | 'upperMs'>): string {
  if (range.isYourTurn) return 'now';
  const lower = Math.floor(range.lowerMs / MINUTE_MS);
  const upper = Math.ceil(range.upperMs / MINUTE_MS);
  if (range.upperMs < MINUTE_MS) return 'less than a minute';
  if (lower < 1) return `up to ${describeMinutes(upper)}`;
  if (lower >= upper) return `about ${describeMinutes(upper)}`;
  if (upper < 60) return `${lower} to ${describeMinutes(upper)}`;
  return `${describeMinutes(lower)} to ${describeMinutes(upper)}`;
}
