import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { applyCommand, getTurnHolder } from './apply-command.ts';
import { seniorMostMovedPlace, withSeatsAtStart } from './commands/rewind.ts';
import { BID_MESSAGES, rewindAfterMovedPlaceMessage } from './messages.ts';
import {
  actorFor,
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  deepFreeze,
  historyOf,
  MINUTE_MS,
  notificationsOf,
  participantById,
  seatById,
  seatIdOf,
  startSession,
  TEST_ADMIN,
  TEST_START_TIME,
} from './test-builders.ts';
import type { EngineCommand, EngineState, SeatChoice, SeniorityCorrection } from './types.ts';

const T0 = TEST_START_TIME;
const STATION_1_A: SeatChoice = { stationId: 's1', shift: 'A', seatPosition: 'Firefighter' };
const STATION_2_B: SeatChoice = { stationId: 's2', shift: 'B', seatPosition: 'Firefighter' };
const STATION_3_C: SeatChoice = { stationId: 's3', shift: 'C', seatPosition: 'Firefighter' };

/** Four firefighters in seniority order; Drew (p4) holds Station 3's C-shift seat before the session. */
function department(sessionOverrides: Partial<EngineState['session']> = {}): EngineState {
  const seats = [
    ...buildStationSeats({ stationId: 's1', stationNumber: 1, seats: { A: { Firefighter: 1 } } }),
    ...buildStationSeats({ stationId: 's2', stationNumber: 2, seats: { B: { Firefighter: 1 } } }),
    ...buildStationSeats({ stationId: 's3', stationNumber: 3, seats: { C: { Firefighter: 2 } } }),
  ];
  return deepFreeze(
    buildEngineState({
      seats,
      session: sessionOverrides,
      participants: [
        { participantId: 'p1', name: 'Avery Hale' },
        { participantId: 'p2', name: 'Blair Quinn' },
        { participantId: 'p3', name: 'Casey Ortiz' },
        { participantId: 'p4', name: 'Drew Park', holdsSeatId: seatIdOf('s3', 'C', 'Firefighter') },
      ],
    }),
  );
}

const bidFor = (state: EngineState, participantId: string, seat: SeatChoice, now: number): EngineCommand => ({
  type: 'bid',
  now,
  actor: actorFor(participantById(state, participantId)),
  participantId,
  seat,
});

const rewindTo = (
  participantId: string,
  now: number,
  reason = 'The phone-in bid went to the wrong seat',
  corrections?: SeniorityCorrection[],
): EngineCommand => ({
  type: 'rewind',
  now,
  actor: TEST_ADMIN,
  participantId,
  reason,
  ...(corrections ? { corrections } : {}),
});

/** Avery takes Station 1, a wrong phone-in bid gives Blair Station 3, Casey takes Station 2, Drew's turn runs. */
function afterAMistake() {
  const initial = department();
  let { state } = startSession(initial);
  state = applyOrThrow(state, bidFor(state, 'p1', STATION_1_A, T0 + MINUTE_MS)).state;
  state = applyOrThrow(state, {
    type: 'bid',
    now: T0 + 2 * MINUTE_MS,
    actor: TEST_ADMIN,
    participantId: 'p2',
    seat: STATION_3_C,
  }).state;
  state = applyOrThrow(state, bidFor(state, 'p3', STATION_2_B, T0 + 3 * MINUTE_MS)).state;
  return { initial, state: withSeatsAtStart(state, initial) };
}

describe('a rewind', () => {
  it('undoes every turn from the member on, gives back their seats and begins their turn again', () => {
    const { state } = afterAMistake();
    const now = T0 + 4 * MINUTE_MS;
    const { state: after, events } = applyOrThrow(state, rewindTo('p2', now));

    expect(getTurnHolder(after)?.participantId).toBe('p2');
    expect(after.session.currentBidEnd).toBe(now + 5 * MINUTE_MS);
    expect(participantById(after, 'p1').awardedSeat?.stationId).toBe('s1');
    for (const participantId of ['p2', 'p3', 'p4']) {
      expect(participantById(after, participantId).outcome).toBeNull();
      expect(participantById(after, participantId).awardedSeat).toBeNull();
    }
    // Station 2 and the Station 3 seat are free again; Drew still holds the seat he came with.
    expect(seatById(after, seatIdOf('s2', 'B', 'Firefighter')).holderMemberId).toBeNull();
    expect(seatById(after, seatIdOf('s3', 'C', 'Firefighter', 2)).holderMemberId).toBeNull();
    expect(participantById(after, 'p4').currentSeat?.seatId).toBe(seatIdOf('s3', 'C', 'Firefighter'));

    const history = historyOf(events);
    expect(history.map((entry) => [entry.action, entry.userName])).toEqual([
      ['session_rewound', 'Blair Quinn'],
      ['turn_undone', 'Blair Quinn'],
      ['turn_undone', 'Casey Ortiz'],
      ['turn_undone', 'Drew Park'],
    ]);
    expect(history[0]?.details).toMatchObject({ reason: 'The phone-in bid went to the wrong seat', undone: 3 });
    expect(history[1]?.seat?.stationId).toBe('s3');
    expect(history[1]?.details).toMatchObject({ outcome: 'proxy_bid', returnedTo: null });
    // Drew's turn had begun but taken nothing.
    expect(history[3]?.seat).toBeNull();

    const notices = notificationsOf(events);
    expect(notices.filter((notice) => notice.type === 'turn_undone').map((notice) => notice.participantId)).toEqual([
      'p2',
      'p3',
      'p4',
    ]);
    expect(notices.find((notice) => notice.type === 'turn_undone' && notice.participantId === 'p3')).toMatchObject({
      reason: 'The phone-in bid went to the wrong seat',
      rewoundTo: 'Blair Quinn',
      seat: { stationId: 's2' },
    });
    expect(notices.at(-1)).toMatchObject({ type: 'turn_started', participantId: 'p2' });
  });

  it('gives a member skipped while on a call their place back, ahead of everyone after them', () => {
    let { state } = startSession(department());
    state = applyOrThrow(state, bidFor(state, 'p1', STATION_1_A, T0 + MINUTE_MS)).state;
    state = applyOrThrow(state, {
      type: 'move_to_back',
      now: T0 + 2 * MINUTE_MS,
      actor: TEST_ADMIN,
      participantId: 'p2',
    }).state;
    state = applyOrThrow(state, bidFor(state, 'p3', STATION_2_B, T0 + 3 * MINUTE_MS)).state;
    const { state: after } = applyOrThrow(
      withSeatsAtStart(state, department()),
      rewindTo('p2', T0 + 4 * MINUTE_MS, 'Blair was on a call'),
    );

    expect(after.participants.map((participant) => participant.participantId)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(participantById(after, 'p2').movedToBack).toBe(false);
    expect(getTurnHolder(after)?.participantId).toBe('p2');
    expect(after.session.currentBidEnd).toBe(T0 + 4 * MINUTE_MS + 5 * MINUTE_MS);
  });

  it('reopens a completed session and keeps a paused one paused with the whole window', () => {
    const { state, initial } = afterAMistake();
    const ended = applyOrThrow(state, { type: 'end', now: T0 + 4 * MINUTE_MS, actor: TEST_ADMIN }).state;
    const reopened = applyOrThrow(withSeatsAtStart(ended, initial), rewindTo('p3', T0 + 5 * MINUTE_MS)).state;
    expect(reopened.session).toMatchObject({ status: 'active', actualEnd: null, currentParticipant: 3 });
    expect(participantById(reopened, 'p2').outcome).toBe('proxy_bid');

    const paused = applyOrThrow(state, { type: 'pause', now: T0 + 4 * MINUTE_MS, actor: TEST_ADMIN }).state;
    const rewound = applyOrThrow(paused, rewindTo('p2', T0 + 6 * MINUTE_MS)).state;
    expect(rewound.session).toMatchObject({ status: 'paused', currentBidEnd: null, pausedRemainingMs: 5 * MINUTE_MS });
    expect(getTurnHolder(rewound)?.participantId).toBe('p2');
  });

  it('gives a second chance back to the member moved to the back before the turn rewound to, without its award', () => {
    let { state } = startSession(department());
    state = applyOrThrow(state, {
      type: 'move_to_back',
      now: T0 + MINUTE_MS,
      actor: TEST_ADMIN,
      participantId: 'p1',
    }).state;
    state = applyOrThrow(state, bidFor(state, 'p2', STATION_2_B, T0 + 2 * MINUTE_MS)).state;
    state = applyOrThrow(state, bidFor(state, 'p3', STATION_3_C, T0 + 3 * MINUTE_MS)).state;
    state = applyOrThrow(state, {
      type: 'skip',
      now: T0 + 4 * MINUTE_MS,
      actor: actorFor(participantById(state, 'p4')),
      participantId: 'p4',
    }).state;
    state = applyOrThrow(state, bidFor(state, 'p1', STATION_1_A, T0 + 5 * MINUTE_MS)).state;
    expect(state.session.status).toBe('completed');

    const { state: after, events } = applyOrThrow(
      withSeatsAtStart(state, department()),
      rewindTo('p3', T0 + 6 * MINUTE_MS),
    );
    expect(after.participants.map((participant) => participant.participantId)).toEqual(['p2', 'p3', 'p4', 'p1']);
    expect(participantById(after, 'p1')).toMatchObject({ movedToBack: true, outcome: null, awardedSeat: null });
    expect(historyOf(events).find((entry) => entry.participantId === 'p1')?.details).toMatchObject({
      secondChanceKept: true,
    });
    expect(getTurnHolder(after)?.participantId).toBe('p3');
  });

  it('is refused before the start, to members, without a reason, and when nothing is to undo', () => {
    const before = department();
    expect(applyCommand(before, rewindTo('p1', T0))).toMatchObject({
      ok: false,
      refusal: { code: 'CONFLICT', message: BID_MESSAGES.rewindBeforeStart },
    });
    const { state } = afterAMistake();
    const asMember = { ...rewindTo('p2', T0), actor: actorFor(participantById(state, 'p2')) } as EngineCommand;
    expect(applyCommand(state, asMember)).toMatchObject({
      ok: false,
      refusal: { code: 'FORBIDDEN', message: MESSAGES.adminRequired },
    });
    expect(applyCommand(state, rewindTo('p2', T0, '   '))).toMatchObject({
      ok: false,
      refusal: { code: 'VALIDATION_ERROR', message: BID_MESSAGES.rewindReasonRequired },
    });
    const { state: started } = startSession(department());
    expect(applyCommand(withSeatsAtStart(started, department()), rewindTo('p3', T0))).toMatchObject({
      ok: false,
      refusal: { code: 'CONFLICT', message: BID_MESSAGES.rewindNothingToUndo },
    });
    expect(applyCommand(afterAMistake().state, rewindTo('nobody', T0))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_FOUND' },
    });
  });

  it('needs the seats held at the start before it can give any back', () => {
    const { initial } = afterAMistake();
    let { state } = startSession(initial);
    state = applyOrThrow(state, bidFor(state, 'p1', STATION_1_A, T0 + MINUTE_MS)).state;
    expect(applyCommand(state, rewindTo('p1', T0 + 2 * MINUTE_MS))).toMatchObject({
      ok: false,
      refusal: { code: 'CONFLICT', message: BID_MESSAGES.rewindSeatsAtStartUnknown },
    });
  });

  describe('with corrected seniority', () => {
    /** Casey's date was wrong: Casey is second, Blair third. */
    const corrections: SeniorityCorrection[] = [
      {
        participantId: 'p3',
        bidPriority: 2,
        yearsOfService: 12,
        seniorityScore: 120,
        hireDate: null,
        rankDate: null,
        listNumber: null,
      },
      {
        participantId: 'p2',
        bidPriority: 3,
        yearsOfService: 10,
        seniorityScore: 100,
        hireDate: null,
        rankDate: null,
        listNumber: null,
      },
    ];

    it('resumes from the senior-most member whose place moved, in the corrected order', () => {
      const { state } = afterAMistake();
      const { state: after, events } = applyOrThrow(
        state,
        rewindTo('p3', T0 + 4 * MINUTE_MS, 'Casey was hired in 2014', corrections),
      );
      expect(after.participants.map((participant) => participant.participantId)).toEqual(['p1', 'p3', 'p2', 'p4']);
      expect(getTurnHolder(after)?.participantId).toBe('p3');
      expect(participantById(after, 'p3')).toMatchObject({ bidPriority: 2, yearsOfService: 12 });
      expect(historyOf(events)[0]?.details.corrections).toEqual([
        { participantId: 'p2', name: 'Blair Quinn', from: 2, to: 3 },
        { participantId: 'p3', name: 'Casey Ortiz', from: 3, to: 2 },
      ]);
      expect(seniorMostMovedPlace(state.participants, after.participants)).toMatchObject({
        participant: { participantId: 'p3', bidPriority: 2 },
        from: 3,
      });
    });

    it('is refused from a member junior to the senior-most place that moved, naming that member', () => {
      const { state } = afterAMistake();
      expect(
        applyCommand(state, rewindTo('p2', T0 + 4 * MINUTE_MS, 'Casey was hired in 2014', corrections)),
      ).toMatchObject({
        ok: false,
        refusal: { code: 'CONFLICT', message: rewindAfterMovedPlaceMessage('Casey Ortiz', 'Blair Quinn') },
      });
    });

    it('is refused when the corrected places do not number everyone once', () => {
      const { state } = afterAMistake();
      const twice = [{ ...corrections[0], bidPriority: 1 } as SeniorityCorrection];
      expect(applyCommand(state, rewindTo('p3', T0, 'dates', twice))).toMatchObject({
        ok: false,
        refusal: { code: 'VALIDATION_ERROR', message: BID_MESSAGES.rewindCorrectionsInvalid },
      });
    });
  });
});
