import { describe, expect, it } from 'vitest';
import { filterBidSessions, hasSessionFilters, NO_SESSION_FILTERS } from './session-filters.ts';

const sessions = [
  { name: 'Spring Station Bid', description: 'Next rotation', status: 'draft' as const },
  { name: 'Autumn Bid', description: 'Harbor crews only', status: 'completed' as const },
  { name: 'Winter Relief', description: '', status: 'active' as const },
];

describe('filterBidSessions', () => {
  it('matches the name or the description, in any case', () => {
    expect(filterBidSessions(sessions, { search: 'BID', status: 'all' }).map((s) => s.name)).toEqual([
      'Spring Station Bid',
      'Autumn Bid',
    ]);
    expect(filterBidSessions(sessions, { search: ' harbor ', status: 'all' }).map((s) => s.name)).toEqual([
      'Autumn Bid',
    ]);
  });

  it('keeps only the chosen status', () => {
    expect(filterBidSessions(sessions, { search: '', status: 'active' }).map((s) => s.name)).toEqual(['Winter Relief']);
    expect(filterBidSessions(sessions, { search: 'bid', status: 'active' })).toEqual([]);
  });

  it('keeps everything without filters', () => {
    expect(filterBidSessions(sessions, NO_SESSION_FILTERS)).toHaveLength(3);
    expect(hasSessionFilters(NO_SESSION_FILTERS)).toBe(false);
    expect(hasSessionFilters({ search: '  ', status: 'all' })).toBe(false);
    expect(hasSessionFilters({ search: '', status: 'paused' })).toBe(true);
  });
});
