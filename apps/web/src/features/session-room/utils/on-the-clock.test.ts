import type { BoardPick } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildOfferedStation, buildParticipant } from '../../../test/build-bid-session.ts';
import {
  describeDeadline,
  describeDuration,
  describePick,
  describeTurnsAway,
  estimateTurnPaceMs,
  estimateWaitMs,
  findMyAward,
} from './on-the-clock.ts';
import { listFreeRankedSeats } from './ranked-seats.ts';

const START = Date.parse('2026-03-01T09:00:00.000Z');
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

function pick(name: string, minutes: number, fields: Partial<BoardPick> = {}): BoardPick {
  return {
    participantId: `p-${name}`,
    memberId: null,
    name,
    rank: 'Captain',
    bidPriority: 1,
    station: { id: 'station-2', name: 'Northside', number: 2 },
    shift: 'A',
    position: 'Captain',
    kind: 'own',
    placedBy: null,
    at: at(minutes),
    ...fields,
  };
}

describe('estimateTurnPaceMs', () => {
  it('is the median gap between the latest picks, the first counted from the start', () => {
    // Turns of 2, 3 and 10 minutes (newest first): the slow one does not drag the pace.
    const recentPicks = [pick('C', 15), pick('B', 5), pick('A', 2)];
    expect(estimateTurnPaceMs({ recentPicks, actualStart: at(0), bidWindowDuration: 5 })).toBe(3 * 60_000);
  });

  it('falls back to the bid window before any turn has been measured', () => {
    expect(estimateTurnPaceMs({ recentPicks: [], actualStart: at(0), bidWindowDuration: 5 })).toBe(5 * 60_000);
  });
});

describe("the wait until the member's turn", () => {
  it("counts the holder's likely rest and a pace for everyone else ahead", () => {
    expect(estimateWaitMs(3, 4 * 60_000, 60_000)).toBe(60_000 + 2 * 4 * 60_000);
    expect(estimateWaitMs(3, 4 * 60_000, null)).toBe(12 * 60_000);
    expect(estimateWaitMs(0, 4 * 60_000, 60_000)).toBe(0);
  });

  it('reads as "N turns away, about M minutes", or "You\'re next"', () => {
    expect(describeTurnsAway(3, 12 * 60_000)).toBe('3 turns away, about 12 minutes');
    expect(describeTurnsAway(1, 60_000)).toBe("You're next, about 1 minute");
    expect(describeDuration(20_000)).toBe('less than a minute');
    expect(describeDuration(125 * 60_000)).toBe('about 2 hours 5 minutes');
  });
});

describe('describePick', () => {
  it('names the member by rank and last name, and the seat', () => {
    expect(describePick(pick('Morgan Hale', 1))).toBe('Captain Hale took Station 2, A shift, Captain');
    expect(describePick(pick('Ava Schmidt', 1, { rank: 'Engineer', kind: 'auto', position: 'Engineer' }))).toBe(
      'Engineer Schmidt took Station 2, A shift, Engineer (assigned automatically)',
    );
  });
});

describe('findMyAward', () => {
  const me = buildParticipant({ firstName: 'Ava', lastName: 'Schmidt', id: 'p-Ava Schmidt' });

  it("takes the seat from the board's pick as soon as it arrives", () => {
    expect(findMyAward({ recentPicks: [pick('Ava Schmidt', 3, { shift: 'B' })] }, me)).toBe(
      'Station 2, B shift, Captain',
    );
    expect(findMyAward({ recentPicks: [pick('Noah Kim', 3)] }, me)).toBeNull();
    expect(findMyAward({ recentPicks: [] }, null)).toBeNull();
  });
});

describe('listFreeRankedSeats', () => {
  const station4 = buildOfferedStation(4, 'Harbor', {
    B: { Engineer: [1, 2], Captain: [1, 1] },
    C: { Engineer: [0, 1] },
  });
  const choices = [
    { stationId: station4.id, shift: 'C' as const, seatPosition: 'Engineer' as const },
    { stationId: station4.id, shift: 'B' as const, seatPosition: 'Engineer' as const },
    { stationId: station4.id, shift: 'B' as const, seatPosition: 'Captain' as const },
    { stationId: 'not-offered', shift: 'A' as const, seatPosition: 'Engineer' as const },
  ];

  it('keeps the free seats the member may take, in their order, with their place in the list', () => {
    const free = listFreeRankedSeats(choices, [station4], 'Engineer');
    expect(free.map((seat) => [seat.rank, seat.shift, seat.position, seat.free])).toEqual([[2, 'B', 'Engineer', 1]]);
    expect(listFreeRankedSeats(choices, [station4], null).map((seat) => seat.rank)).toEqual([2, 3]);
  });
});

describe('describeDeadline', () => {
  it('names the time and the zone', () => {
    expect(describeDeadline('2026-03-01T17:30:05.000Z', 'America/Chicago', 'en-US')).toBe(
      'Turn ends at 11:30:05 AM CST (America/Chicago)',
    );
  });
});

describe('describePick of a standing bid', () => {
  it("says the member's standing bid took the seat", () => {
    expect(
      describePick({
        participantId: 'p1',
        memberId: 'm1',
        name: 'Morgan Hale',
        rank: 'Captain',
        bidPriority: 1,
        station: { id: 's2', name: 'Harbor', number: 2 },
        shift: 'A',
        position: 'Captain',
        kind: 'own',
        placedBy: null,
        at: '2026-03-01T17:30:05.000Z',
        standingBid: true,
      }),
    ).toBe("Captain Hale's standing bid took Station 2, A shift, Captain");
  });
});
