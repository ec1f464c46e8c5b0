import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  estimateClockOffsetMs,
  getServerNow,
  narrowClockOffset,
  recordServerDate,
  resetServerClock,
} from './server-clock.ts';

describe('narrowClockOffset', () => {
  it('bounds the offset by the round trip and the header resolution of one second', () => {
    // Sent at 10 000, answered at 10 200; the server wrote 70 000 (its second 70).
    const bounds = narrowClockOffset(null, { serverDateMs: 70_000, sentAtMs: 10_000, receivedAtMs: 10_200 });
    expect(bounds).toEqual({ min: 59_800, max: 61_000 });
  });

  it('narrows over several answers', () => {
    let bounds = narrowClockOffset(null, { serverDateMs: 70_000, sentAtMs: 10_000, receivedAtMs: 10_100 });
    // Half a second later the header still says second 70: the true offset is at most 60 400.
    bounds = narrowClockOffset(bounds, { serverDateMs: 70_000, sentAtMs: 10_600, receivedAtMs: 10_700 });
    expect(bounds).toEqual({ min: 59_900, max: 60_400 });
    expect(estimateClockOffsetMs(bounds)).toBe(60_150);
  });

  it('starts again when a clock jumped and the bounds no longer overlap', () => {
    const before = narrowClockOffset(null, { serverDateMs: 70_000, sentAtMs: 10_000, receivedAtMs: 10_100 });
    const after = narrowClockOffset(before, { serverDateMs: 70_000, sentAtMs: 40_000, receivedAtMs: 40_100 });
    expect(after).toEqual({ min: 29_900, max: 31_000 });
  });

  it('estimates no offset before any answer', () => {
    expect(estimateClockOffsetMs(null)).toBe(0);
  });
});

describe('getServerNow', () => {
  afterEach(() => resetServerClock());

  it('adds the estimated offset to the browser clock, and ignores unreadable headers', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    recordServerDate('not a date', 0, 10);
    expect(getServerNow()).toBe(1_000_000);

    // The server says 00:00:10 UTC while the browser says 00:00:00.
    recordServerDate('Thu, 01 Jan 1970 00:00:10 GMT', 0, 0);
    expect(getServerNow()).toBe(1_000_000 + 10_500);
  });
});
