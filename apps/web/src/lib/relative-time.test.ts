import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const pinned = { locale: 'en-US', timeZone: 'UTC' };

describe('formatRelativeTime', () => {
  it('says "Just now" under a minute, and for a time slightly in the future', () => {
    expect(formatRelativeTime(ago(0), NOW, pinned)).toBe('Just now');
    expect(formatRelativeTime(ago(MINUTE - 1), NOW, pinned)).toBe('Just now');
    expect(formatRelativeTime(ago(-5000), NOW, pinned)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(ago(MINUTE), NOW, pinned)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * MINUTE + 59_000), NOW, pinned)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRelativeTime(ago(60 * MINUTE), NOW, pinned)).toBe('1h ago');
    expect(formatRelativeTime(ago(1439 * MINUTE), NOW, pinned)).toBe('23h ago');
  });

  it('shows the date from a day on', () => {
    expect(formatRelativeTime(ago(1440 * MINUTE), NOW, pinned)).toBe('Mar 9, 2026');
    expect(formatRelativeTime('2025-12-24T08:00:00.000Z', NOW, pinned)).toBe('Dec 24, 2025');
  });

  it("dates it by the department's zone, not the viewer's", () => {
    // 3:00 AM on 9 March in Tokyo was still 8 March in Chicago.
    const lateEvening = '2026-03-08T18:00:00.000Z';
    expect(formatRelativeTime(lateEvening, NOW, { locale: 'en-US', timeZone: 'America/Chicago' })).toBe('Mar 8, 2026');
    expect(formatRelativeTime(lateEvening, NOW, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Mar 9, 2026');
  });

  it('reads an unreadable timestamp as nothing rather than "NaNm ago"', () => {
    expect(formatRelativeTime('not a date', NOW, pinned)).toBe('');
  });
});
