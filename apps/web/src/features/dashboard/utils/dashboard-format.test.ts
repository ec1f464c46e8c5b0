import { describe, expect, it } from 'vitest';
import { formatSessionPeriod, formatShift, formatStation } from './dashboard-format.ts';

describe('dashboard wording', () => {
  it('names the seat, or says Unassigned', () => {
    expect(formatStation({ id: 's', _id: 's', name: 'Eastside', number: 3 })).toBe('Station 3 · Eastside');
    expect(formatStation(null)).toBe('Unassigned');
    expect(formatShift('B')).toBe('Shift B');
    expect(formatShift(null)).toBe('Unassigned');
  });

  it('shows the session period as calendar days whatever the time zone', () => {
    expect(formatSessionPeriod('2026-03-01', '2026-03-31T00:00:00.000Z', 'en-US')).toBe('Mar 1, 2026 – Mar 31, 2026');
    expect(formatSessionPeriod(null, null, 'en-US')).toBe('Not set – Not set');
  });
});
