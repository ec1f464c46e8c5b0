/**
 * The pure parts of the session services: what a PUT changes (session-admin's session-changes) and
 * the answers about a member's place and a session's results (this area's presenters). No database:
 * rows are built here with only the fields these functions read.
 */
import type { BidSessionDetail, Participant } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import {
  buildSessionChanges,
  listChangedFields,
  listFieldsRefusedWhileRunning,
} from '../session-admin/session-changes.ts';
import type { HistoryRow, SessionRow } from '../session-engine/bid-sessions.repository.ts';
import { sessionDetailAsReadBy } from '../session-engine/session-access.ts';
import {
  countPeopleAhead,
  presentBidStatus,
  presentMemberBid,
  presentMyParticipation,
  secondsLeftInTurn,
} from './member-place-presenter.ts';
import { minutesBetween, presentDetailAnswer, presentResults } from './session-results-presenter.ts';

const NOW = new Date('2026-03-01T10:00:00.000Z');

function sessionRow(values: Partial<SessionRow> = {}): SessionRow {
  return {
    id: 's1',
    name: 'Spring bid',
    description: '',
    year: 2026,
    status: 'active',
    bidWindowMinutes: 5,
    autoAssignTimeoutMinutes: 2,
    startDate: null,
    endDate: null,
    scheduledStart: null,
    scheduledEnd: null,
    currentParticipant: 1,
    currentBidEnd: null,
    pausedRemainingMs: null,
    clearAssignments: false,
    eligibilityMode: 'rank',
    tieBreakChain: ['yearsOfService', 'employeeId'],
    randomSeed: null,
    ...values,
  } as SessionRow;
}

function participant(values: Partial<Participant> = {}): Participant {
  return {
    id: 'p1',
    position: 0,
    outcome: null,
    movedToBack: false,
    isCurrentTurn: false,
    hasBid: false,
    assignedStation: null,
    timeWindow: { start: null, end: null },
    ...values,
  } as Participant;
}

describe('what a session update changes', () => {
  const stored = { stationIds: ['st1', 'st2'], participantMemberIds: ['m1', 'm2'] };

  it('lists only the fields whose value differs from the stored session', () => {
    const session = sessionRow({ name: 'Spring bid', scheduledStart: new Date('2026-04-01T08:00:00.000Z') });
    const changed = listChangedFields(
      session,
      {
        name: 'Spring bid',
        description: 'New text',
        scheduledStart: '2026-04-01T08:00:00.000Z',
        stationIds: ['st2', 'st1'],
        participantIds: ['m1', 'm3'],
      },
      stored,
    );
    expect(changed).toEqual(['description', 'participantIds']);
  });

  it('refuses every field but name, description, bid window and auto-assign timeout while running', () => {
    expect(listFieldsRefusedWhileRunning(['name', 'year', 'bidWindowDuration', 'stationIds'])).toEqual([
      'year',
      'stationIds',
    ]);
  });

  it('turns the request into column changes, and the status follows the scheduled start before the start', () => {
    const changes = buildSessionChanges(
      sessionRow({ status: 'draft' }),
      { bidWindowDuration: 7, scheduledStart: '2026-04-01T08:00:00.000Z' },
      NOW,
      () => 'seed',
    );
    expect(changes).toEqual({
      updatedAt: NOW,
      bidWindowMinutes: 7,
      scheduledStart: new Date('2026-04-01T08:00:00.000Z'),
      status: 'scheduled',
    });
    expect(
      buildSessionChanges(sessionRow({ status: 'scheduled' }), { scheduledStart: null }, NOW, () => 'x').status,
    ).toBe('draft');
  });

  it('draws a new random seed only when the chain gains the random link, and drops it when it loses it', () => {
    const withoutRandom = sessionRow({ tieBreakChain: ['employeeId'] });
    expect(buildSessionChanges(withoutRandom, { tieBreakChain: ['random'] }, NOW, () => 'seed').randomSeed).toBe(
      'seed',
    );
    const withRandom = sessionRow({ tieBreakChain: ['random'], randomSeed: 'old' });
    expect(buildSessionChanges(withRandom, { tieBreakChain: ['random'] }, NOW, () => 'seed')).not.toHaveProperty(
      'randomSeed',
    );
    expect(buildSessionChanges(withRandom, { tieBreakChain: ['employeeId'] }, NOW, () => 'seed').randomSeed).toBeNull();
  });
});

describe("a member's place", () => {
  it('counts the people still to bid before the member, from the turn holder on', () => {
    const session = sessionRow({ status: 'active', currentParticipant: 3 });
    expect(countPeopleAhead(participant({ position: 5 }), session)).toBe(3);
    expect(countPeopleAhead(participant({ position: 2, isCurrentTurn: true }), session)).toBe(0);
    expect(countPeopleAhead(participant({ position: 0, outcome: 'bid' }), session)).toBe(0);
    expect(countPeopleAhead(participant({ position: 5 }), sessionRow({ status: 'scheduled' }))).toBe(5);
  });

  it('gives the seconds left in the turn by the clock, and the frozen remainder while paused', () => {
    const holder = participant({ isCurrentTurn: true });
    const running = sessionRow({ currentBidEnd: new Date(NOW.getTime() + 90_500) });
    expect(secondsLeftInTurn(running, holder, NOW)).toBe(91);
    expect(secondsLeftInTurn(sessionRow({ status: 'paused', pausedRemainingMs: 30_000 }), holder, NOW)).toBe(30);
    expect(secondsLeftInTurn(running, participant(), NOW)).toBe(0);
  });

  it('answers my participation, and nothing of a session the member takes no part in', () => {
    const session = sessionRow({ currentParticipant: 1, currentBidEnd: new Date(NOW.getTime() + 60_000) });
    const mine = participant({ position: 0, isCurrentTurn: true });
    expect(presentMyParticipation(session, mine, NOW)).toEqual({
      participant: mine,
      isUserTurn: true,
      peopleAhead: 0,
      timeRemaining: 60,
      myRound: null,
      certifications: [],
    });
    const own = {
      myRound: { index: 2, name: "Firefighters' round", turnsBefore: 12 },
      certifications: [{ code: 'PM', expiresOn: '2027-03-31' }],
    };
    expect(presentMyParticipation(session, mine, NOW, own)).toMatchObject(own);
    // A non-participant's answer is as it always was, whatever the member holds.
    expect(presentMyParticipation(session, null, NOW, own)).toEqual({
      participant: null,
      isUserTurn: false,
      peopleAhead: 0,
      timeRemaining: 0,
    });
  });

  it('places a waiting member counting from 1 at the turn, and a member done at their queue place', () => {
    const session = sessionRow({ currentParticipant: 2 });
    expect(presentBidStatus(session, participant({ position: 4 }), null, NOW).position).toBe(4);
    expect(presentBidStatus(session, participant({ position: 0, outcome: 'bid' }), null, NOW).position).toBe(1);
    expect(presentBidStatus(null, null, null, NOW)).toEqual({
      position: null,
      isUserTurn: false,
      timeRemaining: 0,
      session: null,
    });
  });

  it('presents an accepted bid with its session, and as completed once the session is', () => {
    const createdAt = new Date('2026-03-01T09:00:00.000Z');
    const row = {
      bid: {
        id: 'b1',
        createdAt,
        stationName: 'Central',
        stationNumber: 1,
        shift: 'A',
        seatPosition: 'Captain',
        kind: 'own',
      },
      session: { id: 's1', name: 'Spring bid', year: 2026, status: 'completed' },
      bidPriority: 3,
    } as Parameters<typeof presentMemberBid>[0];
    expect(presentMemberBid(row)).toEqual({
      _id: 'b1',
      id: 'b1',
      createdAt: createdAt.toISOString(),
      timestamp: createdAt.toISOString(),
      session: { _id: 's1', id: 's1', name: 'Spring bid', year: 2026 },
      station: { name: 'Central', number: 1 },
      shift: 'A',
      position: 'Captain',
      kind: 'own',
      status: 'completed',
      bidPriority: 3,
    });
  });
});

describe("a session's results", () => {
  const station = { id: 'st1', _id: 'st1', name: 'Central', number: 1 };
  const detail = {
    id: 's1',
    name: 'Spring bid',
    year: 2026,
    status: 'completed',
    totalParticipants: 2,
    completedBids: 2,
    scheduledStart: null,
    scheduledEnd: null,
    actualStart: '2026-03-01T08:00:00.000Z',
    actualEnd: '2026-03-01T09:29:40.000Z',
    participants: [
      participant({
        id: 'p1',
        outcome: 'bid',
        hasBid: true,
        assignedStation: station,
        user: { id: 'm1', firstName: 'Morgan', lastName: 'Hale' } as Participant['user'],
      }),
      participant({ id: 'p2', position: 1, outcome: 'not_assigned' }),
    ],
    availableStations: [
      {
        ...station,
        address: '',
        availablePositions: { A: [], B: [], C: [] },
        available: 3,
        totalCapacity: 4,
      },
    ],
  } as unknown as BidSessionDetail;

  it('rounds the session duration to whole minutes, and has none before the end', () => {
    expect(minutesBetween('2026-03-01T08:00:00.000Z', '2026-03-01T09:29:40.000Z')).toBe(90);
    expect(minutesBetween('2026-03-01T08:00:00.000Z', null)).toBeNull();
  });

  it('gives each participant their reason, or null, with the statistics and the history', () => {
    const history = [
      { id: 1, action: 'session_started', createdAt: new Date('2026-03-01T08:00:00.000Z'), details: {} },
    ] as unknown as HistoryRow[];
    const results = presentResults(detail, history, new Map([['p1', 'Their first choice']]));
    expect(results.sessionDuration).toBe(90);
    expect(results.participants.map((row) => row.reason)).toEqual(['Their first choice', null]);
    expect(results.statistics).toMatchObject({ successfulAssignments: 1, totalBidsSubmitted: 1 });
    expect(results.sessionHistory.map((entry) => entry.id)).toEqual(['1']);
  });

  it('answers GET /:id with the alias and each station free seats as a number, and hides the participants from others', () => {
    const answer = presentDetailAnswer(detail);
    expect(answer.bidSession).toBe(detail);
    expect(answer.availableStations[0]?.availablePositions).toBe(3);
    expect(sessionDetailAsReadBy({ role: 'outsider' }, detail).participants).toEqual([]);
  });
});
