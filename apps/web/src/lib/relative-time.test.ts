import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;
const pinned = { locale: 'en-US', timeZone: 'UTC' };

describe('formatRelativeTime', () => {
  it('says "Just now" under a minute, and for a time slightly in the future', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(MINUTE - 1), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(-5000), NOW)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelativeTime(ago(MINUTE), NOW)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * MINUTE + 59_000), NOW)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRelativeTime(ago(60 * MINUTE), NOW)).toBe('1h ago');
    expect(formatRelativeTime(ago(1439 * MINUTE), NOW)).toBe('23h ago');
  });

  it('shows the date from a day on', () => {
    expect(formatRelativeTime(ago(1440 * MINUTE), NOW, pinned)).toBe('Mar 9, 2026');
    expect(formatRelativeTime('2025-12-24T08:00:00.000Z', NOW, pinned)).toBe('Dec 24, 2025');
  });

  it('reads an unreadable timestamp as nothing rather than "NaNm ago"', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});
