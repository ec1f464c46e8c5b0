import { describe, expect, it } from 'vitest';
import { isoToLocalDateTime, localDateTimeToIso } from './local-date-time.ts';

describe('localDateTimeToIso', () => {
  it('reads a wall-clock time in the zone it is given, whatever the zone of the process', () => {
    expect(localDateTimeToIso('2026-03-02T09:30', 'America/Chicago')).toBe('2026-03-02T15:30:00.000Z');
    expect(localDateTimeToIso('2026-03-02T09:30', 'Asia/Tokyo')).toBe('2026-03-02T00:30:00.000Z');
    expect(localDateTimeToIso('2026-07-02T09:30', 'America/Chicago')).toBe('2026-07-02T14:30:00.000Z');
  });

  it('uses the offset in force on the day clocks change, on either side of the change', () => {
    // Chicago springs forward at 2:00 AM on 8 March 2026 and falls back at 2:00 AM on 1 November.
    expect(localDateTimeToIso('2026-03-08T01:30', 'America/Chicago')).toBe('2026-03-08T07:30:00.000Z');
    expect(localDateTimeToIso('2026-03-08T09:30', 'America/Chicago')).toBe('2026-03-08T14:30:00.000Z');
    expect(localDateTimeToIso('2026-11-01T09:30', 'America/Chicago')).toBe('2026-11-01T15:30:00.000Z');
  });

  it('moves a time the change skips past it, and takes the first of a time it repeats', () => {
    expect(localDateTimeToIso('2026-03-08T02:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z'); // 3:30 AM CDT
    expect(localDateTimeToIso('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z'); // 1:30 AM CDT
    // East of Greenwich too: Berlin falls back at 3:00 AM on 25 October 2026.
    expect(localDateTimeToIso('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z'); // CEST
    expect(localDateTimeToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z'); // 3:30 CEST
  });

  it('refuses what is no time', () => {
    expect(localDateTimeToIso('2026-13-01T09:30', 'America/Chicago')).toBeUndefined();
    expect(localDateTimeToIso('2026-03-01 09:30', 'America/Chicago')).toBeUndefined();
  });
});

describe('isoToLocalDateTime', () => {
  it("shows an instant as the zone's wall clock, the way a datetime-local field takes it", () => {
    expect(isoToLocalDateTime('2026-03-02T15:30:00.000Z', 'America/Chicago')).toBe('2026-03-02T09:30');
    expect(isoToLocalDateTime('2026-03-02T15:30:00.000Z', 'Asia/Tokyo')).toBe('2026-03-03T00:30');
    expect(isoToLocalDateTime('2026-03-08T08:30:00.000Z', 'America/Chicago')).toBe('2026-03-08T03:30');
    expect(isoToLocalDateTime('not a time', 'America/Chicago')).toBe('');
  });

  it('gives back the wall time it was read from', () => {
    for (const wall of ['2026-03-08T01:59', '2026-03-08T03:00', '2026-11-01T00:59', '2026-11-01T02:00']) {
      const instant = localDateTimeToIso(wall, 'America/Chicago');
      expect(instant === undefined ? '' : isoToLocalDateTime(instant, 'America/Chicago')).toBe(wall);
    }
  });
});
