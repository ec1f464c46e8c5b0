import { describe, expect, it } from 'vitest';
import { buildHistoryEntry, buildParticipant } from '../test/build-bid-session.ts';
import {
  describeHistoryDetails,
  describeParticipantResult,
  describeTieBreakChain,
  formatCalendarDate,
  formatDateTime,
  formatHistorySeat,
  getSessionProgress,
} from './session-format.ts';

const US = { locale: 'en-US' };

describe('dates and times', () => {
  it('shows a calendar day as that day, in any time zone', () => {
    expect(formatCalendarDate('2026-03-01T00:00:00.000Z', US)).toBe('Mar 1, 2026');
    expect(formatCalendarDate('2026-03-01', US)).toBe('Mar 1, 2026');
    expect(formatCalendarDate(null, US)).toBe('Not set');
  });

  it("shows a moment in the viewer's zone with the zone's name", () => {
    expect(formatDateTime('2026-03-01T17:30:05.000Z', { locale: 'en-US', timeZone: 'America/Chicago' })).toBe(
      'Mar 1, 2026, 11:30:05 AM CST',
    );
    expect(formatDateTime('2026-03-01T17:30:05.000Z', { locale: 'en-US', timeZone: 'UTC' })).toBe(
      'Mar 1, 2026, 5:30:05 PM UTC',
    );
  });
});

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
      details: { proxy: true },
    });
    expect(formatHistorySeat(entry)).toBe('Station 3 (Harbor) · Shift C · Firefighter');
    expect(formatHistorySeat(buildHistoryEntry({ action: 'session_started' }))).toBeNull();
    expect(describeHistoryDetails(entry.details)).toBe('Phone-in bid');
    expect(describeHistoryDetails({ randomSeed: 'abc123', remainingMs: 192_000 })).toBe(
      'Random draw seed: abc123; 3:12 left in the turn',
    );
    expect(describeHistoryDetails({ unknown: 1 })).toBeNull();
  });
});
