/**
 * How far the server's clock is from the browser's. Turn deadlines (`currentBidEnd`) are the
 * server's times, so a countdown computed with a browser clock that is a minute off would show a
 * minute too much or too little. The API sends no time of its own, but every HTTP answer carries a
 * `Date` header, to the second. Each answer bounds the offset: the server wrote that second between
 * the moment the request left and the moment the answer arrived, so
 *   offset = server time - browser time  lies in  [Date - receivedAt, Date + 1 s - sentAt].
 * Intersecting these bounds over many answers narrows the offset well below a second.
 */

export interface ClockOffsetBounds {
  /** Smallest possible offset, in ms. */
  min: number;
  /** Largest possible offset, in ms. */
  max: number;
}

export interface ServerDateSample {
  /** The `Date` header as epoch ms (whole seconds). */
  serverDateMs: number;
  /** Browser time when the request was sent. */
  sentAtMs: number;
  /** Browser time when the answer's headers arrived. */
  receivedAtMs: number;
}

const DATE_HEADER_RESOLUTION_MS = 1000;

/**
 * Narrows `bounds` with one more answer. When the new bounds do not overlap the old ones, one of
 * the clocks has jumped (a sleeping laptop, a clock correction), so the old knowledge is dropped.
 */
export function narrowClockOffset(bounds: ClockOffsetBounds | null, sample: ServerDateSample): ClockOffsetBounds {
  const fresh = {
    min: sample.serverDateMs - sample.receivedAtMs,
    max: sample.serverDateMs + DATE_HEADER_RESOLUTION_MS - sample.sentAtMs,
  };
  if (bounds === null) return fresh;
  const min = Math.max(bounds.min, fresh.min);
  const max = Math.min(bounds.max, fresh.max);
  return min <= max ? { min, max } : fresh;
}

/** The best single estimate: the middle of what is still possible; 0 before any answer. */
export function estimateClockOffsetMs(bounds: ClockOffsetBounds | null): number {
  return bounds === null ? 0 : Math.round((bounds.min + bounds.max) / 2);
}

let offsetBounds: ClockOffsetBounds | null = null;

/** Called by the API client for every answer; ignores a missing or unreadable header. */
export function recordServerDate(dateHeader: string | null, sentAtMs: number, receivedAtMs: number): void {
  if (dateHeader === null) return;
  const serverDateMs = Date.parse(dateHeader);
  if (Number.isNaN(serverDateMs)) return;
  offsetBounds = narrowClockOffset(offsetBounds, { serverDateMs, sentAtMs, receivedAtMs });
}

/** The server's clock now, as well as the browser can tell. */
export function getServerNow(): number {
  return Date.now() + estimateClockOffsetMs(offsetBounds);
}

/** Forgets every sample (tests). */
export function resetServerClock(): void {
  offsetBounds = null;
}
