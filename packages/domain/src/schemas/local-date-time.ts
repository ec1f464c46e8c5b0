/**
 * Datetime-local values (`2026-03-01T09:00`, what an `<input type="datetime-local">` sends, with no
 * offset), read in the department's time zone (contract gap 6: the spec's session form sends them).
 */

/** `YYYY-MM-DDTHH:mm`, optionally with seconds and milliseconds, and no offset. */
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

export function isLocalDateTime(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_DATE_TIME_PATTERN.test(value);
}

/** How far the zone's wall clock is ahead of UTC at `instant` (ms). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant a datetime-local value names in `timeZone`, as ISO 8601 UTC; undefined when it is no
 * real time (month 13, 25:00). Around a daylight-saving change it reads as a wall clock would: a
 * time the change repeats (1:30 AM when clocks fall back) is its first, earlier occurrence; a time
 * the change skips (2:30 AM when clocks spring forward) is read with the offset before the change,
 * which lands as far past the change (3:30 AM).
 */
export function localDateTimeToIso(value: string, timeZone: string): string | undefined {
  if (!LOCAL_DATE_TIME_PATTERN.test(value)) return undefined;
  const asUtc = new Date(`${value}Z`);
  if (Number.isNaN(asUtc.getTime())) return undefined;
  const wallClock = asUtc.getTime();
  // A zone changes its offset at most once within a day or so: the offsets a day either side are
  // the only ones this wall time can have.
  const offsetBefore = zoneOffsetMs(wallClock - DAY_MS, timeZone);
  const offsetAfter = zoneOffsetMs(wallClock + DAY_MS, timeZone);
  const matching = [wallClock - offsetBefore, wallClock - offsetAfter]
    .filter((instant) => instant + zoneOffsetMs(instant, timeZone) === wallClock)
    .sort((a, b) => a - b);
  return new Date(matching[0] ?? wallClock - offsetBefore).toISOString();
}

/** The wall-clock time `instant` shows in `timeZone`, as a datetime-local value (`2026-03-01T09:00`); '' when unreadable. */
export function isoToLocalDateTime(instant: string | number | Date, timeZone: string): string {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) return '';
  return new Date(time + zoneOffsetMs(time, timeZone)).toISOString().slice(0, 16);
}
