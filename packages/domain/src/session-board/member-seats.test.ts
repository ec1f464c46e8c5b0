import { describe, expect, it } from 'vitest';
import type { SessionBoard } from '../schemas/session-board.ts';
import {
  countTurnsBeforeRound,
  describeSeatRules,
  listClosedSeatGroups,
  qualifiedStations,
  whyNotQualified,
} from './member-seats.ts';

type Rules = Pick<SessionBoard, 'eligibilityMode' | 'effectiveDate' | 'certificationNames' | 'stations'>;

/** Station 7's B shift: one plain Firefighter seat free and two Paramedic seats that must be filled, one free. */
const BOARD: Rules = {
  eligibilityMode: 'rank',
  effectiveDate: '2026-04-01',
  certificationNames: { PM: 'Paramedic', DO: 'Driver/Operator' },
  stations: [
    {
      id: 'st-7',
      _id: 'st-7',
      name: 'Hillside',
      number: 7,
      address: '7 Hill Rd',
      availablePositions: {
        A: [{ position: 'Captain', count: 1, total: 1 }],
        B: [
          {
            position: 'Firefighter',
            count: 2,
            total: 3,
            groups: [
              { requires: [], mustFill: false, count: 1, total: 1 },
              { requires: ['PM'], mustFill: true, count: 1, total: 2 },
            ],
          },
        ],
        C: [],
      },
      available: 3,
      totalCapacity: 4,
    },
  ],
};

const firefighterPositions = (stations: ReturnType<typeof qualifiedStations>) =>
  stations[0]?.availablePositions.B.find((entry) => entry.position === 'Firefighter');

describe('qualifiedStations', () => {
  it("counts only the seats of groups whose certifications the member holds on the session's day", () => {
    const withoutCard = qualifiedStations(BOARD, { rank: 'Firefighter', certifications: [] }, '2026-04-01');
    expect(firefighterPositions(withoutCard)).toMatchObject({ count: 1, total: 1 });
    expect(withoutCard[0]).toMatchObject({ available: 2, totalCapacity: 2 });

    const paramedic = [{ code: 'PM', expiresOn: '2026-04-01' }];
    const withCard = qualifiedStations(BOARD, { rank: 'Firefighter', certifications: paramedic }, '2026-04-01');
    expect(firefighterPositions(withCard)).toMatchObject({ count: 2, total: 3 });
  });

  it('treats a card that expired before the day as not held', () => {
    const expired = [{ code: 'PM', expiresOn: '2026-03-31' }];
    const stations = qualifiedStations(BOARD, { rank: 'Firefighter', certifications: expired }, '2026-04-01');
    expect(firefighterPositions(stations)).toMatchObject({ count: 1, total: 1 });
  });

  it('returns a station without rules unchanged', () => {
    const plain = {
      ...BOARD,
      stations: [
        { ...(BOARD.stations[0] as SessionBoard['stations'][number]), availablePositions: { A: [], B: [], C: [] } },
      ],
    };
    const stations = qualifiedStations(plain, { rank: 'Firefighter' }, '2026-04-01');
    expect(stations[0]).toBe(plain.stations[0]);
  });
});

describe('listClosedSeatGroups', () => {
  it('names the free seats the member may not take, with the reason in words, leaving out other ranks', () => {
    const closed = listClosedSeatGroups(
      BOARD,
      { rank: 'Firefighter', certifications: [{ code: 'PM', expiresOn: '2026-03-31' }] },
      '2026-04-01',
    );
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ shift: 'B', position: 'Firefighter', requires: ['PM'], mustFill: true, free: 1 });
    expect(closed[0]?.reason).toBe(
      "Station 7's B-shift Firefighter/PM seat needs Paramedic; your Paramedic card expired on 2026-03-31.",
    );
    expect(
      listClosedSeatGroups(
        BOARD,
        { rank: 'Firefighter', certifications: [{ code: 'PM', expiresOn: null }] },
        '2026-04-01',
      ),
    ).toEqual([]);
  });
});

describe('describeSeatRules and whyNotQualified', () => {
  it('says what a group requires in the names of its certifications', () => {
    expect(describeSeatRules(BOARD, { requires: ['PM'], mustFill: true })).toBe('Paramedic seat, must be filled');
    expect(describeSeatRules(BOARD, { requires: ['DO', 'PM'], mustFill: false })).toBe(
      'Driver/Operator and Paramedic seat',
    );
    expect(describeSeatRules(BOARD, { requires: [], mustFill: true })).toBe('Must be filled');
    expect(describeSeatRules({}, { requires: ['HM'], mustFill: false })).toBe('HM seat');
  });

  it('names a rank that may not take the position', () => {
    expect(
      whyNotQualified(
        BOARD,
        { rank: 'Captain' },
        { stationNumber: 7, shift: 'B', position: 'Firefighter', requires: [] },
        '2026-04-01',
      ),
    ).toBe('Firefighter seats are not open to your rank (Captain).');
  });
});

describe('countTurnsBeforeRound', () => {
  const rounds = [
    {
      name: "Officers' round",
      ranks: ['Captain' as const],
      bidWindowDuration: 5,
      firstQueuePosition: 0,
      participants: 14,
    },
    {
      name: "Firefighters' round",
      ranks: ['Firefighter' as const],
      bidWindowDuration: 3,
      firstQueuePosition: 14,
      participants: 40,
    },
  ];

  it('counts the turns from the one under way to the first of the round', () => {
    expect(countTurnsBeforeRound({ status: 'active', currentParticipant: 3, rounds }, 1)).toBe(12);
    expect(countTurnsBeforeRound({ status: 'paused', currentParticipant: 14, rounds }, 1)).toBe(1);
    expect(countTurnsBeforeRound({ status: 'scheduled', currentParticipant: 0, rounds }, 1)).toBe(14);
  });

  it('is 0 once the round has begun, for the first round, without rounds and after the end', () => {
    expect(countTurnsBeforeRound({ status: 'active', currentParticipant: 15, rounds }, 1)).toBe(0);
    expect(countTurnsBeforeRound({ status: 'active', currentParticipant: 3, rounds }, 0)).toBe(0);
    expect(countTurnsBeforeRound({ status: 'active', currentParticipant: 3, rounds: [] }, 1)).toBe(0);
    expect(countTurnsBeforeRound({ status: 'completed', currentParticipant: 55, rounds }, 1)).toBe(0);
  });
});
