/**
 * The turn countdown (bidding-rules.md, "A turn"), for every screen that shows one (the Admin Session
 * Control, the dashboard's turn banner): how much time the turn holder has left, how it reads, and
 * its colour: green above 3 minutes, yellow at 3 minutes or less, orange at 1 minute or less, red
 * and "Expired" at 0. The deadline is the server's `currentBidEnd`, compared with the server's
 * clock as estimated from its answers.
 */
import { type BidSession, LIMITS } from '@stationbid/domain';

export type CountdownTone = 'green' | 'yellow' | 'orange' | 'red';

const CAUTION_MS = LIMITS.countdownCautionSeconds * 1000;
const WARNING_MS = LIMITS.countdownWarningSeconds * 1000;

export function getCountdownTone(remainingMs: number): CountdownTone {
  if (remainingMs <= 0) return 'red';
  if (remainingMs <= WARNING_MS) return 'orange';
  if (remainingMs <= CAUTION_MS) return 'yellow';
  return 'green';
}

/** True in the last minute of a turn, when a warning shows beside the countdown. */
export function isFinalMinute(remainingMs: number): boolean {
  return remainingMs > 0 && remainingMs <= WARNING_MS;
}

/**
 * "4:05", or "1:02:03" from an hour up, or "Expired". Seconds round up, so the display reaches 0:00
 * only when the time is really up (a turn with 0.4 s left still shows 0:01).
 */
export function formatCountdown(remainingMs: number): string {
  if (remainingMs <= 0) return 'Expired';
  const totalSeconds = Math.ceil(remainingMs / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** "4 minutes 5 seconds left": the countdown as a screen reader should say it. */
export function describeCountdown(remainingMs: number): string {
  if (remainingMs <= 0) return 'Time expired';
  const totalSeconds = Math.ceil(remainingMs / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (seconds > 0 || minutes === 0) parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
  return `${parts.join(' ')} left`;
}

export type TurnClock =
  /** The clock runs towards `deadlineMs` (server time). */
  | { kind: 'running'; deadlineMs: number }
  /** Paused: the time left is frozen until Resume. */
  | { kind: 'frozen'; remainingMs: number }
  /** No turn is under way (draft, scheduled, completed, or between turns). */
  | { kind: 'none' };

/**
 * A session or its board: the turn holder's own deadline is only a fallback for old answers (a
 * member who does not hold the turn reads the turn holder's public facts, without their times).
 */
type TurnClockSession = Pick<BidSession, 'status' | 'currentBidEnd' | 'pausedRemainingSeconds'> & {
  currentTurn?: BidSession['currentTurn'];
};

/**
 * Where the current turn's time comes from: `currentBidEnd` while active (else the turn holder's own
 * time window), the kept remainder while paused.
 */
export function getTurnClock(session: TurnClockSession): TurnClock {
  if (session.status === 'paused') {
    return session.pausedRemainingSeconds === null
      ? { kind: 'none' }
      : { kind: 'frozen', remainingMs: session.pausedRemainingSeconds * 1000 };
  }
  if (session.status !== 'active') return { kind: 'none' };
  const turn = session.currentTurn;
  const deadline = session.currentBidEnd ?? (turn && 'timeWindow' in turn ? turn.timeWindow.end : null);
  const deadlineMs = deadline === null ? Number.NaN : Date.parse(deadline);
  return Number.isNaN(deadlineMs) ? { kind: 'none' } : { kind: 'running', deadlineMs };
}

/** Time left on `clock` at server time `serverNowMs`, never below 0; null when no turn runs. */
export function getRemainingMs(clock: TurnClock, serverNowMs: number): number | null {
  if (clock.kind === 'none') return null;
  if (clock.kind === 'frozen') return Math.max(0, clock.remainingMs);
  return Math.max(0, clock.deadlineMs - serverNowMs);
}
