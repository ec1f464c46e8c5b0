/**
 * A member's shift days as an iCalendar feed (RFC 5545), made with the `ics` package. Each tour is
 * one event of 24 hours from the rotation's start time on that day, in the department's time zone,
 * written in UTC so that every calendar application places it right across daylight-saving changes.
 * Each event's UID is made from the install, the member, the day and the shift (calendar-uid.ts):
 * unique across members and servers, and the same at every fetch, so a calendar that refreshes the
 * feed updates the events it has instead of adding them again.
 */
import { type DepartmentRotation, localDateTimeToIso, type Shift, shiftDaysOfYear } from '@stationbid/domain';
import { createEvents, type EventAttributes } from 'ics';
import type { MemberShift } from './calendar.repository.ts';
import { timeZoneComponentLines } from './calendar-timezone.ts';
import { calendarEventUid } from './calendar-uid.ts';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = 'stationbid/calendar';

export interface CalendarFeedInput {
  /** What tells this server's database apart from every other; part of each event's UID. */
  installId: string;
  memberId: string;
  memberName: string;
  rotation: DepartmentRotation | null;
  memberShift: MemberShift | null;
  year: number;
  timeZone: string;
}

function eventTitle(shift: Shift, memberShift: MemberShift): string {
  const { station, seatPosition } = memberShift;
  const where = station ? ` at Station ${station.number} (${station.name})` : '';
  return `Shift ${shift} on duty${where}${seatPosition ? `, ${seatPosition}` : ''}`;
}

/** The feed's text; a calendar with no events when there is no rotation or no shift yet. */
export function buildCalendarFeed(input: CalendarFeedInput): string {
  const { installId, memberId, memberName, rotation, memberShift, year, timeZone } = input;
  const calName = `StationBid shifts: ${memberName}`;
  // Without a rotation or a shift the feed is a calendar with no events, not an error that a
  // calendar application would show as a broken subscription.
  if (!rotation || !memberShift) return writeEmptyCalendar(calName, timeZone, year);
  const events: EventAttributes[] = shiftDaysOfYear(rotation, memberShift.shift, year).map((day) => {
    const start = localDateTimeToIso(`${day}T${rotation.shiftStartTime}`, timeZone);
    if (!start) throw new Error(`no start time for ${day} ${rotation.shiftStartTime} in ${timeZone}`);
    return {
      uid: calendarEventUid({ installId, memberId, day, shift: memberShift.shift }),
      start: Date.parse(start),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { hours: 24 },
      title: eventTitle(memberShift.shift, memberShift),
      ...(memberShift.station?.address ? { location: memberShift.station.address } : {}),
      description: `Shift ${memberShift.shift}, from the department's rotation (${rotation.pattern}, starting ${rotation.anchorDate}; tours begin at ${rotation.shiftStartTime}, ${timeZone}).`,
      busyStatus: 'BUSY',
      transp: 'OPAQUE',
    };
  });
  return writeCalendar(events, calName);
}

const CALENDAR_END = 'END:VCALENDAR\r\n';

/**
 * A calendar with no event still needs one component (RFC 5545 section 3.4: `component` is one or
 * more), and `ics` writes none. The department's time zone for the year is the one component that
 * is true without an event (calendar-timezone.ts), so it goes in, before the calendar's end.
 */
function writeEmptyCalendar(calName: string, timeZone: string, year: number): string {
  const text = writeCalendar([], calName);
  if (!text.endsWith(CALENDAR_END)) throw new Error('the calendar feed does not end as RFC 5545 writes it');
  const zone = timeZoneComponentLines(timeZone, year)
    .map((line) => `${line}\r\n`)
    .join('');
  return `${text.slice(0, -CALENDAR_END.length)}${zone}${CALENDAR_END}`;
}

function writeCalendar(events: EventAttributes[], calName: string): string {
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName });
  if (error || !value) throw error ?? new Error('the calendar feed could not be written');
  return value;
}
