import type { SessionChangedEvent } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { toHistoryEntry } from './session-follow.ts';

const station = (number: number) => ({ id: `station-${number}`, name: `Station ${number}`, number });

/** A vacancy bid's move as the live stream sends it: Avery Hale, by phone, to Station 7, leaving Station 2. */
const move: SessionChangedEvent = {
  type: 'session.changed',
  sessionId: 'session-1',
  action: 'bid_submitted',
  at: '2026-11-02T15:00:00.000Z',
  participantId: 'participant-1',
  actorName: 'Morgan Hale',
  version: 4,
  pick: {
    participantId: 'participant-1',
    memberId: 'member-1',
    name: 'Avery Hale',
    rank: 'Firefighter',
    bidPriority: 1,
    station: station(7),
    shift: 'B',
    position: 'Firefighter',
    kind: 'proxy',
    placedBy: 'Morgan Hale',
    at: '2026-11-02T15:00:00.000Z',
    opened: { station: station(2), shift: 'B', position: 'Firefighter' },
  },
};

describe('toHistoryEntry', () => {
  it("keeps the seat a vacancy bid's move opened, as the server's history names it", () => {
    const entry = toHistoryEntry(move, 'Avery Hale');
    expect(entry?.detailsData).toEqual({
      proxy: true,
      opened: {
        stationId: 'station-2',
        stationNumber: 2,
        stationName: 'Station 2',
        shift: 'B',
        seatPosition: 'Firefighter',
      },
    });
    expect(entry?.details).toBe(
      'Phone-in bid by Morgan Hale for Avery Hale: Station 7, shift B, Firefighter; opened Station 2, shift B, Firefighter',
    );
  });

  it('adds nothing to a standard award', () => {
    const { opened: _opened, ...pick } = move.pick ?? ({} as never);
    expect(
      toHistoryEntry({ ...move, pick: { ...pick, kind: 'own', placedBy: null } }, 'Avery Hale')?.detailsData,
    ).toEqual({});
  });
});
