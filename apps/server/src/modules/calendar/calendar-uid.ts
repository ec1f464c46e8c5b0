/**
 * The UID of a shift day in a member's calendar feed. A calendar application keys its copy of a
 * subscribed event by UID, so the UID must be:
 * - globally unique (RFC 5545 section 3.8.4.7): two members' feeds in one calendar, or the feeds of
 *   two departments' servers, never name the same event, or the application merges them into one;
 * - the same at every fetch, so a refresh updates the events it has instead of adding them again;
 * - free of anything that identifies a person, host or domain (RFC 7986 section 5.3, which updates
 *   RFC 5545 on this point and recommends a UUID).
 *
 * So the UID is a name-based UUID (version 8, RFC 9562 section 5.8): the first 128 bits of an
 * HMAC-SHA256 keyed by the install's identity over the member's id, the day and the shift. The
 * member id never appears in it, nor the member's e-mail or feed token (a reset token keeps the
 * UIDs, so a re-subscribed calendar still matches its events).
 */
import { createHmac } from 'node:crypto';
import type { Shift } from '@stationbid/domain';

export interface CalendarEventKey {
  /** What tells this install's database apart from every other (the record-signing key's fingerprint). */
  installId: string;
  memberId: string;
  /** The shift day, `YYYY-MM-DD` in the department's zone. */
  day: string;
  shift: Shift;
}

const UUID_VERSION_8 = 0x80;
const UUID_VARIANT_RFC = 0x80;

export function calendarEventUid({ installId, memberId, day, shift }: CalendarEventKey): string {
  if (!installId) throw new Error('a calendar UID needs the install identity');
  // Fields joined by a character none of them holds, so no two keys hash the same text.
  const bytes = createHmac('sha256', installId).update(`${memberId}\n${day}\n${shift}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | UUID_VERSION_8;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | UUID_VARIANT_RFC;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
