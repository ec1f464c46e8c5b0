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

/**
 * The instant a datetime-local value names in `timeZone`, as ISO 8601 UTC; undefined when it is no
 * real time (month 13, 25:00). A wall-clock time skipped by a daylight-saving change is read with
 * the offset before the change.
 */
export function localDateTimeToIso(value: string, timeZone: string): string | undefined {
  if (!LOCAL_DATE_TIME_PATTERN.test(value)) return undefined;
  const asUtc = new Date(`${value}Z`);
  if (Number.isNaN(asUtc.getTime())) return undefined;
  const wallClock = asUtc.getTime();
  const firstGuess = wallClock - zoneOffsetMs(wallClock, timeZone);
  const secondOffset = zoneOffsetMs(firstGuess, timeZone);
  return new Date(wallClock - secondOffset).toISOString();
}
