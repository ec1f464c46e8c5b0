import type { BoardPick } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildOfferedStation, buildParticipant } from '../../../test/build-bid-session.ts';
import { describePick, describeTurnEnd, describeTurnsAway, findMyAward } from './on-the-clock.ts';
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

describe("the wait until the member's turn", () => {
  it('reads as "N turns away" or "You\'re next", with the wait as a range', () => {
    const range = { isYourTurn: false, isNext: false, lowerMs: 6 * 60_000, upperMs: 40 * 60_000 };
    expect(describeTurnsAway(range, 3)).toBe('3 turns away, 6 to 40 minutes');
    expect(describeTurnsAway({ ...range, isNext: true, lowerMs: 60_000, upperMs: 5 * 60_000 }, 1)).toBe(
      "You're next, 1 to 5 minutes",
    );
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

describe('describeTurnEnd', () => {
  it("names the time the turn ends in the department's zone, whatever the phone's", () => {
    expect(describeTurnEnd('2026-03-01T09:14:05.000Z', 'America/Chicago')).toBe('ends 3:14 AM CST');
    expect(describeTurnEnd('2026-07-01T09:14:05.000Z', 'America/New_York')).toBe('ends 5:14 AM EDT');
    expect(describeTurnEnd('not a time', 'UTC')).toBeNull();
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
