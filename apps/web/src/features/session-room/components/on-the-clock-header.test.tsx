import { MantineProvider } from '@mantine/core';
import type { SessionBoard } from '@stationbid/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildBidSessionDetail,
  buildOfferedStation,
  buildParticipant,
  testId,
} from '../../../test/build-bid-session.ts';
import { toSessionBoard } from '../../../test/session-board-api.ts';
import { OnTheClockHeader, type OnTheClockHeaderProps } from './on-the-clock-header.tsx';

const names = [
  ['Morgan', 'Hale'],
  ['Ava', 'Schmidt'],
  ['Noah', 'Kim'],
  ['Priya', 'Natarajan'],
] as const;
const participants = names.map(([firstName, lastName], position) =>
  buildParticipant({ firstName, lastName, position, isCurrentTurn: position === 0 }),
);
const [hale, , , priya] = participants;
const harbor = buildOfferedStation(4, 'Harbor', { B: { Engineer: [1, 2] } });

const session = buildBidSessionDetail({
  id: testId('5e55', 7),
  name: 'Winter Bid',
  status: 'active',
  currentParticipant: 1,
  currentBidEnd: '2026-03-01T17:30:05.000Z',
  bidWindowDuration: 4,
  participants,
  availableStations: [harbor],
});
const board = toSessionBoard(session, { recentPicks: [] });

function renderHeader(props: Partial<OnTheClockHeaderProps> = {}) {
  const all: OnTheClockHeaderProps = {
    board,
    myEntry: null,
    peopleAhead: null,
    remainingMs: 125_000,
    isPaused: false,
    isTurnOpen: false,
    timeZone: 'America/Chicago',
    ...props,
  };
  const view = render(
    <MantineProvider>
      <OnTheClockHeader {...all} />
    </MantineProvider>,
  );
  return {
    rerender: (next: Partial<OnTheClockHeaderProps>) =>
      view.rerender(
        <MantineProvider>
          <OnTheClockHeader {...all} {...next} />
        </MantineProvider>,
      ),
  };
}

const header = () => screen.getByRole('region', { name: 'On the clock' });
const liveRegion = () => screen.getByRole('status');

describe('OnTheClockHeader', () => {
  it('tells everyone who holds the turn, with a countdown whose colour is also said in words', () => {
    renderHeader();
    expect(header()).toHaveTextContent('Morgan Hale is on the clock');
    expect(screen.getByRole('timer')).toHaveTextContent('2:05');
    expect(screen.getByRole('timer')).toHaveAttribute('data-tone', 'yellow');
    expect(header()).toHaveTextContent('Under 3 minutes');
    // The deadline and the zone it is read in, for screen readers and in the tooltip.
    expect(header()).toHaveTextContent('Turn ends at 11:30:05 AM CST (America/Chicago)');
    expect(screen.getByText('You are watching this session; you are not one of its participants.')).toBeVisible();
  });

  it('tells a waiting member how many turns away they are and about how long that is', () => {
    renderHeader({ myEntry: priya ?? null, peopleAhead: 3 });
    // The holder's 2:05 left, then two turns at the bid window's 4 minutes (no pick measured yet).
    expect(header()).toHaveTextContent('3 turns away, about 10 minutes');
    expect(header()).toHaveTextContent('#4 in queue');
  });

  it('says "You\'re on the clock" on the member\'s turn and announces it once, politely', () => {
    const view = renderHeader({ myEntry: hale ?? null, peopleAhead: null, isTurnOpen: true, remainingMs: 240_000 });
    expect(screen.getByRole('heading', { name: "You're on the clock" })).toBeVisible();
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    expect(liveRegion()).toHaveTextContent('Your turn has started: choose a seat and bid. 4 minutes left.');

    view.rerender({ myEntry: hale ?? null, isTurnOpen: true, remainingMs: 59_000 });
    expect(liveRegion()).toHaveTextContent('60 seconds left in your turn.');
    expect(header()).toHaveTextContent('Final minute');
  });

  it('shows and announces the seat the member wins', () => {
    const me = hale ?? participants[0];
    if (me === undefined) throw new Error('No participant');
    const view = renderHeader({ myEntry: me, isTurnOpen: true });
    const awarded: SessionBoard = {
      ...board,
      turn: null,
      recentPicks: [
        {
          participantId: me.id,
          memberId: me.user.id,
          name: 'Morgan Hale',
          rank: 'Engineer',
          bidPriority: 1,
          station: { id: harbor.id, name: 'Harbor', number: 4 },
          shift: 'B',
          position: 'Engineer',
          kind: 'own',
          placedBy: null,
          at: '2026-03-01T17:29:00.000Z',
        },
      ],
    };
    view.rerender({ board: awarded, myEntry: me, isTurnOpen: false });
    expect(header()).toHaveTextContent('Your seat: Station 4, B shift, Engineer');
    expect(liveRegion()).toHaveTextContent('You were awarded Station 4, B shift, Engineer.');
  });

  it('says so while paused, and before the start', () => {
    const view = renderHeader({ board: { ...board, status: 'paused' }, isPaused: true });
    expect(screen.getByText('Session paused')).toBeVisible();
    expect(header()).toHaveTextContent('Paused');
    view.rerender({ board: { ...board, status: 'scheduled', turn: null }, remainingMs: null, isPaused: false });
    expect(screen.getByRole('heading', { name: 'Not started yet' })).toBeVisible();
  });
});

describe('OnTheClockHeader in a session with rounds', () => {
  const rounds: NonNullable<SessionBoard['rounds']> = [
    { name: "Officers' round", ranks: ['Captain'], bidWindowDuration: 5, firstQueuePosition: 0, participants: 14 },
    { name: "Engineers' round", ranks: ['Engineer'], bidWindowDuration: 4, firstQueuePosition: 14, participants: 0 },
    {
      name: "Firefighters' round",
      ranks: ['Firefighter'],
      bidWindowDuration: 3,
      firstQueuePosition: 14,
      participants: 40,
    },
  ];
  const waiting = buildParticipant({ firstName: 'Fay', lastName: 'Later', position: 20 });

  it('names the round under way and tells a member of a later round the turns before theirs', () => {
    renderHeader({
      board: { ...board, rounds, currentRound: 0, currentParticipant: 3 },
      myEntry: { ...waiting, round: 2 },
      peopleAhead: 18,
      myRound: { index: 2, name: "Firefighters' round", turnsBefore: 12 },
    });
    expect(header()).toHaveTextContent("On the clock · Officers' round");
    expect(header()).toHaveTextContent("Officers' round: 12 to go before yours");
    expect(header()).toHaveTextContent("you bid in Firefighters' round");
  });

  it('counts from the board as it moves, and falls back to turns away once the round has begun', () => {
    const { rerender } = renderHeader({
      board: { ...board, rounds, currentRound: 0, currentParticipant: 10 },
      myEntry: { ...waiting, round: 2 },
      peopleAhead: 11,
      myRound: { index: 2, name: "Firefighters' round", turnsBefore: 12 },
    });
    expect(header()).toHaveTextContent("Officers' round: 5 to go before yours");
    rerender({ board: { ...board, rounds, currentRound: 2, currentParticipant: 19 }, peopleAhead: 2 });
    expect(header()).toHaveTextContent("On the clock · Firefighters' round");
    expect(header()).not.toHaveTextContent('to go before yours');
    expect(header()).toHaveTextContent('2 turns away');
  });
});
