/**
 * A VTIMEZONE component (RFC 5545 section 3.6.5) for the department's zone over one year, made from
 * the runtime's time zone data (Intl): the offset in force when the year begins, then each change of
 * offset within it, at the local time it happens.
 *
 * The feed writes its events in UTC and needs no time zone for them. It needs this component only
 * when it has no event: RFC 5545's grammar asks a VCALENDAR for at least one component, and a
 * VTIMEZONE is the only one that says something true about a member with no shift days (the zone
 * their shifts will be in) without inventing an event. Calendar applications read it as the
 * calendar's zone and show nothing.
 */
import { localDateTimeToIso, timeZoneAbbreviation } from '@stationbid/domain';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's clock is ahead of UTC at `instant`, in minutes ("GMT-06:00" is -360). */
function offsetMinutes(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /^GMT(?:([+-])(\d{1,2}):?(\d{2})?)?$/.exec(name);
  if (!match) throw new Error(`no UTC offset for ${timeZone}: "${name}"`);
  const [, sign, hours, minutes] = match;
  const size = Number(hours ?? 0) * 60 + Number(minutes ?? 0);
  return sign === '-' ? -size : size;
}

/** The first minute at which the offset is no longer the one at `from` (it is at `to`). */
function firstMinuteOfChange(from: number, to: number, timeZone: string): number {
  const before = offsetMinutes(from, timeZone);
  let low = from;
  let high = to;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMinutes(middle, timeZone) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** `-0600`, `+0545`: the UTC-OFFSET value type. */
function utcOffsetValue(minutes: number): string {
  const size = Math.abs(minutes);
  const hours = String(Math.floor(size / 60)).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hours}${String(size % 60).padStart(2, '0')}`;
}

/** The local DATE-TIME form (`20270314T020000`) of `instant` on a clock `offset` minutes ahead of UTC. */
function localDateTimeValue(instant: number, offset: number): string {
  return new Date(instant + offset * MINUTE_MS).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

interface Observance {
  onset: number;
  from: number;
  to: number;
}

/** The VTIMEZONE's lines (no line ending), for the zone over `year`. */
export function timeZoneComponentLines(timeZone: string, year: number): string[] {
  const yearStart = Date.parse(localDateTimeToIso(`${year}-01-01T00:00`, timeZone) ?? `${year}-01-01T00:00:00Z`);
  const yearEnd = Date.parse(localDateTimeToIso(`${year + 1}-01-01T00:00`, timeZone) ?? `${year + 1}-01-01T00:00:00Z`);
  const first = offsetMinutes(yearStart, timeZone);
  const observances: Observance[] = [{ onset: yearStart, from: first, to: first }];
  // No zone changes its offset twice within a day, so a day's steps find every change.
  for (let day = yearStart; day < yearEnd; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, yearEnd);
    const before = offsetMinutes(day, timeZone);
    const after = offsetMinutes(next, timeZone);
    if (before !== after)
      observances.push({ onset: firstMinuteOfChange(day, next, timeZone), from: before, to: after });
  }
  // Where the year has two offsets, the larger one is summer time (DAYLIGHT); the rest is STANDARD.
  const standardOffset = Math.min(...observances.map((observance) => observance.to));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const { onset, from, to } of observances) {
    const kind = to > standardOffset ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // The onset is written in the local time in force before it (RFC 5545: with TZOFFSETFROM).
      `DTSTART:${localDateTimeValue(onset, from)}`,
      `TZOFFSETFROM:${utcOffsetValue(from)}`,
      `TZOFFSETTO:${utcOffsetValue(to)}`,
      `TZNAME:${timeZoneAbbreviation(timeZone, new Date(onset))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
