import { describe, expect, it } from 'vitest';
import { applyCommand, getTurnHolder } from './apply-command.ts';
import {
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  historyOf,
  seatIdOf,
  startSession,
  TEST_ADMIN,
  TEST_START_TIME,
} from './test-builders.ts';
import type { EngineEvent, EngineState, SeatChoice } from './types.ts';

// Station 7's B-shift Firefighter seat has opened; Hale holds Station 2's, Quinn Station 4's,
// Ortiz Station 5's. Hale is the most senior.
const seats = [2, 4, 5, 7].flatMap((number) =>
  buildStationSeats({ stationId: `s${number}`, stationNumber: number, seats: { B: { Firefighter: 1 } } }),
);
const seatOf = (number: number) => seatIdOf(`s${number}`, 'B', 'Firefighter');
const at = (number: number): SeatChoice => ({ stationId: `s${number}`, shift: 'B', seatPosition: 'Firefighter' });

function vacancyBid(
  preferences: Partial<
    Record<'hale' | 'quinn' | 'ortiz', { choices: SeatChoice[]; standingBid?: boolean; autoBid?: boolean }>
  > = {},
): EngineState {
  return buildEngineState({
    session: { vacancy: true },
    seats,
    participants: [
      { participantId: 'hale', name: 'Hale', holdsSeatId: seatOf(2), preferences: preferences.hale },
      { participantId: 'quinn', name: 'Quinn', holdsSeatId: seatOf(4), preferences: preferences.quinn },
      { participantId: 'ortiz', name: 'Ortiz', holdsSeatId: seatOf(5), preferences: preferences.ortiz },
    ],
  });
}

const holder = (state: EngineState) => getTurnHolder(state)?.participantId ?? null;
const take = (state: EngineState, participantId: string, number: number) =>
  applyOrThrow(state, { type: 'bid', now: TEST_START_TIME, actor: TEST_ADMIN, participantId, seat: at(number) });
const pass = (state: EngineState, participantId: string) =>
  applyOrThrow(state, {
    type: 'skip',
    now: TEST_START_TIME,
    actor: { memberId: `member-${participantId}`, name: participantId, isAdmin: false },
    participantId,
  });
/** "Hale: 2 to 7 opened 2" for each move in the events. */
const moves = (events: readonly EngineEvent[]) =>
  historyOf(events)
    .filter((entry) => entry.action === 'bid_submitted' || entry.action === 'auto_assigned')
    .map((entry) => {
      const opened = entry.details.opened as { stationNumber: number } | undefined;
      return `${entry.userName}: to ${entry.seat?.stationNumber} opened ${opened?.stationNumber ?? 'nothing'}`;
    });

describe('a vacancy bid', () => {
  it('offers the seat each move leaves from the top, to those who have not moved, until nobody takes one', () => {
    let state = startSession(vacancyBid()).state;
    expect(holder(state)).toBe('hale');
    const events: EngineEvent[] = [];
    const step = (result: { state: EngineState; events: EngineEvent[] }) => {
      events.push(...result.events);
      state = result.state;
    };
    step(take(state, 'hale', 7));
    // Station 2 is open now; Hale has moved, so Quinn is offered it first.
    expect(holder(state)).toBe('quinn');
    step(take(state, 'quinn', 2));
    expect(holder(state)).toBe('ortiz');
    step(take(state, 'ortiz', 4));
    expect(moves(events)).toEqual(['Hale: to 7 opened 2', 'Quinn: to 2 opened 4', 'Ortiz: to 4 opened 5']);
    // Everyone has moved: Station 5 stays vacant for the administrator.
    expect(state.session.status).toBe('completed');
    expect(state.seats.find((seat) => seat.seatId === seatOf(5))?.holderMemberId).toBeNull();
  });

  it('gives a member who passed another chance when a new seat opens', () => {
    let state = startSession(vacancyBid()).state;
    state = pass(state, 'hale').state;
    state = take(state, 'quinn', 7).state;
    // Station 4 opened: the offer begins again with Hale, who passed on Station 7 only.
    expect(holder(state)).toBe('hale');
    state = take(state, 'hale', 4).state;
    expect(holder(state)).toBe('ortiz');
    state = pass(state, 'ortiz').state;
    expect(state.session.status).toBe('completed');
    const holderOf = (number: number) => state.seats.find((seat) => seat.seatId === seatOf(number))?.holderMemberId;
    expect([holderOf(2), holderOf(4), holderOf(5), holderOf(7)]).toEqual([
      null,
      'member-hale',
      'member-ortiz',
      'member-quinn',
    ]);
  });

  it('ends when every open seat has been passed by everyone, and a missed turn is a pass', () => {
    let state = startSession(vacancyBid()).state;
    state = pass(state, 'hale').state;
    const expired = applyCommand(state, { type: 'expire', now: (state.session.currentBidEnd ?? 0) + 1 });
    if (!expired?.ok) throw new Error('the expiry was refused');
    expect(historyOf(expired.events).map((entry) => [entry.action, entry.details.reason])).toContainEqual([
      'turn_skipped',
      'time expired',
    ]);
    state = pass(expired.state, 'ortiz').state;
    expect(state.session.status).toBe('completed');
    expect(state.participants.map((participant) => participant.movedToBack)).toEqual([false, false, false]);
  });

  it('takes a standing bid when its seat opens, and passes it at once while none has', () => {
    const standing = vacancyBid({
      hale: { choices: [at(5)], standingBid: true },
      quinn: { choices: [at(7)], standingBid: true },
    });
    const started = startSession(standing);
    // Hale wants Station 5, which is not open: passed without a countdown. Quinn's Station 7 is open.
    // Station 4 opens and the offer returns to Hale (passes again at once), then to Ortiz.
    expect(moves(started.events)).toEqual(['Quinn: to 7 opened 4']);
    expect(holder(started.state)).toBe('ortiz');
    const ortiz = take(started.state, 'ortiz', 4);
    // Station 5 opened: Hale's standing bid takes it as the offer begins again.
    expect(moves(ortiz.events)).toEqual(['Ortiz: to 4 opened 5', 'Hale: to 5 opened 2']);
    expect(ortiz.state.session.status).toBe('completed');
  });

  it('will not move a member to the back, rewind, or let a member take the seat they hold', () => {
    const state = startSession(vacancyBid()).state;
    const moved = applyCommand(state, {
      type: 'move_to_back',
      now: TEST_START_TIME,
      actor: TEST_ADMIN,
      participantId: 'hale',
    });
    expect(moved).toMatchObject({ ok: false, refusal: { code: 'CONFLICT' } });
    const rewound = applyCommand(take(state, 'hale', 7).state, {
      type: 'rewind',
      now: TEST_START_TIME,
      actor: TEST_ADMIN,
      participantId: 'hale',
      reason: 'wrong seat',
    });
    expect(rewound).toMatchObject({ ok: false, refusal: { code: 'CONFLICT' } });
    const own = applyCommand(state, {
      type: 'bid',
      now: TEST_START_TIME,
      actor: TEST_ADMIN,
      participantId: 'hale',
      seat: at(2),
    });
    expect(own).toMatchObject({ ok: false, refusal: { code: 'CONFLICT' } });
  });
});
