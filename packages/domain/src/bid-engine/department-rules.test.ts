/**
 * A department's rules in the engine (bidding-rules.md): qualified seats, seats that must be filled,
 * rounds and standing bids, each through the commands a member, an administrator and the turn clock
 * give.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from './apply-command.ts';
import {
  actorFor,
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  historyOf,
  MINUTE_MS,
  notificationsOf,
  type ParticipantSpec,
  participantById,
  seatById,
  seatIdOf,
  startSession,
  TEST_ADMIN,
  TEST_START_TIME,
} from './test-builders.ts';
import type { EngineSeat, EngineSession, EngineState, SeatChoice } from './types.ts';

const PM_NAMES = { certificationNames: { PM: 'Paramedic', DO: 'Driver/Operator' }, effectiveDate: '2026-12-01' };

/** Station 7 (the medic station): on B shift two Firefighter seats need a Paramedic and must be filled, one does not. */
function medicStationSeats(): EngineSeat[] {
  return buildStationSeats({ stationId: 's7', stationNumber: 7, seats: { B: { Firefighter: 3 } } }).map((seat) =>
    seat.ordinal <= 2 ? { ...seat, requires: ['PM'], mustFill: true } : seat,
  );
}

const station2 = () => buildStationSeats({ stationId: 's2', stationNumber: 2, seats: { A: { Firefighter: 3 } } });

const FIREFIGHTER_B7: SeatChoice = { stationId: 's7', shift: 'B', seatPosition: 'Firefighter' };
const FIREFIGHTER_A2: SeatChoice = { stationId: 's2', shift: 'A', seatPosition: 'Firefighter' };

const paramedic = (participantId: string, expiresOn: string | null = null): ParticipantSpec => ({
  participantId,
  certifications: [{ code: 'PM', expiresOn }],
});

function started(participants: ParticipantSpec[], seats: EngineSeat[], session: Partial<EngineSession> = {}) {
  return startSession(buildEngineState({ participants, seats, session: { ...PM_NAMES, ...session } })).state;
}

function bidAs(state: EngineState, participantId: string, seat: SeatChoice, now = TEST_START_TIME + MINUTE_MS) {
  const participant = participantById(state, participantId);
  return applyCommand(state, { type: 'bid', now, actor: actorFor(participant), participantId, seat });
}

describe('qualified seats', () => {
  it('refuses a seat whose certification the member lets expire, naming the card and the day', () => {
    const state = started([paramedic('p1', '2026-03-31'), paramedic('p2'), paramedic('p3')], medicStationSeats());
    // The plain seat is taken first so that only Paramedic seats are left of that kind.
    const withPlainTaken = {
      ...state,
      seats: state.seats.map((seat) => (seat.ordinal === 3 ? { ...seat, holderMemberId: 'outsider' } : seat)),
    };
    const result = bidAs(withPlainTaken, 'p1', FIREFIGHTER_B7);
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'FORBIDDEN',
        message: "Station 7's B-shift Firefighter/PM seat needs Paramedic; your Paramedic card expired on 2026-03-31.",
      },
    });
  });

  it('says so when the member never held the card', () => {
    const state = started(
      [{ participantId: 'p1' }],
      medicStationSeats()
        .slice(0, 1)
        .map((seat) => ({ ...seat, mustFill: false })),
    );
    const result = bidAs(state, 'p1', FIREFIGHTER_B7);
    expect(result.ok === false && result.refusal.message).toBe(
      "Station 7's B-shift Firefighter/PM seat needs Paramedic; you do not hold it.",
    );
  });

  it('counts a card valid through the session day, and gives an unqualified member the plain seat of that kind', () => {
    const state = started(
      [paramedic('p1', '2026-12-01'), { participantId: 'p2' }, paramedic('p3')],
      medicStationSeats().map((seat) => ({ ...seat, mustFill: false })),
    );
    const afterFirst = applyOrThrow(state, {
      type: 'bid',
      now: TEST_START_TIME + MINUTE_MS,
      actor: actorFor(participantById(state, 'p1')),
      participantId: 'p1',
      seat: FIREFIGHTER_B7,
    }).state;
    expect(participantById(afterFirst, 'p1').awardedSeat?.seatId).toBe(seatIdOf('s7', 'B', 'Firefighter', 1));
    const afterSecond = applyOrThrow(afterFirst, {
      type: 'bid',
      now: TEST_START_TIME + 2 * MINUTE_MS,
      actor: actorFor(participantById(afterFirst, 'p2')),
      participantId: 'p2',
      seat: FIREFIGHTER_B7,
    }).state;
    // Seat 2 needs a Paramedic; the member without one gets seat 3.
    expect(participantById(afterSecond, 'p2').awardedSeat?.seatId).toBe(seatIdOf('s7', 'B', 'Firefighter', 3));
  });

  it('holds a phone-in bid to the same rule', () => {
    const state = started([{ participantId: 'p1' }], medicStationSeats().slice(0, 1));
    const result = applyCommand(state, {
      type: 'bid',
      now: TEST_START_TIME + MINUTE_MS,
      actor: TEST_ADMIN,
      participantId: 'p1',
      seat: FIREFIGHTER_B7,
    });
    expect(result.ok === false && result.refusal.code).toBe('FORBIDDEN');
  });
});

describe('seats that must be filled', () => {
  const twoParamedicsLeft = () =>
    started([paramedic('p1'), paramedic('p2'), { participantId: 'p3' }], [...medicStationSeats(), ...station2()]);

  it('refuses a bid that would leave a must-fill seat nobody left could take, and says which seats to choose', () => {
    const result = bidAs(twoParamedicsLeft(), 'p1', FIREFIGHTER_A2);
    expect(result).toEqual({
      ok: false,
      refusal: {
        code: 'CONFLICT',
        message:
          'Station 7 needs your Paramedic card: 2 Paramedic seats are left and 2 Paramedics are left to bid. Choose one of those seats.',
      },
    });
  });

  it('accepts the must-fill seat, and the plain seat of the same kind gives way to it', () => {
    const result = bidAs(twoParamedicsLeft(), 'p1', FIREFIGHTER_B7);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(participantById(result.state, 'p1').awardedSeat?.seatId).toBe(seatIdOf('s7', 'B', 'Firefighter', 1));
  });

  it('lets a Paramedic go elsewhere while enough Paramedics are left', () => {
    const state = started([paramedic('p1'), paramedic('p2'), paramedic('p3')], [...medicStationSeats(), ...station2()]);
    expect(bidAs(state, 'p1', FIREFIGHTER_A2).ok).toBe(true);
  });

  it('refuses a pass by a member the must-fill seats need', () => {
    const state = twoParamedicsLeft();
    const result = applyCommand(state, {
      type: 'skip',
      now: TEST_START_TIME + MINUTE_MS,
      actor: actorFor(participantById(state, 'p1')),
      participantId: 'p1',
    });
    expect(result.ok === false && result.refusal.message).toMatch(/^Station 7 needs your Paramedic card/);
  });

  it('puts a member whose second chance ran out into the must-fill seat that needs them, not into the seat they held', () => {
    const seats = [...medicStationSeats().slice(0, 1), ...station2()];
    const state = started([{ ...paramedic('p1'), holdsSeatId: seatIdOf('s2', 'A', 'Firefighter', 1) }], seats);
    const firstMiss = applyOrThrow(state, { type: 'expire', now: TEST_START_TIME + 6 * MINUTE_MS }).state;
    const secondMiss = applyOrThrow(firstMiss, { type: 'expire', now: TEST_START_TIME + 9 * MINUTE_MS });
    const holder = participantById(secondMiss.state, 'p1');
    expect(holder.awardedSeat?.seatId).toBe(seatIdOf('s7', 'B', 'Firefighter', 1));
    expect(seatById(secondMiss.state, seatIdOf('s2', 'A', 'Firefighter', 1)).holderMemberId).toBeNull();
  });

  it('skips an auto-bid choice that would break staffing and takes the next', () => {
    const state = started(
      [
        { ...paramedic('p1'), preferences: { autoBid: true, choices: [FIREFIGHTER_A2, FIREFIGHTER_B7] } },
        paramedic('p2'),
      ],
      [...medicStationSeats(), ...station2()],
    );
    const { state: after, events } = applyOrThrow(state, { type: 'expire', now: TEST_START_TIME + 6 * MINUTE_MS });
    expect(participantById(after, 'p1').awardedSeat?.stationId).toBe('s7');
    expect(historyOf(events)[0]?.details).toEqual({ source: 'auto_bid', choice: 2 });
  });

  it('keeps a member in the must-fill seat they hold while nobody left to bid could take it over', () => {
    const state = started(
      [{ ...paramedic('p1'), holdsSeatId: seatIdOf('s7', 'B', 'Firefighter', 1) }, { participantId: 'p2' }],
      [...medicStationSeats().slice(0, 1), ...station2()],
    );
    const result = bidAs(state, 'p1', FIREFIGHTER_A2);
    expect(result.ok === false && result.refusal.message).toBe(
      'Station 7 needs your Paramedic card: 1 Paramedic seat is left and 1 Paramedic is left to bid. Choose one of those seats.',
    );
  });

  it('does not hold a session hostage when the seats could not all be filled from the start', () => {
    // One Paramedic for two must-fill seats: moving elsewhere would make it worse; other moves are fine.
    const state = started([paramedic('p1'), { participantId: 'p2' }], [...medicStationSeats(), ...station2()]);
    expect(bidAs(state, 'p1', FIREFIGHTER_A2).ok).toBe(false);
    const afterFirst = bidAs(state, 'p1', FIREFIGHTER_B7);
    expect(afterFirst.ok).toBe(true);
    if (!afterFirst.ok) return;
    expect(bidAs(afterFirst.state, 'p2', FIREFIGHTER_A2, TEST_START_TIME + 2 * MINUTE_MS).ok).toBe(true);
  });

  it('names a few stations, and counts the rest, when the seats are spread over many', () => {
    const seats = Array.from({ length: 6 }, (_, index) =>
      buildStationSeats({ stationId: `m${index}`, stationNumber: index + 1, seats: { A: { Firefighter: 1 } } }).map(
        (seat) => ({ ...seat, requires: ['PM'], mustFill: true }),
      ),
    ).flat();
    const state = started(
      Array.from({ length: 6 }, (_, index) => paramedic(`p${index}`)),
      [...seats, ...station2()],
    );
    const result = bidAs(state, 'p0', FIREFIGHTER_A2);
    expect(result.ok === false && result.refusal.message).toBe(
      'Stations 1, 2, 3 and 3 more need your Paramedic card: 6 Paramedic seats are left and 6 Paramedics are left to bid. Choose one of those seats.',
    );
  });
});

describe('rounds', () => {
  const rounds = [
    { name: "Officers' round", ranks: ['Captain', 'Lieutenant'] as const, bidWindowMinutes: 10 },
    { name: "Firefighters' round", ranks: ['Firefighter'] as const, bidWindowMinutes: 3 },
  ];
  const seats = buildStationSeats({ stationId: 's1', stationNumber: 1, seats: { A: { Captain: 2, Firefighter: 3 } } });
  const participants: ParticipantSpec[] = [
    { participantId: 'c1', rank: 'Captain', round: 0 },
    { participantId: 'c2', rank: 'Captain', round: 0 },
    { participantId: 'f1', round: 1 },
    { participantId: 'f2', round: 1 },
  ];

  it('announces each round and gives each its own bid window', () => {
    const { state, events } = startSession(
      buildEngineState({ participants, seats, session: { rounds: rounds.map((round) => ({ ...round })) } }),
    );
    expect(historyOf(events).map((entry) => entry.action)).toEqual(['session_started', 'round_started']);
    expect(historyOf(events)[1]?.details).toEqual({ round: 1, name: "Officers' round" });
    expect(state.session.currentBidEnd).toBe(TEST_START_TIME + 10 * MINUTE_MS);
    const afterOfficers = ['c1', 'c2'].reduce(
      (current, participantId, index) =>
        applyOrThrow(current, {
          type: 'bid',
          now: TEST_START_TIME + (index + 1) * MINUTE_MS,
          actor: actorFor(participantById(current, participantId)),
          participantId,
          seat: { stationId: 's1', shift: 'A', seatPosition: 'Captain' },
        }).state,
      state,
    );
    expect(afterOfficers.session.currentBidEnd).toBe(TEST_START_TIME + 2 * MINUTE_MS + 3 * MINUTE_MS);
  });

  it('sends a member who misses their turn to the back of their own round, not behind the next round', () => {
    const { state } = startSession(buildEngineState({ participants, seats, session: { rounds: [...rounds] } }));
    const { state: after, events } = applyOrThrow(state, { type: 'expire', now: TEST_START_TIME + 11 * MINUTE_MS });
    expect(after.participants.map((participant) => participant.participantId)).toEqual(['c2', 'c1', 'f1', 'f2']);
    expect(after.participants.map((participant) => participant.queuePosition)).toEqual([0, 1, 2, 3]);
    expect(historyOf(events).find((entry) => entry.action === 'moved_to_back')?.details).toMatchObject({
      newPosition: 1,
    });
    expect(notificationsOf(events)).toContainEqual(
      expect.objectContaining({ type: 'turn_started', participantId: 'c2' }),
    );
  });
});

describe('standing bids', () => {
  const seats = buildStationSeats({
    stationId: 's1',
    stationNumber: 1,
    seats: { A: { Firefighter: 2 }, B: { Firefighter: 2 } },
  });
  const A1: SeatChoice = { stationId: 's1', shift: 'A', seatPosition: 'Firefighter' };
  const B1: SeatChoice = { stationId: 's1', shift: 'B', seatPosition: 'Firefighter' };

  it('awards the first free choice the moment the turn begins, with no countdown, and tells only of the award', () => {
    const { state, events } = startSession(
      buildEngineState({
        seats,
        participants: [
          { participantId: 'p1', preferences: { standingBid: true, choices: [A1] } },
          { participantId: 'p2', preferences: { standingBid: true, choices: [A1, B1] } },
          { participantId: 'p3' },
        ],
      }),
    );
    const history = historyOf(events);
    expect(
      history
        .filter((entry) => entry.action === 'bid_submitted')
        .map((entry) => [entry.userName, entry.actorName, entry.details]),
    ).toEqual([
      ['Member p1', 'system', { source: 'standing_bid', choice: 1 }],
      ['Member p2', 'system', { source: 'standing_bid', choice: 1 }],
    ]);
    expect(participantById(state, 'p1').outcome).toBe('bid');
    const notices = notificationsOf(events);
    expect(notices.filter((notice) => notice.type === 'bid_success').map((notice) => notice.participantId)).toEqual([
      'p1',
      'p2',
    ]);
    expect(notices.filter((notice) => notice.type === 'turn_started').map((notice) => notice.participantId)).toEqual([
      'p3',
    ]);
    expect(state.session.currentParticipant).toBe(3);
  });

  it('runs the turn as usual when nothing on the list is free', () => {
    const { state, events } = startSession(
      buildEngineState({
        seats,
        participants: [{ participantId: 'p1', preferences: { standingBid: true, choices: [A1] } }],
        outsiders: { [seatIdOf('s1', 'A', 'Firefighter', 1)]: 'x', [seatIdOf('s1', 'A', 'Firefighter', 2)]: 'y' },
      }),
    );
    expect(participantById(state, 'p1').outcome).toBeNull();
    expect(notificationsOf(events)).toEqual([expect.objectContaining({ type: 'turn_started', participantId: 'p1' })]);
  });

  it('is read when the turn begins after a bid, and the step names whose standing bids it read', () => {
    const state = startSession(
      buildEngineState({
        seats,
        participants: [
          { participantId: 'p1' },
          { participantId: 'p2', preferences: { standingBid: true, choices: [A1] } },
        ],
      }),
    ).state;
    const result = bidAs(state, 'p1', A1);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.standingBidsRead).toEqual(['p2']);
    expect(result.state.session.status).toBe('completed');
    expect(participantById(result.state, 'p2').awardedSeat?.seatId).toBe(seatIdOf('s1', 'A', 'Firefighter', 2));
  });
});
