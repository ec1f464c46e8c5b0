import { describe, expect, it } from 'vitest';
import { findControlledSession, getSessionActions } from './session-actions.ts';

describe('getSessionActions', () => {
  it.each([
    [
      'draft',
      {
        canStart: true,
        canPause: false,
        canResume: false,
        canEnd: false,
        canExport: false,
        canSendReminders: false,
        canSimulate: true,
        canRewind: false,
        canMoveToBack: false,
        editScope: 'full',
        deleteKind: 'standard',
      },
    ],
    [
      'scheduled',
      {
        canStart: true,
        canPause: false,
        canResume: false,
        canEnd: false,
        canExport: false,
        canSendReminders: true,
        canSimulate: true,
        canRewind: false,
        canMoveToBack: false,
        editScope: 'full',
        deleteKind: 'standard',
      },
    ],
    [
      'active',
      {
        canStart: false,
        canPause: true,
        canResume: false,
        canEnd: true,
        canExport: false,
        canSendReminders: true,
        canSimulate: true,
        canRewind: true,
        canMoveToBack: true,
        editScope: 'running',
        deleteKind: null,
      },
    ],
    [
      'paused',
      {
        canStart: false,
        canPause: false,
        canResume: true,
        canEnd: true,
        canExport: false,
        canSendReminders: true,
        canSimulate: true,
        canRewind: true,
        canMoveToBack: true,
        editScope: 'running',
        deleteKind: null,
      },
    ],
    [
      'completed',
      {
        canStart: false,
        canPause: false,
        canResume: false,
        canEnd: false,
        canExport: true,
        canSendReminders: true,
        canSimulate: false,
        canRewind: true,
        canMoveToBack: false,
        editScope: null,
        deleteKind: 'completed',
      },
    ],
  ] as const)('a %s session offers %o', (status, expected) => {
    expect(getSessionActions({ status })).toEqual(expected);
    expect(getSessionActions({ status, type: 'standard' })).toEqual(expected);
  });

  it.each(['draft', 'scheduled', 'active', 'paused', 'completed'] as const)(
    'a %s vacancy bid is never rewound nor moved to the back, and offers the rest as a standard one',
    (status) => {
      const vacancy = getSessionActions({ status, type: 'vacancy' });
      expect(vacancy).toMatchObject({ canRewind: false, canMoveToBack: false });
      expect({ ...vacancy, canRewind: true, canMoveToBack: true }).toEqual({
        ...getSessionActions({ status }),
        canRewind: true,
        canMoveToBack: true,
      });
    },
  );
});

describe('findControlledSession', () => {
  it('follows the first active or paused session, before any scheduled one', () => {
    const sessions = [
      { id: 'a', status: 'scheduled' as const },
      { id: 'b', status: 'completed' as const },
      { id: 'c', status: 'paused' as const },
      { id: 'd', status: 'active' as const },
    ];
    expect(findControlledSession(sessions)?.id).toBe('c');
  });

  it('falls back to the first scheduled session, and to none', () => {
    expect(
      findControlledSession([
        { id: 'a', status: 'draft' as const },
        { id: 'b', status: 'scheduled' as const },
      ])?.id,
    ).toBe('b');
    expect(findControlledSession([{ id: 'a', status: 'completed' as const }])).toBeNull();
  });
});
