import type { BidSessionDetail } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildBidSession, buildBidSessionDetail, buildParticipant } from '../../../test/build-bid-session.ts';
import { toSessionBoard } from '../../../test/session-board-api.ts';
import { type DashboardSessionSources, describeDashboardSession } from './dashboard-session.ts';

const MEMBER_ID = '6f1c2a4e-3b5d-4c7e-8f90-a1b2c3d4e5f6';
const MINUTE = 60_000;

/** Four participants; the member is the third (0-based 2); the first holds the turn. */
function session(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  return buildBidSessionDetail({
    status: 'active',
    participantCount: 4,
    currentParticipant: 1,
    bidWindowDuration: 5,
    autoAssignTimeout: 2,
    participants: [
      buildParticipant({ firstName: 'Ann', lastName: 'First', position: 0, isCurrentTurn: true }),
      buildParticipant({ firstName: 'Bo', lastName: 'Second', position: 1 }),
      buildParticipant({ firstName: 'Me', lastName: 'Member', position: 2, user: { id: MEMBER_ID } }),
      buildParticipant({ firstName: 'Di', lastName: 'Last', position: 3 }),
    ],
    ...overrides,
  });
}

function sources(detail: BidSessionDetail, fields: Partial<DashboardSessionSources> = {}): DashboardSessionSources {
  const mine = detail.participants.find((participant) => participant.user.id === MEMBER_ID) ?? null;
  return {
    bidStatus: { position: 3, isUserTurn: false, timeRemaining: 0, session: buildBidSession(detail) },
    board: toSessionBoard(detail),
    participation: { participant: mine, isUserTurn: mine?.isCurrentTurn === true, peopleAhead: 2, timeRemaining: 0 },
    memberId: MEMBER_ID,
    holderRemainingMs: 3 * MINUTE,
    ...fields,
  };
}

describe('describeDashboardSession', () => {
  it('says no session when the bid status names none', () => {
    const detail = session();
    expect(
      describeDashboardSession(
        sources(detail, { bidStatus: { position: null, isUserTurn: false, timeRemaining: 0, session: null } }),
      ),
    ).toEqual({ kind: 'none' });
  });

  it('gives a waiting member the people ahead and a range from the clock and the windows', () => {
    const view = describeDashboardSession(sources(session()));
    expect(view.kind).toBe('waiting');
    if (view.kind !== 'waiting') return;
    expect(view.peopleAhead).toBe(2);
    // No pick measured yet: a minute a turn at least; at most the holder's 3 minutes and one window.
    expect(view.wait).toEqual({ isYourTurn: false, isNext: false, lowerMs: 2 * MINUTE, upperMs: 8 * MINUTE });
    expect(view.isPaused).toBe(false);
  });

  it('believes the board over a stale bid status: a pause shows at once, and so does a turn that moved on', () => {
    const paused = session({
      status: 'paused',
      pausedRemainingSeconds: 90,
      participants: session().participants.map((participant) => ({
        ...participant,
        isCurrentTurn: participant.user.id === MEMBER_ID,
      })),
      currentParticipant: 3,
    });
    // The bid status was read while the member's turn ran; the board has heard of the pause since.
    const stale = { position: 1, isUserTurn: true, timeRemaining: 100, session: buildBidSession(session()) };
    const view = describeDashboardSession(sources(paused, { bidStatus: stale }));
    expect(view).toMatchObject({ kind: 'yourTurn', isPaused: true, session: { status: 'paused' } });

    // The bid status still says it is the member's turn, but the board's turn is someone else's.
    const movedOn = describeDashboardSession(sources(session(), { bidStatus: stale }));
    expect(movedOn.kind).toBe('waiting');
  });

  it('stands in with the bid status while the board loads', () => {
    const detail = session();
    const loading = { board: undefined, participation: undefined } as const;
    const mine = { position: 1, isUserTurn: true, timeRemaining: 100, session: buildBidSession(detail) };
    expect(describeDashboardSession(sources(detail, { ...loading, bidStatus: mine })).kind).toBe('yourTurn');
    const waiting = { ...mine, position: 4, isUserTurn: false };
    const view = describeDashboardSession(sources(detail, { ...loading, bidStatus: waiting }));
    expect(view).toMatchObject({ kind: 'waiting', peopleAhead: 3 });
  });

  it('counts before the start from the first turn, with no clock running', () => {
    const scheduled = session({
      status: 'scheduled',
      currentParticipant: 0,
      participants: session().participants.map((participant) => ({ ...participant, isCurrentTurn: false })),
    });
    const view = describeDashboardSession(sources(scheduled, { holderRemainingMs: null }));
    expect(view).toMatchObject({ kind: 'waiting', peopleAhead: 2, wait: { upperMs: 10 * MINUTE } });
    const first = describeDashboardSession(
      sources(scheduled, {
        holderRemainingMs: null,
        participation: {
          participant: scheduled.participants[2] ?? null,
          isUserTurn: false,
          peopleAhead: 0,
          timeRemaining: 0,
        },
      }),
    );
    expect(first).toMatchObject({ kind: 'waiting', peopleAhead: 0, wait: { isYourTurn: true } });
  });

  it('names the seat won once the turn is done, and a session that ended', () => {
    const won = session({
      participants: session().participants.map((participant) =>
        participant.user.id === MEMBER_ID
          ? {
              ...participant,
              outcome: 'bid',
              hasBid: true,
              assignedStation: { id: 's2', _id: 's2', name: 'Central', number: 2 },
              assignedShift: 'A',
              assignedPosition: 'Captain',
            }
          : participant,
      ),
    });
    expect(describeDashboardSession(sources(won))).toMatchObject({
      kind: 'done',
      seat: 'Station 2 · A shift · Captain',
    });
    expect(describeDashboardSession(sources(session({ status: 'completed' })))).toMatchObject({ kind: 'ended' });
  });

  it('tells a member who takes no part that they watch', () => {
    const detail = session();
    const view = describeDashboardSession(
      sources(detail, {
        bidStatus: { position: null, isUserTurn: false, timeRemaining: 0, session: buildBidSession(detail) },
        participation: undefined,
      }),
    );
    expect(view.kind).toBe('watching');
  });
});
