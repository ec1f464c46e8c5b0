/**
 * "Just now", "5m ago", "3h ago", else a date: how notifications and
 * activity say when they happened. The current time is a parameter so that tests need no clock.
 */
const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

interface RelativeTimeOptions {
  /** Tests pin it; screens use the viewer's own language. */
  locale?: string;
  /** Past a day the date is shown, the day it was in the department's zone (useDepartmentTimeZone). */
  timeZone: string;
}

/**
 * How long ago `timestamp` was at `nowMs`. A time slightly in the future (a server clock a little
 * ahead) reads "Just now"; an unreadable timestamp reads as an empty string.
 */
export function formatRelativeTime(timestamp: string, nowMs: number, { locale, timeZone }: RelativeTimeOptions) {
  const thenMs = Date.parse(timestamp);
  if (Number.isNaN(thenMs)) return '';
  const minutes = Math.floor((nowMs - thenMs) / MINUTE_MS);
  if (minutes < 1) return 'Just now';
  if (minutes < MINUTES_PER_HOUR) return `${minutes}m ago`;
  if (minutes < MINUTES_PER_DAY) return `${Math.floor(minutes / MINUTES_PER_HOUR)}h ago`;
  // Its own Intl call, not session-format's formatDay: the live page's first load stays free of the session labels.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(thenMs);
}
