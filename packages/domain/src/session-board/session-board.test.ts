import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withSeatsAtStart } from '../bid-engine/commands/rewind.ts';
import {
  actorFor,
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  MINUTE_MS,
  startSession,
  TEST_ADMIN,
  TEST_START_TIME,
} from '../bid-engine/test-builders.ts';
import type { EngineEvent, EngineState } from '../bid-engine/types.ts';
import type { SessionChangedEvent } from '../schemas/live.ts';
import type { SessionBoard } from '../schemas/session-board.ts';
import { applySessionChange } from './apply-session-change.ts';
import {
  type BoardStationInfo,
  buildSessionBoard,
  describeBoardChange,
  type PresentedStations,
} from './build-session-board.ts';

const STATIONS: BoardStationInfo[] = [
  { id: 'st-1', name: 'Station 1', number: 1, address: '1 Main St' },
  { id: 'st-2', name: 'Station 2', number: 2, address: '2 Main St' },
];

function department(participantCount: number): EngineState {
  return buildEngineState({
    participants: Array.from({ length: participantCount }, (_, index) => ({ participantId: `p${index + 1}` })),
    seats: [
      ...buildStationSeats({
        stationId: 'st-1',
        stationNumber: 1,
        seats: { A: { Firefighter: 2 }, B: { Firefighter: 1 } },
      }),
      ...buildStationSeats({
        stationId: 'st-2',
        stationNumber: 2,
        seats: { A: { Firefighter: 1 }, C: { Firefighter: 2 } },
      }),
    ],
  });
}

function boardOf(
  state: EngineState,
  version: number,
  picks: SessionBoard['recentPicks'] = [],
  previous?: PresentedStations,
): SessionBoard {
  return buildSessionBoard({
    ...(previous ? { previous } : {}),
    session: {
      sessionId: 'session-1',
      version,
      name: 'Annual bid',
      description: '',
      year: 2026,
      bidWindowMinutes: 5,
      autoAssignTimeoutMinutes: 2,
      eligibilityMode: 'rank',
      startDate: null,
      endDate: null,
      scheduledStart: null,
      scheduledEnd: null,
    },
    state,
    stations: STATIONS,
    recentPicks: picks,
  });
}

/** The events a server would publish for a step, as session-events.ts builds them. */
function eventsOf(before: EngineState, after: EngineState, events: readonly EngineEvent[], version: number) {
  const change = describeBoardChange(before, after, events);
  return events.flatMap((event): SessionChangedEvent[] => {
    if (event.kind !== 'history') return [];
    const pick = event.entry.participantId ? change.picks.get(event.entry.participantId) : undefined;
    return [
      {
        type: 'session.changed',
        sessionId: 'session-1',
        action: event.entry.action,
        at: new Date(event.entry.at).toISOString(),
        version,
        ...(change.seatCounts ? { board: change.head, seatCounts: change.seatCounts } : {}),
        ...(pick && event.entry.seat ? { pick } : {}),
      },
    ];
  });
}

function freeSeats(board: SessionBoard, stationId: string, shift: 'A' | 'B' | 'C') {
  return board.stations.find((station) => station.id === stationId)?.availablePositions[shift];
}

describe('buildSessionBoard', () => {
  it('names the turn holder, the next ones, the counts and every seat group with free and total', () => {
    const { state } = startSession(department(8));
    const board = boardOf(state, 1);
    expect(board.status).toBe('active');
    expect(board.turn?.participantId).toBe('p1');
    expect(board.upcoming.map((participant) => participant.participantId)).toEqual(['p2', 'p3', 'p4', 'p5', 'p6']);
    expect(board.counts).toEqual({
      total: 8,
      done: 0,
      waiting: 8,
      awarded: 0,
      movedToBack: 0,
      byOutcome: { bid: 0, proxy_bid: 0, auto_assigned: 0, skipped: 0, not_assigned: 0 },
    });
    expect(freeSeats(board, 'st-1', 'A')).toEqual([{ position: 'Firefighter', count: 2, total: 2 }]);
    expect(board.stations.map((station) => [station.id, station.available, station.totalCapacity])).toEqual([
      ['st-1', 3, 3],
      ['st-2', 3, 3],
    ]);
    expect(board.currentBidEnd).toBe(new Date(TEST_START_TIME + 5 * MINUTE_MS).toISOString());
  });

  it('shows no turn and nobody upcoming before the start', () => {
    const board = boardOf(department(3), 0);
    expect(board.status).toBe('draft');
    expect(board.turn).toBeNull();
    expect(board.upcoming).toEqual([]);
  });
});

describe('applySessionChange', () => {
  function bidStep(state: EngineState, participantId: string, seatId: string, at: number) {
    const seat = state.seats.find((candidate) => candidate.seatId === seatId);
    const participant = state.participants.find((candidate) => candidate.participantId === participantId);
    if (!seat || !participant) throw new Error('no such seat or participant');
    return applyOrThrow(state, {
      type: 'bid',
      now: at,
      actor: actorFor(participant),
      participantId,
      seat: { stationId: seat.stationId, shift: seat.shift, seatPosition: seat.seatPosition },
    });
  }

  it('patches a bid into the board exactly as a fresh read shows it', () => {
    const started = startSession(department(4)).state;
    const board = boardOf(started, 1);
    const step = bidStep(started, 'p1', 'st-2-A-Firefighter-1', TEST_START_TIME + MINUTE_MS);
    const [event] = eventsOf(started, step.state, step.events, 2);
    if (!event) throw new Error('a bid publishes an event');
    const outcome = applySessionChange(board, event);
    if (outcome.kind !== 'applied') throw new Error(`expected applied, got ${outcome.kind}`);
    expect(outcome.board.turn?.participantId).toBe('p2');
    expect(outcome.board.recentPicks[0]).toMatchObject({
      participantId: 'p1',
      station: { id: 'st-2', number: 2 },
      shift: 'A',
      kind: 'own',
    });
    expect(outcome.board).toEqual(boardOf(step.state, 2, outcome.board.recentPicks));
  });

  it('changes nothing when the same event comes twice, or an older one comes late', () => {
    const started = startSession(department(4)).state;
    const step = bidStep(started, 'p1', 'st-1-A-Firefighter-1', TEST_START_TIME + MINUTE_MS);
    const [event] = eventsOf(started, step.state, step.events, 2);
    if (!event) throw new Error('a bid publishes an event');
    const once = applySessionChange(boardOf(started, 1), event);
    if (once.kind !== 'applied') throw new Error('expected applied');
    const twice = applySessionChange(once.board, event);
    expect(twice.kind === 'applied' && twice.board).toEqual(once.board);
    expect(applySessionChange(once.board, { ...event, version: 1 })).toEqual({ kind: 'stale', board: once.board });
  });

  it('asks for a read when a version was missed, when the event names none, or has no board', () => {
    const started = startSession(department(4)).state;
    const step = bidStep(started, 'p1', 'st-1-A-Firefighter-1', TEST_START_TIME + MINUTE_MS);
    const [event] = eventsOf(started, step.state, step.events, 3);
    if (!event) throw new Error('a bid publishes an event');
    const board = boardOf(started, 1);
    expect(applySessionChange(board, event).kind).toBe('gap');
    expect(applySessionChange(board, { ...event, version: undefined }).kind).toBe('gap');
    expect(applySessionChange(board, { ...event, version: 2, board: undefined }).kind).toBe('gap');
  });

  it('asks for a read after a rewind, which takes picks back', () => {
    const initial = department(4);
    const started = startSession(initial).state;
    const bid = bidStep(started, 'p1', 'st-1-A-Firefighter-1', TEST_START_TIME + MINUTE_MS);
    const rewound = applyOrThrow(withSeatsAtStart(bid.state, initial), {
      type: 'rewind',
      now: TEST_START_TIME + 2 * MINUTE_MS,
      actor: TEST_ADMIN,
      participantId: 'p1',
      reason: 'Wrong seat',
    });
    const events = eventsOf(bid.state, rewound.state, rewound.events, 3);
    expect(events.map((event) => event.action)).toEqual(['session_rewound', 'turn_undone', 'turn_undone']);
    for (const event of events) expect(applySessionChange(boardOf(bid.state, 2), event).kind).toBe('gap');
  });

  it('follows a whole random session by patches alone and ends where a fresh read ends; a board built from the one before is a fresh one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }),
        fc.array(fc.constantFrom('bid', 'skip', 'expire', 'pause-resume'), { minLength: 1, maxLength: 14 }),
        fc.array(fc.nat(), { minLength: 14, maxLength: 14 }),
        (participantCount, moves, choices) => {
          let state = startSession(department(participantCount)).state;
          let version = 1;
          let board = boardOf(state, version);
          let presented: PresentedStations = { stations: STATIONS, seats: state.seats, presented: board.stations };
          let now = TEST_START_TIME;
          moves.forEach((move, index) => {
            if (state.session.status === 'completed') return;
            // Well inside the turn for a bid or a skip; past the deadline for an expiry.
            now += 1000;
            const holder = state.participants[state.session.currentParticipant - 1];
            let step: { state: EngineState; events: EngineEvent[] };
            if (move === 'bid' && holder && state.session.status === 'active') {
              const free = state.seats.filter((seat) => seat.holderMemberId === null);
              const seat = free[(choices[index] ?? 0) % Math.max(1, free.length)];
              if (!seat) return;
              step = bidStep(state, holder.participantId, seat.seatId, now);
            } else if (move === 'skip' && holder && state.session.status === 'active') {
              step = applyOrThrow(state, {
                type: 'skip',
                now,
                actor: actorFor(holder),
                participantId: holder.participantId,
              });
            } else if (move === 'expire' && state.session.status === 'active') {
              now = Math.max(now, (state.session.currentBidEnd ?? now) + 1);
              step = applyOrThrow(state, { type: 'expire', now });
            } else {
              return;
            }
            if (step.state === state) return;
            version += 1;
            for (const event of eventsOf(state, step.state, step.events, version)) {
              const outcome = applySessionChange(board, event);
              if (outcome.kind === 'gap') throw new Error('a step in sequence never leaves a gap');
              board = outcome.board;
            }
            state = step.state;
            const fromBefore = boardOf(state, version, [], presented);
            expect(fromBefore).toEqual(boardOf(state, version));
            presented = { stations: STATIONS, seats: state.seats, presented: fromBefore.stations };
          });
          expect(board).toEqual(boardOf(state, version, board.recentPicks));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a session with rounds and seats that require certifications', () => {
  const PM_UNTIL_2030 = [{ code: 'PM', expiresOn: '2030-12-31' }];

  /** Two officers bid first, then three firefighters; two of Station 1's A-shift Firefighter seats need a Paramedic and must be filled. */
  function ruledDepartment(): EngineState {
    const seats = buildStationSeats({
      stationId: 'st-1',
      stationNumber: 1,
      seats: { A: { Captain: 2, Firefighter: 3 } },
    }).map((seat) =>
      seat.seatPosition === 'Firefighter' && seat.ordinal <= 2 ? { ...seat, requires: ['PM'], mustFill: true } : seat,
    );
    return buildEngineState({
      session: {
        rounds: [
          { name: "Officers' round", ranks: ['Captain'], bidWindowMinutes: 5 },
          { name: "Firefighters' round", ranks: ['Firefighter'], bidWindowMinutes: 3 },
        ],
        effectiveDate: '2025-01-06',
        certificationNames: { PM: 'Paramedic' },
      },
      participants: [
        { participantId: 'p1', rank: 'Captain', round: 0 },
        { participantId: 'p2', rank: 'Captain', round: 0 },
        { participantId: 'p3', rank: 'Firefighter', round: 1, certifications: PM_UNTIL_2030 },
        { participantId: 'p4', rank: 'Firefighter', round: 1, certifications: PM_UNTIL_2030 },
        {
          participantId: 'p5',
          rank: 'Firefighter',
          round: 1,
          preferences: {
            standingBid: true,
            choices: [{ stationId: 'st-1', shift: 'A', seatPosition: 'Firefighter' }],
          },
        },
      ],
      seats,
    });
  }

  function bid(state: EngineState, participantId: string, seatPosition: 'Captain' | 'Firefighter', now: number) {
    const participant = state.participants.find((candidate) => candidate.participantId === participantId);
    if (!participant) throw new Error(`no participant ${participantId}`);
    return applyOrThrow(state, {
      type: 'bid',
      now,
      actor: actorFor(participant),
      participantId,
      seat: { stationId: 'st-1', shift: 'A', seatPosition },
    });
  }

  it('lists the rounds with where each begins in the queue, and the round under way', () => {
    const draft = boardOf(ruledDepartment(), 0);
    expect(draft.rounds).toEqual([
      { name: "Officers' round", ranks: ['Captain'], bidWindowDuration: 5, firstQueuePosition: 0, participants: 2 },
      {
        name: "Firefighters' round",
        ranks: ['Firefighter'],
        bidWindowDuration: 3,
        firstQueuePosition: 2,
        participants: 3,
      },
    ]);
    expect(draft.currentRound).toBeNull();
    expect(draft.effectiveDate).toBe('2025-01-06');
    expect(draft.certificationNames).toEqual({ PM: 'Paramedic' });
    expect(boardOf(startSession(ruledDepartment()).state, 1).currentRound).toBe(0);
  });

  it('has no rounds and no round under way for a session without them', () => {
    const board = boardOf(startSession(department(2)).state, 1);
    expect(board.rounds).toEqual([]);
    expect(board.currentRound).toBeNull();
  });

  it('splits a position whose seats have rules into its groups, plain seats first, and leaves other positions whole', () => {
    const board = boardOf(ruledDepartment(), 0);
    expect(freeSeats(board, 'st-1', 'A')).toEqual([
      { position: 'Captain', count: 2, total: 2 },
      {
        position: 'Firefighter',
        count: 3,
        total: 3,
        groups: [
          { requires: [], mustFill: false, count: 1, total: 1 },
          { requires: ['PM'], mustFill: true, count: 2, total: 2 },
        ],
      },
    ]);
  });

  it('follows the rounds, the groups and a standing bid by patches exactly as fresh reads show them', () => {
    let state = startSession(ruledDepartment()).state;
    let version = 1;
    let board = boardOf(state, version);
    let now = TEST_START_TIME;
    const steps: [string, 'Captain' | 'Firefighter'][] = [
      ['p1', 'Captain'],
      ['p2', 'Captain'],
      ['p3', 'Firefighter'],
      ['p4', 'Firefighter'],
    ];
    const roundsSeen: (number | null | undefined)[] = [board.currentRound];
    for (const [participantId, position] of steps) {
      now += MINUTE_MS;
      const step = bid(state, participantId, position, now);
      version += 1;
      for (const event of eventsOf(state, step.state, step.events, version)) {
        const outcome = applySessionChange(board, event);
        if (outcome.kind === 'gap') throw new Error('a step in sequence never leaves a gap');
        board = outcome.board;
      }
      state = step.state;
      roundsSeen.push(board.currentRound);
      expect(board).toEqual(boardOf(state, version, board.recentPicks));
    }
    // p2's bid began the firefighters' round; p4's bid let p5's standing bid take the last seat.
    expect(roundsSeen).toEqual([0, 0, 1, 1, null]);
    expect(state.session.status).toBe('completed');
    expect(board.recentPicks[0]).toMatchObject({ participantId: 'p5', standingBid: true, position: 'Firefighter' });
    expect(board.recentPicks[1]).not.toHaveProperty('standingBid');
    const firefighters = freeSeats(board, 'st-1', 'A')?.find((entry) => entry.position === 'Firefighter');
    expect(firefighters?.groups).toEqual([
      { requires: [], mustFill: false, count: 0, total: 1 },
      { requires: ['PM'], mustFill: true, count: 0, total: 2 },
    ]);
  });
});
