import { describe, expect, it } from 'vitest';
import { describeHistoryEntry, type HistoryFacts } from './session-history-text.ts';

const facts = (overrides: Partial<HistoryFacts>): HistoryFacts => ({
  action: 'session_started',
  userName: null,
  actorName: 'Alex Admin',
  stationName: null,
  stationNumber: null,
  shift: null,
  position: null,
  details: {},
  ...overrides,
});

describe('history details as text (the spec client renders details)', () => {
  it('tells each action in a line', () => {
    const seat = {
      userName: 'Elena Ramirez',
      stationName: 'Harbor',
      stationNumber: 3,
      shift: 'A',
      position: 'Firefighter',
    };
    expect(describeHistoryEntry(facts({ details: { participantCount: 10 } }))).toBe(
      'Session started by Alex Admin with 10 participants',
    );
    expect(describeHistoryEntry(facts({ action: 'session_paused' }))).toBe('Session paused by Alex Admin');
    expect(describeHistoryEntry(facts({ action: 'session_resumed' }))).toBe('Session resumed by Alex Admin');
    expect(describeHistoryEntry(facts({ action: 'session_completed', actorName: 'system' }))).toBe('Session completed');
    expect(describeHistoryEntry(facts({ action: 'session_completed', details: { endedEarly: true } }))).toBe(
      'Session ended early by Alex Admin',
    );
    expect(describeHistoryEntry(facts({ action: 'bid_submitted', ...seat, details: { proxy: true } }))).toBe(
      'Phone-in bid by Alex Admin for Elena Ramirez: Harbor, shift A, Firefighter',
    );
    expect(describeHistoryEntry(facts({ action: 'bid_submitted', ...seat, actorName: 'Elena Ramirez' }))).toBe(
      'Bid by Elena Ramirez: Harbor, shift A, Firefighter',
    );
    expect(describeHistoryEntry(facts({ action: 'turn_skipped', userName: 'Elena Ramirez' }))).toBe(
      'Elena Ramirez skipped their turn',
    );
    expect(
      describeHistoryEntry(
        facts({ action: 'moved_to_back', actorName: 'system', details: { reason: 'time expired' } }),
      ),
    ).toBe('Turn expired; moved to the back');
    expect(describeHistoryEntry(facts({ action: 'moved_to_back', userName: 'Elena Ramirez' }))).toBe(
      'Elena Ramirez moved to the back by Alex Admin',
    );
    expect(
      describeHistoryEntry(
        facts({
          action: 'auto_assigned',
          actorName: 'system',
          ...seat,
          stationName: null,
          details: { source: 'preferences' },
        }),
      ),
    ).toBe('Elena Ramirez auto-assigned from their preferences: Station 3, shift A, Firefighter');
    expect(
      describeHistoryEntry(
        facts({ action: 'auto_assigned', userName: 'Elena Ramirez', details: { reason: 'no eligible seat left' } }),
      ),
    ).toBe('Elena Ramirez not assigned: no eligible seat left');
  });
});
