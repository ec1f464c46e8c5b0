import { describe, expect, it } from 'vitest';
import {
  describeCountdown,
  formatCountdown,
  getCountdownTone,
  getRemainingMs,
  getTurnClock,
  isFinalMinute,
} from './turn-countdown.ts';

const MINUTE = 60_000;

describe('getCountdownTone', () => {
  it.each([
    [10 * MINUTE, 'green'],
    [3 * MINUTE + 1, 'green'],
    [3 * MINUTE, 'yellow'],
    [MINUTE + 1, 'yellow'],
    [MINUTE, 'orange'],
    [1, 'orange'],
    [0, 'red'],
    [-5000, 'red'],
  ])('%i ms left is %s', (remainingMs, tone) => {
    expect(getCountdownTone(remainingMs)).toBe(tone);
  });
});

describe('formatCountdown', () => {
  it.each([
    [5 * MINUTE, '5:00'],
    [4 * MINUTE + 5000, '4:05'],
    // Seconds round up: the display shows 0:00 only when time is really up.
    [400, '0:01'],
    [59_001, '1:00'],
    [3_723_000, '1:02:03'],
    [0, 'Expired'],
    [-1, 'Expired'],
  ])('%i ms reads %s', (remainingMs, text) => {
    expect(formatCountdown(remainingMs)).toBe(text);
  });
});

describe('describeCountdown', () => {
  it('says the time in words for screen readers', () => {
    expect(describeCountdown(4 * MINUTE + 5000)).toBe('4 minutes 5 seconds left');
    expect(describeCountdown(MINUTE)).toBe('1 minute left');
    expect(describeCountdown(1000)).toBe('1 second left');
    expect(describeCountdown(0)).toBe('Time expired');
  });
});

describe('isFinalMinute', () => {
  it('is true from 1 minute down to just above 0', () => {
    expect(isFinalMinute(MINUTE + 1)).toBe(false);
    expect(isFinalMinute(MINUTE)).toBe(true);
    expect(isFinalMinute(1)).toBe(true);
    expect(isFinalMinute(0)).toBe(false);
  });
});

describe('getTurnClock and getRemainingMs', () => {
  const deadline = '2026-03-01T10:05:00.000Z';
  const deadlineMs = Date.parse(deadline);
  const base = { currentBidEnd: deadline, pausedRemainingSeconds: null, currentTurn: null };

  it('runs towards currentBidEnd while active, never below 0', () => {
    const clock = getTurnClock({ ...base, status: 'active' });
    expect(clock).toEqual({ kind: 'running', deadlineMs });
    expect(getRemainingMs(clock, deadlineMs - 90_000)).toBe(90_000);
    expect(getRemainingMs(clock, deadlineMs + 5000)).toBe(0);
  });

  it("falls back to the turn holder's time window when currentBidEnd is missing", () => {
    const clock = getTurnClock({
      ...base,
      status: 'active',
      currentBidEnd: null,
      currentTurn: { timeWindow: { start: null, end: deadline } } as never,
    });
    expect(clock).toEqual({ kind: 'running', deadlineMs });
  });

  it('is frozen at the kept remainder while paused, whatever the time', () => {
    const clock = getTurnClock({ ...base, status: 'paused', currentBidEnd: null, pausedRemainingSeconds: 192 });
    expect(clock).toEqual({ kind: 'frozen', remainingMs: 192_000 });
    expect(getRemainingMs(clock, 0)).toBe(192_000);
    expect(getRemainingMs(clock, deadlineMs * 2)).toBe(192_000);
  });

  it('has no clock outside a running turn', () => {
    for (const status of ['draft', 'scheduled', 'completed'] as const) {
      expect(getTurnClock({ ...base, status })).toEqual({ kind: 'none' });
    }
    expect(getTurnClock({ ...base, status: 'active', currentBidEnd: null })).toEqual({ kind: 'none' });
    expect(getRemainingMs({ kind: 'none' }, 0)).toBeNull();
  });
});
