/**
 * The ETags remembered for polls answered before their route (decision 016): one holds only for
 * its member and URL, while the session's counters known in memory are those it was made at, and
 * until the answer it names is made again.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { MAX_AGE_MS, type RememberedAnswer, RevalidationMemo } from './revalidation-memo.ts';
import type { SessionVersions } from './session-versions.ts';

/** Counters as SessionVersionTracker.peek gives them: undefined while not known. */
class KnownCounters {
  readonly known = new Map<string, SessionVersions>();
  peek(sessionId: string) {
    return this.known.get(sessionId);
  }
  set(sessionId: string, version: number, outsideVersion = 0) {
    this.known.set(sessionId, { version, outsideVersion, status: 'active' });
  }
}

const BOARD: RememberedAnswer = {
  etag: '"board-3.0"',
  sessionId: 's1',
  versionsKey: '3.0',
  variesWithEncoding: true,
};

function setUp(maxEntries?: number) {
  const clock = new ManualClock();
  const counters = new KnownCounters();
  counters.set('s1', 3);
  return { clock, counters, memo: new RevalidationMemo(clock, counters, maxEntries) };
}

describe('RevalidationMemo', () => {
  it('gives what the route answered this member at this URL while the counters have not moved', () => {
    const { memo } = setUp();
    memo.remember('m1', '/api/bid-sessions/s1/board', BOARD);
    expect(memo.current('m1', '/api/bid-sessions/s1/board')).toMatchObject({ etag: '"board-3.0"' });
    expect(memo.current('m2', '/api/bid-sessions/s1/board')).toBeUndefined();
    expect(memo.current('m1', '/api/bid-sessions/s1/board?view=x')).toBeUndefined();
  });

  it('holds nothing once the counters moved, and waits while they are not known', () => {
    const { memo, counters } = setUp();
    memo.remember('m1', '/board', BOARD);
    counters.known.delete('s1');
    expect(memo.current('m1', '/board')).toBeUndefined();
    // Read again and unchanged (an unrelated write forgot them): the answer holds again.
    counters.set('s1', 3);
    expect(memo.current('m1', '/board')).toBeDefined();
    counters.set('s1', 4);
    expect(memo.current('m1', '/board')).toBeUndefined();
    counters.set('s1', 3, 1);
    expect(memo.current('m1', '/board')).toBeUndefined();
  });

  it('holds nothing after the answer it names is made again, nor after the safety net', () => {
    const { memo, clock } = setUp();
    const now = clock.now().getTime();
    memo.remember('m1', '/ages', { ...BOARD, expiresAt: now + 2_000 });
    memo.remember('m1', '/steady', BOARD);
    clock.advance(1_999);
    expect(memo.current('m1', '/ages')).toBeDefined();
    clock.advance(1);
    expect(memo.current('m1', '/ages')).toBeUndefined();
    expect(memo.current('m1', '/steady')).toBeDefined();
    clock.advance(MAX_AGE_MS - 2_000);
    expect(memo.current('m1', '/steady')).toBeUndefined();
  });

  it('forgets everything at an access change, and the oldest entries beyond its size', () => {
    const { memo } = setUp(2);
    memo.remember('m1', '/a', BOARD);
    memo.remember('m1', '/b', BOARD);
    memo.remember('m1', '/c', BOARD);
    expect(memo.current('m1', '/a')).toBeUndefined();
    expect(memo.current('m1', '/b')).toBeDefined();
    expect(memo.current('m1', '/c')).toBeDefined();
    memo.forgetAll();
    expect(memo.current('m1', '/c')).toBeUndefined();
  });
});
