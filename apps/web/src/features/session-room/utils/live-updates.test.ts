import { describe, expect, it } from 'vitest';
import { addLiveUpdate, describeLiveUpdate, LIVE_UPDATES_KEPT, type LiveUpdate } from './live-updates.ts';

function update(key: number, overrides: Partial<LiveUpdate> = {}): LiveUpdate {
  return {
    key,
    type: 'session.changed',
    sessionId: 'session-1',
    action: 'bid_submitted',
    at: '2026-03-01T09:00:00.000Z',
    participantName: null,
    ...overrides,
  };
}

describe('addLiveUpdate', () => {
  it('puts the newest first', () => {
    const list = addLiveUpdate(addLiveUpdate([], update(1)), update(2));
    expect(list.map((entry) => entry.key)).toEqual([2, 1]);
  });

  it(`keeps the latest ${LIVE_UPDATES_KEPT}`, () => {
    let list: LiveUpdate[] = [];
    for (let key = 1; key <= LIVE_UPDATES_KEPT + 5; key += 1) list = addLiveUpdate(list, update(key));
    expect(list).toHaveLength(LIVE_UPDATES_KEPT);
    expect(list[0]?.key).toBe(LIVE_UPDATES_KEPT + 5);
    expect(list.at(-1)?.key).toBe(6);
    expect(addLiveUpdate([update(1), update(2)], update(3), 2).map((entry) => entry.key)).toEqual([3, 1]);
  });
});

describe('describeLiveUpdate', () => {
  it('names the action, the participant and the seat', () => {
    expect(
      describeLiveUpdate(
        update(1, {
          participantId: 'participant-1',
          participantName: 'Elena Ramirez',
          seat: {
            seatId: 'seat-1',
            stationId: 'station-3',
            stationNumber: 3,
            stationName: 'Harbor',
            shift: 'C',
            seatPosition: 'Engineer',
          },
        }),
      ),
    ).toEqual({ title: 'Bid submitted: Elena Ramirez', seat: 'Station 3 (Harbor) · Shift C · Engineer' });
  });

  it('leaves out whom and where when the event names neither, or names someone unknown', () => {
    expect(describeLiveUpdate(update(1, { action: 'session_paused' }))).toEqual({
      title: 'Session paused',
      seat: null,
    });
    expect(describeLiveUpdate(update(1, { action: 'turn_skipped', participantId: 'someone-else' }))).toEqual({
      title: 'Turn skipped',
      seat: null,
    });
  });

  it('shows an action this build does not know as sent', () => {
    expect(describeLiveUpdate(update(1, { action: 'session_archived' })).title).toBe('session_archived');
  });
});

describe('describeLiveUpdate of a round', () => {
  it('says which round began, not whose turn begins it', () => {
    const head = {
      status: 'active' as const,
      currentParticipant: 15,
      currentBidEnd: null,
      pausedRemainingSeconds: null,
      actualStart: null,
      actualEnd: null,
      turn: null,
      currentRound: 2,
      upcoming: [],
      counts: {
        total: 54,
        done: 14,
        waiting: 40,
        awarded: 14,
        movedToBack: 0,
        byOutcome: { bid: 14, proxy_bid: 0, auto_assigned: 0, skipped: 0, not_assigned: 0 },
      },
    };
    expect(
      describeLiveUpdate(update(1, { action: 'round_started', participantName: 'Fay Later', board: head })),
    ).toEqual({ title: 'Round 3 began', seat: null });
    expect(describeLiveUpdate(update(2, { action: 'round_started' })).title).toBe('A new round began');
  });
});
