import { describe, expect, it } from 'vitest';
import { buildBidHistoryEntry } from '../../../test/build-bid-history.ts';
import {
  calculateSuccessRate,
  formatSessionDuration,
  sortNewestFirst,
  summarizeBidHistory,
} from './bid-history-summary.ts';

describe('summarizeBidHistory', () => {
  it('counts bids, successful ones and distinct stations, and finds the latest bid', () => {
    const entries = [
      buildBidHistoryEntry(1, { timestamp: '2025-03-01T09:00:00.000Z', station: { name: 'Downtown', number: 1 } }),
      buildBidHistoryEntry(2, {
        timestamp: '2026-03-02T10:00:00.000Z',
        station: { name: 'Harbor', number: 3 },
        status: 'cancelled',
      }),
      buildBidHistoryEntry(3, { timestamp: '2026-01-05T08:00:00.000Z', station: { name: 'Downtown', number: 1 } }),
    ];

    expect(summarizeBidHistory(entries)).toEqual({
      totalBids: 3,
      successfulBids: 2,
      stationsBid: 2,
      lastBidAt: '2026-03-02T10:00:00.000Z',
      successRate: 67,
    });
  });

  it('has zeros and no last bid when there is no bid', () => {
    expect(summarizeBidHistory([])).toEqual({
      totalBids: 0,
      successfulBids: 0,
      stationsBid: 0,
      lastBidAt: null,
      successRate: 0,
    });
  });

  it('sorts newest first without changing the input', () => {
    const older = buildBidHistoryEntry(1, { timestamp: '2025-01-01T00:00:00.000Z' });
    const newer = buildBidHistoryEntry(2, { timestamp: '2026-01-01T00:00:00.000Z' });
    const entries = [older, newer];
    expect(sortNewestFirst(entries)).toEqual([newer, older]);
    expect(entries).toEqual([older, newer]);
  });
});

describe('calculateSuccessRate', () => {
  it('is completed bids over total bids as a rounded percentage', () => {
    expect(calculateSuccessRate(1, 3)).toBe(33);
    expect(calculateSuccessRate(2, 3)).toBe(67);
    expect(calculateSuccessRate(1, 8)).toBe(13);
    expect(calculateSuccessRate(5, 5)).toBe(100);
  });

  it('is 0 with no bids rather than dividing by zero', () => {
    expect(calculateSuccessRate(0, 0)).toBe(0);
  });
});

describe('formatSessionDuration', () => {
  it('reads "Xh Ym" from an hour on and "Ym" below', () => {
    expect(formatSessionDuration(95)).toBe('1h 35m');
    expect(formatSessionDuration(120)).toBe('2h 0m');
    expect(formatSessionDuration(45)).toBe('45m');
    expect(formatSessionDuration(0)).toBe('0m');
  });

  it('is "N/A" when the duration is missing', () => {
    expect(formatSessionDuration(null)).toBe('N/A');
    expect(formatSessionDuration(undefined)).toBe('N/A');
  });
});
