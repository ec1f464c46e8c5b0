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
    // The time the turn ends in words beside the countdown, in the department's zone.
    expect(header()).toHaveTextContent('ends 11:30 AM CST');
    // The countdown is the first thing in the header, before who holds the turn.
    expect(header().textContent?.indexOf('2:05')).toBeLessThan(header().textContent?.indexOf('On the clock') ?? -1);
    expect(screen.getByText('You are watching this session; you are not one of its participants.')).toBeVisible();
  });

  it('tells a waiting member how many turns away they are and about how long that is', () => {
    renderHeader({ myEntry: priya ?? null, peopleAhead: 3 });
    // At most the holder's 2:05 left, then two turns of the bid window's 4 minutes: a range, and one
    // place (the turns away), with no queue number beside it.
    expect(header()).toHaveTextContent(/3 turns away, \d+ to 11 minutes/);
    expect(header()).not.toHaveTextContent('in queue');
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

  it('tells the member their turn is a second chance, and how long it is', () => {
    const me = hale ?? participants[0];
    if (me === undefined) throw new Error('No participant');
    const secondChance: SessionBoard = {
      ...board,
      autoAssignTimeout: 1,
      turn: board.turn === null ? null : { ...board.turn, movedToBack: true },
    };
    renderHeader({ board: secondChance, myEntry: { ...me, movedToBack: true }, isTurnOpen: true, remainingMs: 50_000 });
    expect(header()).toHaveTextContent('Second chance: 1 minute');
  });

  it("shows the countdown in the browser tab on the member's own turn, and gives the page's title back after", () => {
    document.title = 'Winter Bid · StationBid';
    const view = renderHeader({ myEntry: hale ?? null, isTurnOpen: true, remainingMs: 45_000 });
    expect(document.title).toBe('0:45 Your turn · StationBid');
    view.rerender({ myEntry: hale ?? null, isTurnOpen: true, remainingMs: 44_000 });
    expect(document.title).toBe('0:44 Your turn · StationBid');
    view.rerender({ myEntry: hale ?? null, isTurnOpen: false, remainingMs: 44_000 });
    expect(document.title).toBe('Winter Bid · StationBid');
  });

  it("leaves the tab's title alone on someone else's turn", () => {
    document.title = 'Winter Bid · StationBid';
    renderHeader({ myEntry: priya ?? null, peopleAhead: 3 });
    expect(document.title).toBe('Winter Bid · StationBid');
  });

  it("gives its place to the outcome card once the member's turn has one, keeping the live region", () => {
    renderHeader({
      myEntry: priya ?? null,
      outcome: { kind: 'moved', by: null, chanceMinutes: 1, turnsAway: 4 },
    });
    expect(screen.queryByRole('region', { name: 'On the clock' })).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'You missed your turn.' });
    expect(card).toHaveTextContent("You're at the back now; you get one more 1-minute chance in about 4 turns.");
    expect(card).toHaveTextContent('Now: Morgan Hale is on the clock · 2:05');
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('announces the outcome card when it arrives, in the same live region, once', () => {
    const view = renderHeader({ myEntry: hale ?? null, isTurnOpen: true, remainingMs: 30_000 });
    const region = liveRegion();
    view.rerender({
      myEntry: hale ?? null,
      isTurnOpen: false,
      outcome: { kind: 'moved', by: null, chanceMinutes: 1, turnsAway: 4 },
    });
    // The same element, not a new one mounted with its words already in it (which is not read out).
    expect(screen.getAllByRole('status')).toEqual([region]);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent(
      "You missed your turn. You're at the back now; you get one more 1-minute chance in about 4 turns.",
    );
    // The clock ticking under the card says nothing new.
    view.rerender({
      myEntry: hale ?? null,
      isTurnOpen: false,
      remainingMs: 20_000,
      outcome: { kind: 'moved', by: null, chanceMinutes: 1, turnsAway: 4 },
    });
    expect(screen.getAllByRole('status')).toEqual([region]);
    expect(region).toHaveTextContent('You missed your turn.');
    // The next outcome (the list took a seat at the second chance) is announced in its place.
    view.rerender({
      myEntry: hale ?? null,
      isTurnOpen: false,
      outcome: {
        kind: 'award',
        seat: { stationNumber: 2, shift: 'A', position: 'Captain' },
        at: '2026-03-01T17:29:00.000Z',
        source: 'ranked_list',
        listChoice: 1,
        placedBy: null,
        seatLeft: null,
        isCompleted: false,
      },
    });
    expect(screen.getAllByRole('status')).toEqual([region]);
    expect(region).toHaveTextContent(/Your ranked list took your 1st choice/);
  });

  it('does not read out an outcome card already there when the page opens', () => {
    renderHeader({ myEntry: priya ?? null, outcome: { kind: 'ended-early' } });
    expect(liveRegion()).toHaveTextContent('');
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
