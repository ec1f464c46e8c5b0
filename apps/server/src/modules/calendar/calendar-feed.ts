/**
 * A member's shift days as an iCalendar feed (RFC 5545), made with the `ics` package. Each tour is
 * one event of 24 hours from the rotation's start time on that day, in the department's time zone,
 * written in UTC so that every calendar application places it right across daylight-saving changes.
 * Each event's UID is the day and the shift, so a calendar that refreshes the feed updates the
 * events it has instead of adding them again.
 */
import { type DepartmentRotation, localDateTimeToIso, type Shift, shiftDaysOfYear } from '@stationbid/domain';
import { createEvents, type EventAttributes } from 'ics';
import type { MemberShift } from './calendar.repository.ts';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const PRODUCT_ID = 'stationbid/calendar';

export interface CalendarFeedInput {
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
export function buildCalendarFeed({ memberName, rotation, memberShift, year, timeZone }: CalendarFeedInput): string {
  const calName = `StationBid shifts: ${memberName}`;
  // Without a rotation or a shift the feed is a valid calendar with no events, not an error that a
  // calendar application would show as a broken subscription.
  if (!rotation || !memberShift) return writeCalendar([], calName);
  const events: EventAttributes[] = shiftDaysOfYear(rotation, memberShift.shift, year).map((day) => {
    const start = localDateTimeToIso(`${day}T${rotation.shiftStartTime}`, timeZone);
    if (!start) throw new Error(`no start time for ${day} ${rotation.shiftStartTime} in ${timeZone}`);
    return {
      uid: `${day}-shift-${memberShift.shift}@stationbid`,
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

function writeCalendar(events: EventAttributes[], calName: string): string {
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName });
  if (error || !value) throw error ?? new Error('the calendar feed could not be written');
  return value;
}
