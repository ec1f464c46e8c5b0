import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, departmentRotationSchema, shiftDaysOfYear, shiftOnDuty } from './calendar.ts';

const rotation = { pattern: 'ABC', anchorDate: '2026-01-01' };

describe('shiftOnDuty', () => {
  it('walks the cycle from the anchor, before it too', () => {
    expect(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map((day) => shiftOnDuty(rotation, day))).toEqual([
      'A',
      'B',
      'C',
      'A',
    ]);
    expect(shiftOnDuty(rotation, '2025-12-31')).toBe('C');
    expect(shiftOnDuty(rotation, '2025-12-29')).toBe('A');
    expect(shiftOnDuty({ pattern: 'AABBCC', anchorDate: '2026-03-07' }, '2026-03-10')).toBe('B');
  });

  it('counts whole days across a daylight-saving change and a leap day', () => {
    // 2028 is a leap year: 29 February is one day like any other.
    expect(shiftOnDuty(rotation, '2028-03-01')).toBe(shiftOnDuty(rotation, '2028-02-27'));
  });
});

describe('shiftDaysOfYear', () => {
  it('gives every third day of the year for 24 on, 48 off', () => {
    const days = shiftDaysOfYear(rotation, 'B', 2026);
    expect(days.slice(0, 3)).toEqual(['2026-01-02', '2026-01-05', '2026-01-08']);
    expect(days).toHaveLength(122);
    expect(days.at(-1)).toBe('2026-12-31');
  });
});

describe('departmentRotationSchema', () => {
  it('takes "A, B, C" as ABC and refuses what is no rotation, saying how to write one', () => {
    expect(
      departmentRotationSchema.parse({ pattern: 'a, b, c', anchorDate: '2026-01-01', shiftStartTime: '07:00' }),
    ).toEqual({ pattern: 'ABC', anchorDate: '2026-01-01', shiftStartTime: '07:00' });
    const problems = (input: Record<string, string>) =>
      departmentRotationSchema
        .safeParse({ pattern: 'ABC', anchorDate: '2026-01-01', shiftStartTime: '07:00', ...input })
        .error?.issues.map((issue) => issue.message);
    expect(problems({ pattern: 'ABD' })).toEqual([CALENDAR_MESSAGES.patternInvalid]);
    expect(problems({ pattern: 'AB' })).toEqual([CALENDAR_MESSAGES.patternMissingShift]);
    expect(problems({ anchorDate: '2026-02-30' })).toEqual([CALENDAR_MESSAGES.anchorDateInvalid]);
    expect(problems({ shiftStartTime: '24:00' })).toEqual([CALENDAR_MESSAGES.shiftStartInvalid]);
  });
});
