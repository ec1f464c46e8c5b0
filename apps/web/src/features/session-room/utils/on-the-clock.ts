/**
 * The words of the session room's "on the clock" header, its live feed and its single bid action:
 * how far away the member's turn is and about how long that takes, a seat as a sentence, a pick as
 * a sentence, and which of the member's ranked choices are still free. Pure, so the rules are tested
 * without a page.
 */
import {
  type BoardPick,
  countTurnsBeforeRound,
  describeWaitRange,
  LIMITS,
  type Participant,
  type SeatPosition,
  type SessionBoard,
  type Shift,
  type WaitRange,
} from '@stationbid/domain';
import { type CountdownTone, getCountdownTone } from '../../../lib/turn-countdown.ts';

/** "Station 4, B shift, Engineer": a seat as the header, the feed and the confirmation name it. */
export function describeSeat(stationNumber: number, shift: Shift, position: SeatPosition): string {
  return `Station ${stationNumber}, ${shift} shift, ${position}`;
}

/**
 * "You're next, 1 to 5 minutes" or "3 turns away, 6 to 40 minutes": the wait as a range
 * (packages/domain wait-range.ts), so one quick pick does not swing it from 45 minutes to 6.
 */
export function describeTurnsAway(range: WaitRange, turnsAway: number): string {
  const wait = describeWaitRange(range);
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
 * "ends 3:14 AM CST": the time the turn ends, in words beside the countdown, in the department's
 * zone with its short name (the one e-mails and SMS give), whatever zone the phone is set to.
 */
export function describeTurnEnd(deadlineIso: string, timeZone: string, locale = 'en-US'): string | null {
  const deadline = Date.parse(deadlineIso);
  if (Number.isNaN(deadline)) return null;
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(deadline);
  return `ends ${time}`;
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
