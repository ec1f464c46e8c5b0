import { describe, expect, it, vi } from 'vitest';
import { buildHistoryEntry, buildParticipant } from '../test/build-bid-session.ts';
import {
  formatCalendarDate,
  formatDateTime,
  formatDay,
  formatHistorySeat,
  formatMinutes,
  formatSeat,
  formatSessionDates,
  formatTimeOfDay,
  getParticipantName,
} from './session-format.ts';

const US = { locale: 'en-US' };

describe('dates and times', () => {
  it('shows a calendar day as that day, in any time zone', () => {
    expect(formatCalendarDate('2026-03-01T00:00:00.000Z', US)).toBe('Mar 1, 2026');
    expect(formatCalendarDate('2026-03-01', US)).toBe('Mar 1, 2026');
    expect(formatCalendarDate(null, US)).toBe('Not set');
  });

  it('keeps a calendar day whatever zone the viewer is in', () => {
    vi.stubEnv('TZ', 'Pacific/Honolulu');
    try {
      expect(formatCalendarDate('2026-03-01', US)).toBe('Mar 1, 2026');
      expect(formatSessionDates({ startDate: '2026-03-01', endDate: '2026-03-31' }, US)).toBe(
        'Mar 1, 2026 – Mar 31, 2026',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("shows a moment in the zone it is given with the zone's name", () => {
    expect(formatDateTime('2026-03-01T17:30:05.000Z', { locale: 'en-US', timeZone: 'America/Chicago' })).toBe(
      'Mar 1, 2026, 11:30:05 AM CST',
    );
    expect(formatDateTime('2026-03-01T17:30:05.000Z', { locale: 'en-US', timeZone: 'UTC' })).toBe(
      'Mar 1, 2026, 5:30:05 PM UTC',
    );
  });

  it("names the department's zone, not the viewer's, on either side of a daylight-saving change", () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    try {
      const chicago = { locale: 'en-US', timeZone: 'America/Chicago', withSeconds: false };
      expect(formatDateTime('2026-03-08T07:30:00.000Z', chicago)).toBe('Mar 8, 2026, 1:30 AM CST');
      expect(formatDateTime('2026-03-08T14:30:00.000Z', chicago)).toBe('Mar 8, 2026, 9:30 AM CDT');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('gives the day and the time of day a moment has in the zone', () => {
    const tokyo = { locale: 'en-US', timeZone: 'Asia/Tokyo' };
    const chicago = { locale: 'en-US', timeZone: 'America/Chicago' };
    expect(formatDay('2026-03-01T17:30:00.000Z', chicago)).toBe('Mar 1, 2026');
    expect(formatDay('2026-03-01T17:30:00.000Z', tokyo)).toBe('Mar 2, 2026');
    expect(formatTimeOfDay('2026-03-01T17:30:00.000Z', chicago)).toBe('11:30 AM');
    expect(formatTimeOfDay('2026-03-01T17:30:00.000Z', tokyo)).toBe('2:30 AM');
  });
});

describe('shared session words', () => {
  it('leaves the seconds out when asked, as the results do', () => {
    expect(
      formatDateTime('2026-03-01T17:30:05.000Z', { locale: 'en-US', timeZone: 'America/Chicago', withSeconds: false }),
    ).toBe('Mar 1, 2026, 11:30 AM CST');
    expect(formatDateTime(null, { timeZone: 'America/Chicago' })).toBe('Not set');
  });

  it('shows the session period as calendar days', () => {
    expect(formatSessionDates({ startDate: '2026-03-01', endDate: '2026-03-31T00:00:00.000Z' }, US)).toBe(
      'Mar 1, 2026 – Mar 31, 2026',
    );
  });

  it('names the participant, the seat and the minutes', () => {
    expect(getParticipantName(buildParticipant({ firstName: 'Elena', lastName: 'Ramirez' }))).toBe('Elena Ramirez');
    expect(formatSeat({ name: 'Downtown', number: 1 }, 'A', 'Captain')).toBe(
      'Station 1 (Downtown) · Shift A · Captain',
    );
    expect(formatSeat(null, 'A', 'Captain')).toBeNull();
    expect(formatHistorySeat(buildHistoryEntry({ action: 'bid_submitted', stationName: 'Harbor' }))).toBe('Harbor');
    expect(formatMinutes(1)).toBe('1 minute');
    expect(formatMinutes(5)).toBe('5 minutes');
  });
});
