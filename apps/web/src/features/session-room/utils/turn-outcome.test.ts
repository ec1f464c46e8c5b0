import type { SessionBoard, TurnStory } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import { toSessionBoard } from '../../../test/session-board-api.ts';
import { describeTurnOutcome, findTurnOutcome, type TurnOutcome, type TurnOutcomeInput } from './turn-outcome.ts';

const me = buildParticipant({ firstName: 'Grace', lastName: 'Okafor', position: 4 });
const holder = buildParticipant({ firstName: 'Morgan', lastName: 'Hale', position: 0, isCurrentTurn: true });
const board: SessionBoard = {
  ...toSessionBoard(
    buildBidSessionDetail({
      id: testId('5e55', 9),
      status: 'active',
      currentParticipant: 1,
      autoAssignTimeout: 1,
      participants: [holder, me],
    }),
    { recentPicks: [] },
  ),
  autoAssignTimeout: 1,
};
const story: TurnStory = { movedToBack: null, award: null, endedBeforeTurn: false };
const input = (changes: Partial<TurnOutcomeInput>): TurnOutcomeInput => ({
  board,
  myEntry: me,
  story,
  peopleAhead: 4,
  hasExpired: false,
  isTurnOpen: false,
  ...changes,
});
const time = (iso: string) => (iso === '2026-03-01T09:14:00.000Z' ? '3:14 AM CST' : iso);
const words = (outcome: TurnOutcome | null) => {
  if (outcome === null) throw new Error('no outcome');
  const wording = describeTurnOutcome(outcome, time);
  return [wording.title, ...wording.lines].join(' | ');
};
const stationTwoA = {
  id: 's2',
  _id: 's2',
  name: 'Harbor',
  number: 2,
};

describe('findTurnOutcome and describeTurnOutcome', () => {
  it('tells nothing while the member simply waits or holds an open turn', () => {
    expect(findTurnOutcome(input({}))).toBeNull();
    expect(findTurnOutcome(input({ myEntry: { ...me, movedToBack: true }, isTurnOpen: true }))).toBeNull();
  });

  it('tells a missed turn with the second chance ahead, counted from the real queue', () => {
    const missed = findTurnOutcome(input({ myEntry: { ...me, movedToBack: true } }));
    expect(words(missed)).toBe(
      "You missed your turn. | You're at the back now; you get one more 1-minute chance in about 4 turns.",
    );
    expect(words(findTurnOutcome(input({ myEntry: { ...me, movedToBack: true }, peopleAhead: 1 })))).toContain(
      'chance after the current turn.',
    );
  });

  it('names the administrator who moved the member to the back', () => {
    const moved = findTurnOutcome(
      input({
        myEntry: { ...me, movedToBack: true },
        story: { ...story, movedToBack: { at: '2026-03-01T09:10:00.000Z', byAdministrator: 'Dana Chief' } },
        peopleAhead: 2,
      }),
    );
    expect(words(moved)).toBe(
      'Dana Chief moved you to the back of the queue. | You get one more 1-minute chance in about 2 turns.',
    );
  });

  it('says the time ran out until the server tells what followed', () => {
    expect(words(findTurnOutcome(input({ hasExpired: true })))).toMatch(/^Your time ran out\./);
  });

  it("tells a ranked list's auto-bid in green, naming which choice it took", () => {
    const outcome = findTurnOutcome(
      input({
        myEntry: {
          ...me,
          outcome: 'auto_assigned',
          assignedStation: { ...stationTwoA, number: 1 },
          assignedShift: 'C',
          assignedPosition: 'Firefighter',
        },
        story: {
          ...story,
          award: {
            at: '2026-03-01T09:14:00.000Z',
            source: 'ranked_list',
            listChoice: 1,
            placedBy: null,
            seatLeft: null,
          },
        },
      }),
    );
    expect(outcome && describeTurnOutcome(outcome, time).tone).toBe('green');
    expect(words(outcome)).toBe(
      'Your ranked list took your 1st choice: Station 1, C shift | You got Station 1 · C shift · Firefighter. | Recorded at 3:14 AM CST.',
    );
    const third = findTurnOutcome(
      input({
        myEntry: {
          ...me,
          outcome: 'auto_assigned',
          assignedStation: stationTwoA,
          assignedShift: 'A',
          assignedPosition: 'Captain',
        },
        story: {
          ...story,
          award: {
            at: '2026-03-01T09:14:00.000Z',
            source: 'ranked_list',
            listChoice: 3,
            placedBy: null,
            seatLeft: null,
          },
        },
      }),
    );
    expect(words(third)).toMatch(/^Your ranked list took your 3rd choice: Station 2, A shift/);
  });

  it('tells the award with its time, the seat left and how it was placed', () => {
    const won = findTurnOutcome(
      input({
        myEntry: {
          ...me,
          outcome: 'bid',
          hasBid: true,
          assignedStation: stationTwoA,
          assignedShift: 'A',
          assignedPosition: 'Captain',
        },
        story: {
          ...story,
          award: {
            at: '2026-03-01T09:14:00.000Z',
            source: 'own',
            listChoice: null,
            placedBy: null,
            seatLeft: { stationNumber: 5, stationName: 'Ridge', shift: 'C', position: 'Captain' },
          },
        },
      }),
    );
    expect(words(won)).toBe(
      'You got Station 2 · A shift · Captain | Recorded at 3:14 AM CST. | You leave Station 5 · C shift · Captain.',
    );
    const phonedIn = findTurnOutcome(
      input({
        myEntry: {
          ...me,
          outcome: 'proxy_bid',
          assignedStation: stationTwoA,
          assignedShift: 'A',
          assignedPosition: 'Captain',
        },
        story: {
          ...story,
          award: {
            at: '2026-03-01T09:14:00.000Z',
            source: 'phone_in',
            listChoice: null,
            placedBy: 'Dana Chief',
            seatLeft: null,
          },
        },
      }),
    );
    expect(words(phonedIn)).toBe('You got Station 2 · A shift · Captain | Phoned in by Dana Chief at 3:14 AM CST.');
  });

  it('tells a session ended before the turn, and a completed session', () => {
    const completed = { ...board, status: 'completed' as const, turn: null };
    expect(
      words(
        findTurnOutcome(
          input({
            board: completed,
            myEntry: { ...me, outcome: 'not_assigned' },
            story: { ...story, endedBeforeTurn: true },
          }),
        ),
      ),
    ).toBe('The administrator ended the session before your turn; you keep your seat.');
    expect(words(findTurnOutcome(input({ board: completed, myEntry: null })))).toBe('This session is completed.');
    expect(findTurnOutcome(input({ myEntry: null }))).toBeNull();
  });
});
