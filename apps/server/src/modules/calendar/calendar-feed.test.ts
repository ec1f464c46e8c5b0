/**
 * The calendar feed's pure parts, read back by an independent iCalendar parser (ical.js): each
 * event's UID (unique per install and member, the same at every build), and the empty calendar's
 * one component, the department's time zone, whose offsets must be the zone's real ones.
 */
import { randomUUID } from 'node:crypto';
import { isoToLocalDateTime, localDateTimeToIso } from '@stationbid/domain';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { MemberShift } from './calendar.repository.ts';
import { buildCalendarFeed, type CalendarFeedInput } from './calendar-feed.ts';
import { timeZoneComponentLines } from './calendar-timezone.ts';
import { calendarEventUid } from './calendar-uid.ts';

/** A UUID of version 8 and the RFC variant, lower-case hex (RFC 9562). */
const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const SHIFT_B: MemberShift = {
  shift: 'B',
  year: 2027,
  station: { number: 4, name: 'Lakeside', address: '4 Shore Rd' },
  seatPosition: 'Firefighter',
};

function feedInput(overrides: Partial<CalendarFeedInput> = {}): CalendarFeedInput {
  return {
    installId: 'a'.repeat(64),
    memberId: randomUUID(),
    memberName: 'Robin Shaw',
    rotation: { pattern: 'ABC', anchorDate: '2026-01-01', shiftStartTime: '07:00' },
    memberShift: SHIFT_B,
    year: 2027,
    timeZone: 'America/Chicago',
    ...overrides,
  };
}

/** Each event's UID by its start (UTC), as ical.js reads the feed. */
function uidsByStart(text: string): Map<string, string> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return [event.startDate.toJSDate().toISOString(), event.uid] as const;
    }),
  );
}

describe('calendarEventUid', () => {
  const key = { installId: 'b'.repeat(64), memberId: randomUUID(), day: '2027-01-02', shift: 'B' as const };

  it('is a name-based UUID that is the same for the same install, member, day and shift', () => {
    const uid = calendarEventUid(key);
    expect(uid).toMatch(UUID_V8);
    expect(calendarEventUid({ ...key })).toBe(uid);
    // Nothing of the member shows through it.
    expect(uid).not.toContain(key.memberId);
    expect(uid).not.toContain(key.memberId.slice(0, 8));
  });

  it('differs for another install, another member, another day or another shift', () => {
    const uids = [
      calendarEventUid(key),
      calendarEventUid({ ...key, installId: 'c'.repeat(64) }),
      calendarEventUid({ ...key, memberId: randomUUID() }),
      calendarEventUid({ ...key, day: '2027-01-05' }),
      calendarEventUid({ ...key, shift: 'C' }),
    ];
    expect(new Set(uids).size).toBe(uids.length);
  });
});

describe('buildCalendarFeed', () => {
  it('gives every event its own UID, the same at every build, and none that another install gives', () => {
    const input = feedInput();
    const first = uidsByStart(buildCalendarFeed(input));
    expect(first.size).toBeGreaterThan(100);
    expect(new Set(first.values()).size).toBe(first.size);
    for (const uid of first.values()) expect(uid).toMatch(UUID_V8);
    expect(uidsByStart(buildCalendarFeed(input))).toEqual(first);

    const elsewhere = uidsByStart(buildCalendarFeed({ ...input, installId: 'd'.repeat(64) }));
    // The same days at the same times, under other UIDs.
    expect([...elsewhere.keys()]).toEqual([...first.keys()]);
    const firstUids = new Set(first.values());
    expect([...elsewhere.values()].filter((uid) => firstUids.has(uid))).toEqual([]);
  });

  it("is, without a rotation, a calendar whose one component is the department's time zone", () => {
    const text = buildCalendarFeed(feedInput({ rotation: null }));
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
    const components = calendar.getAllSubcomponents();
    expect(components.map((component) => component.name)).toEqual(['vtimezone']);
    expect(components[0]?.getFirstPropertyValue('tzid')).toBe('America/Chicago');
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toBe('StationBid shifts: Robin Shaw');
    // Every line ends in CRLF, as RFC 5545 writes them.
    expect(text.endsWith('END:VTIMEZONE\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('is the same empty calendar for a member with no shift', () => {
    const input = feedInput({ memberShift: null });
    expect(buildCalendarFeed(input)).toBe(buildCalendarFeed({ ...input, rotation: null }));
  });
});

describe("the empty calendar's time zone", () => {
  /** The zone as ical.js reads the component, over every day of the year at noon local time. */
  function offsetsByIcal(timeZone: string, year: number): number[] {
    const component = new ICAL.Component(ICAL.parse(timeZoneComponentLines(timeZone, year).join('\r\n')));
    const zone = new ICAL.Timezone({ component, tzid: timeZone });
    const offsets: number[] = [];
    for (
      let day = new Date(Date.UTC(year, 0, 1));
      day.getUTCFullYear() === year;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const time = ICAL.Time.fromData(
        { year, month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 12, minute: 0, second: 0, isDate: false },
        zone,
      );
      offsets.push(zone.utcOffset(time));
    }
    return offsets;
  }

  /** The runtime's own offsets (seconds ahead of UTC) at noon local time, each day of the year. */
  function offsetsByIntl(timeZone: string, year: number): number[] {
    const offsets: number[] = [];
    for (
      let day = new Date(Date.UTC(year, 0, 1));
      day.getUTCFullYear() === year;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const local = `${day.toISOString().slice(0, 10)}T12:00`;
      const instant = localDateTimeToIso(local, timeZone) ?? '';
      expect(isoToLocalDateTime(instant, timeZone)).toBe(local);
      offsets.push((Date.parse(`${local}:00Z`) - Date.parse(instant)) / 1000);
    }
    return offsets;
  }

  it.each([
    ['America/Chicago', 2027],
    ['Europe/London', 2026],
    ['Australia/Lord_Howe', 2027],
    ['Asia/Kathmandu', 2027],
    ['UTC', 2026],
  ])('%s in %i has the offsets the runtime knows, every day of the year', (timeZone, year) => {
    const byIcal = offsetsByIcal(timeZone, year);
    expect(byIcal).toEqual(offsetsByIntl(timeZone, year));
  });

  it('names summer time DAYLIGHT and its onset in the local time before the change', () => {
    const lines = timeZoneComponentLines('America/Chicago', 2027);
    const component = new ICAL.Component(ICAL.parse(lines.join('\r\n')));
    const daylight = component.getAllSubcomponents('daylight');
    expect(daylight).toHaveLength(1);
    const onset = daylight[0]?.getFirstPropertyValue('dtstart') as ICAL.Time;
    // Clocks go forward at 2:00 CST on the second Sunday of March 2027, the 14th.
    expect(onset.toString()).toBe('2027-03-14T02:00:00');
    expect(String(daylight[0]?.getFirstPropertyValue('tzoffsetto'))).toBe('-05:00');
    expect(component.getAllSubcomponents('standard')).toHaveLength(2);
  });
});
