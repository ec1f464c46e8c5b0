import { describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS, PARTICIPANT_OUTCOMES } from './bid-engine/types.ts';
import {
  HISTORY_ACTION_LABELS,
  historyActorLabel,
  PARTICIPANT_OUTCOME_LABELS,
  participantResultLabel,
} from './labels.ts';

describe('the shared labels', () => {
  it('name every history action and every outcome, each differently', () => {
    const actions = HISTORY_ACTIONS.map((action) => HISTORY_ACTION_LABELS[action]);
    expect(new Set(actions).size).toBe(HISTORY_ACTIONS.length);
    const outcomes = PARTICIPANT_OUTCOMES.map((outcome) => PARTICIPANT_OUTCOME_LABELS[outcome]);
    expect(new Set(outcomes).size).toBe(PARTICIPANT_OUTCOMES.length);
  });

  it('calls a participant Assigned only when they won a seat', () => {
    expect(participantResultLabel({ hasBid: true })).toBe('Assigned');
    expect(participantResultLabel({ hasBid: false })).toBe('Not Assigned');
  });

  it('names the engine System and everyone else by name in history', () => {
    expect(historyActorLabel('system')).toBe('System');
    expect(historyActorLabel('Morgan Hale')).toBe('Morgan Hale');
  });
});
