import { describe, expect, it } from 'vitest';
import { buildHistoryEntry, springSession, testId } from '../../../test/build-bid-session.ts';
import type { UserBidHistoryEntry } from '../../bid-history/index.ts';
import {
  calculateSessionProgress,
  describeHistorySeat,
  describeYourPosition,
  findLatestCompletedSession,
  listRecentBids,
  summarizeBiddingStats,
} from './bidding-format.ts';

describe('describeYourPosition', () => {
  it('counts the one bidding now while the session runs', () => {
    expect(describeYourPosition(2, 2, 'active')).toEqual({ place: '#3 in queue', ahead: '2 people ahead of you' });
    expect(describeYourPosition(1, 1, 'active')).toEqual({ place: '#2 in queue', ahead: 'You are next!' });
    expect(describeYourPosition(4, 3, 'paused').ahead).toBe('3 people ahead of you');
  });

  it('before the start, only the first in the queue is next', () => {
    expect(describeYourPosition(0, 0, 'scheduled')).toEqual({ place: '#1 in queue', ahead: 'You are next!' });
    expect(describeYourPosition(1, 1, 'scheduled').ahead).toBe('1 person ahead of you');
    expect(describeYourPosition(5, 5, 'scheduled').ahead).toBe('5 people ahead of you');
  });
});

describe('calculateSessionProgress', () => {
  it('is completed bids over participants, rounded, within 0 to 100', () => {
    expect(calculateSessionProgress(1, 3)).toBe(33);
    expect(calculateSessionProgress(2, 3)).toBe(67);
    expect(calculateSessionProgress(3, 3)).toBe(100);
    expect(calculateSessionProgress(0, 0)).toBe(0);
    expect(calculateSessionProgress(5, 3)).toBe(100);
  });
});

describe('listRecentBids', () => {
  const seat = { stationName: 'Harbor', stationNumber: 3, shift: 'C', position: 'Engineer' } as const;

  it('keeps the seat awards, newest first, at most 10', () => {
    const history = [
      buildHistoryEntry({ action: 'session_started', id: 's', timestamp: '2026-03-01T09:00:00.000Z' }),
      ...Array.from({ length: 12 }, (_, index) =>
        buildHistoryEntry({
          action: index % 2 === 0 ? 'bid_submitted' : 'auto_assigned',
          id: `b${index}`,
          userName: `Member ${index}`,
          timestamp: new Date(Date.UTC(2026, 2, 1, 9, index + 1)).toISOString(),
          ...seat,
        }),
      ),
      buildHistoryEntry({ action: 'turn_skipped', id: 'k', timestamp: '2026-03-01T10:00:00.000Z' }),
      // An automatic assignment that found no seat names none.
      buildHistoryEntry({ action: 'auto_assigned', id: 'n', timestamp: '2026-03-01T10:01:00.000Z' }),
    ];
    const recent = listRecentBids(history);
    expect(recent.map((entry) => entry.id)).toEqual(['b11', 'b10', 'b9', 'b8', 'b7', 'b6', 'b5', 'b4', 'b3', 'b2']);
  });

  it('describes the seat of an entry', () => {
    expect(describeHistorySeat(buildHistoryEntry({ action: 'bid_submitted', ...seat }))).toBe(
      'Station 3 · Harbor, Shift C, Engineer',
    );
  });
});

function bid(
  n: number,
  sessionId: string,
  status: UserBidHistoryEntry['status'],
  timestamp: string,
): UserBidHistoryEntry {
  const id = testId('b1d', n);
  return {
    id,
    _id: id,
    createdAt: timestamp,
    timestamp,
    session: { id: sessionId, _id: sessionId, name: `Session ${sessionId.slice(-1)}`, year: 2026 },
    station: { name: 'Harbor', number: 3 },
    shift: 'C',
    position: 'Engineer',
    kind: 'own',
    status,
    bidPriority: 2,
  };
}

describe('summarizeBiddingStats', () => {
  it('counts bids, completed bids, sessions, and the rounded success rate', () => {
    const entries = [
      bid(1, testId('5e55', 1), 'completed', '2025-03-01T09:00:00.000Z'),
      bid(2, testId('5e55', 2), 'completed', '2026-03-01T09:00:00.000Z'),
      bid(3, testId('5e55', 3), 'active', '2026-09-01T09:00:00.000Z'),
    ];
    expect(summarizeBiddingStats(entries)).toEqual({
      totalBids: 3,
      completedBids: 2,
      sessionsBidIn: 3,
      successRate: 67,
    });
    expect(summarizeBiddingStats([])).toEqual({ totalBids: 0, completedBids: 0, sessionsBidIn: 0, successRate: 0 });
  });
});

describe('findLatestCompletedSession', () => {
  it('answers the completed session bid in most recently, or null', () => {
    const entries = [
      bid(1, testId('5e55', 1), 'completed', '2025-03-01T09:00:00.000Z'),
      bid(2, testId('5e55', 2), 'completed', '2026-03-01T09:00:00.000Z'),
      bid(3, testId('5e55', 3), 'active', '2026-09-01T09:00:00.000Z'),
    ];
    expect(findLatestCompletedSession(entries)).toEqual({ id: testId('5e55', 2), name: 'Session 2' });
    expect(findLatestCompletedSession([bid(3, springSession.id, 'active', '2026-09-01T09:00:00.000Z')])).toBeNull();
  });
});
