import { describe, expect, it } from 'vitest';
import { buildHistoryEntry, buildParticipant } from '../../../test/build-bid-session.ts';
import {
  describeHistoryEntry,
  describeParticipantStatus,
  describeQueuePlace,
  formatMoment,
  isTurnWarning,
  sortHistoryNewestFirst,
} from './live-bidding-format.ts';

describe('describeQueuePlace', () => {
  it('says the 1-based place and how many are ahead, the one bidding now included', () => {
    expect(describeQueuePlace(3, 3)).toEqual({ place: '#4 in queue', ahead: '3 people ahead of you' });
    expect(describeQueuePlace(2, 2)).toEqual({ place: '#3 in queue', ahead: '2 people ahead of you' });
    // Only the one bidding now (or nobody, between turns) is ahead: the member is next.
    expect(describeQueuePlace(1, 1)).toEqual({ place: '#2 in queue', ahead: 'You are next!' });
    expect(describeQueuePlace(1, 0)).toEqual({ place: '#2 in queue', ahead: 'You are next!' });
  });
});

describe('describeParticipantStatus', () => {
  const downtown = { id: 's1', _id: 's1', name: 'Downtown', number: 1 };

  it('names each state in words', () => {
    const waiting = buildParticipant({ firstName: 'A', lastName: 'B' });
    expect(describeParticipantStatus(waiting, 'active').label).toBe('Waiting');
    expect(describeParticipantStatus({ ...waiting, isCurrentTurn: true }, 'active').label).toBe('Bidding now');
    expect(describeParticipantStatus({ ...waiting, isCurrentTurn: true }, 'paused').label).toBe('Bidding now');
    expect(describeParticipantStatus({ ...waiting, movedToBack: true }, 'active').label).toBe('Moved to back');
    expect(describeParticipantStatus({ ...waiting, outcome: 'skipped' }, 'active').label).toBe('Skipped');
    expect(describeParticipantStatus({ ...waiting, outcome: 'not_assigned' }, 'active').label).toBe('Not Assigned');
    expect(
      describeParticipantStatus(
        {
          ...waiting,
          outcome: 'bid',
          hasBid: true,
          assignedStation: downtown,
          assignedShift: 'A',
          assignedPosition: 'Firefighter',
        },
        'active',
      ).label,
    ).toBe('Assigned: Station 1 · Downtown, Shift A, Firefighter');
  });

  it('counts those still waiting when a session ended early as Not Assigned', () => {
    const waiting = buildParticipant({ firstName: 'A', lastName: 'B' });
    expect(describeParticipantStatus(waiting, 'completed').label).toBe('Not Assigned');
  });
});

describe('history', () => {
  it('puts each action into words', () => {
    const seat = { stationName: 'Downtown', stationNumber: 1, shift: 'A', position: 'Captain' } as const;
    expect(describeHistoryEntry(buildHistoryEntry({ action: 'session_started' }))).toBe(
      'Morgan Hale started the session',
    );
    expect(
      describeHistoryEntry(
        buildHistoryEntry({ action: 'bid_submitted', userName: 'Elena Ramirez', actorName: 'Elena Ramirez', ...seat }),
      ),
    ).toBe('Elena Ramirez bid on Station 1 · Downtown, Shift A, Captain');
    expect(
      describeHistoryEntry(buildHistoryEntry({ action: 'bid_submitted', userName: 'Elena Ramirez', ...seat })),
    ).toBe('Morgan Hale bid for Elena Ramirez on Station 1 · Downtown, Shift A, Captain');
    expect(describeHistoryEntry(buildHistoryEntry({ action: 'turn_skipped', userName: 'Caleb Murphy' }))).toBe(
      'Caleb Murphy skipped their turn',
    );
    expect(
      describeHistoryEntry(
        buildHistoryEntry({ action: 'moved_to_back', userName: 'Caleb Murphy', actorName: 'system' }),
      ),
    ).toBe('Caleb Murphy was moved to the back of the queue');
    expect(
      describeHistoryEntry(
        buildHistoryEntry({ action: 'auto_assigned', userName: 'Caleb Murphy', actorName: 'system' }),
      ),
    ).toBe('Caleb Murphy could not be assigned a seat');
  });

  it("names the seat a vacancy bid's move opened", () => {
    // The engine's seat reference, as the history's detailsData carries it.
    const opened = {
      seatId: 's2-b-ff',
      stationId: 's2',
      stationNumber: 2,
      stationName: 'Northside',
      shift: 'B',
      seatPosition: 'Firefighter',
    };
    const seat = { stationName: 'Airport', stationNumber: 7, shift: 'B', position: 'Firefighter' } as const;
    expect(
      describeHistoryEntry(
        buildHistoryEntry({
          action: 'bid_submitted',
          userName: 'Avery Hale',
          actorName: 'Avery Hale',
          detailsData: { opened },
          ...seat,
        }),
      ),
    ).toBe('Avery Hale bid on Station 7 · Airport, Shift B, Firefighter, opening Station 2 · Shift B · Firefighter');
    expect(
      describeHistoryEntry(
        buildHistoryEntry({
          action: 'auto_assigned',
          userName: 'Blair Quinn',
          actorName: 'system',
          detailsData: { source: 'auto_bid', opened },
          ...seat,
        }),
      ),
    ).toBe(
      'Blair Quinn was auto-assigned Station 7 · Airport, Shift B, Firefighter, opening Station 2 · Shift B · Firefighter',
    );
    // A pass opens nothing, and a move without `opened` (a member who held no seat) says nothing more.
    expect(
      describeHistoryEntry(
        buildHistoryEntry({ action: 'turn_skipped', userName: 'Casey Ortiz', detailsData: { opened } }),
      ),
    ).toBe('Casey Ortiz skipped their turn');
    expect(
      describeHistoryEntry(
        buildHistoryEntry({ action: 'bid_submitted', userName: 'Avery Hale', actorName: 'Avery Hale', ...seat }),
      ),
    ).toBe('Avery Hale bid on Station 7 · Airport, Shift B, Firefighter');
  });

  it('lists the newest first and shows times in the given zone with its name', () => {
    const older = buildHistoryEntry({ action: 'session_started', id: 'a', timestamp: '2026-03-01T09:00:00.000Z' });
    const newer = buildHistoryEntry({ action: 'turn_skipped', id: 'b', timestamp: '2026-03-01T09:05:00.000Z' });
    expect(sortHistoryNewestFirst([older, newer]).map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(formatMoment('2026-03-01T09:05:07.000Z', { locale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'Mar 1, 4:05:07 AM EST',
    );
  });
});

describe('the turn warning', () => {
  it('warns at 30 seconds or less, not at 0', () => {
    expect(isTurnWarning(31_000)).toBe(false);
    expect(isTurnWarning(30_000)).toBe(true);
    expect(isTurnWarning(0)).toBe(false);
  });
});

describe('describeHistoryEntry of rounds and standing bids', () => {
  it('names the round that began and the standing bid that took a seat', () => {
    expect(
      describeHistoryEntry(
        buildHistoryEntry({ action: 'round_started', detailsData: { round: 1, name: "Officers' round" } }),
      ),
    ).toBe("Officers' round began");
    expect(
      describeHistoryEntry(
        buildHistoryEntry({
          action: 'bid_submitted',
          actorName: 'system',
          userName: 'Fay Later',
          stationName: 'Harbor',
          stationNumber: 4,
          shift: 'B',
          position: 'Firefighter',
          detailsData: { source: 'standing_bid', choice: 1 },
        }),
      ),
    ).toBe("Fay Later's standing bid took Station 4 · Harbor, Shift B, Firefighter");
  });
});
