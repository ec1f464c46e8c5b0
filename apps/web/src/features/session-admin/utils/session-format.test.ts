import { describe, expect, it } from 'vitest';
import { formatHistorySeat } from '../../../lib/session-format.ts';
import { buildHistoryEntry, buildParticipant } from '../../../test/build-bid-session.ts';
import {
  describeHistoryDetails,
  describeParticipantResult,
  describeTieBreakChain,
  getSessionProgress,
} from './session-format.ts';

describe('describeTieBreakChain', () => {
  it('reads the chain after the seniority score', () => {
    expect(describeTieBreakChain(['yearsOfService', 'random'])).toBe(
      'Seniority score, then years of service, then a seeded random draw',
    );
  });
});

describe('getSessionProgress', () => {
  it('is completed of total as a whole percentage', () => {
    expect(getSessionProgress({ completedBids: 1, participantCount: 3 })).toEqual({
      completed: 1,
      total: 3,
      percent: 33,
    });
    expect(getSessionProgress({ completedBids: 0, participantCount: 0 })).toEqual({
      completed: 0,
      total: 0,
      percent: 0,
    });
  });
});

describe('participant results and history', () => {
  const station = { id: 's', _id: 's', name: 'Downtown', number: 1 };

  it('names the outcome and the seat won, or the place in the queue', () => {
    const waiting = buildParticipant({ firstName: 'Elena', lastName: 'Ramirez' });
    expect(describeParticipantResult(waiting)).toBe('Waiting');
    expect(describeParticipantResult({ ...waiting, isCurrentTurn: true })).toBe('Bidding now');
    expect(
      describeParticipantResult({
        ...waiting,
        outcome: 'proxy_bid',
        assignedStation: station,
        assignedShift: 'B',
        assignedPosition: 'Captain',
      }),
    ).toBe('Phone-in bid: Station 1 (Downtown) · Shift B · Captain');
    expect(describeParticipantResult({ ...waiting, outcome: 'skipped' })).toBe('Skipped');
  });

  it('reads the seat and the details of a history entry', () => {
    const entry = buildHistoryEntry({
      action: 'bid_submitted',
      stationName: 'Harbor',
      stationNumber: 3,
      shift: 'C',
      position: 'Firefighter',
      detailsData: { proxy: true },
    });
    expect(formatHistorySeat(entry)).toBe('Station 3 (Harbor) · Shift C · Firefighter');
    expect(formatHistorySeat(buildHistoryEntry({ action: 'session_started' }))).toBeNull();
    expect(describeHistoryDetails(entry.detailsData)).toBe('Phone-in bid');
    expect(describeHistoryDetails({ randomSeed: 'abc123', remainingMs: 192_000 })).toBe(
      'Random draw seed: abc123; 3:12 left in the turn',
    );
    expect(describeHistoryDetails({ unknown: 1 })).toBeNull();
  });
});
