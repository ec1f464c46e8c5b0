import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { applyCommand, getTurnHolder, turnDeadlineFor } from './apply-command.ts';
import { BID_MESSAGES, notEligibleMessage, seatNotOfferedMessage } from './messages.ts';
import {
  actorFor,
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  choiceOf,
  deepFreeze,
  type EngineStateSpec,
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
import { type EngineCommand, type EngineState, type SeatChoice, SYSTEM_ACTOR } from './types.ts';

const T0 = TEST_START_TIME;
const WINDOW_MS = 5 * MINUTE_MS;
const SECOND_CHANCE_MS = 2 * MINUTE_MS;

/**
 * Downtown (#1): A Captain x1, A Firefighter x2, B Firefighter x1.
 * Harbor (#2): A Engineer x1, C Captain x1, C Firefighter x1.
 */
const SEATS = [
  ...buildStationSeats({
    stationId: 's1',
    stationNumber: 1,
    stationName: 'Downtown',
    seats: { A: { Captain: 1, Firefighter: 2 }, B: { Firefighter: 1 } },
  }),
  ...buildStationSeats({
    stationId: 's2',
    stationNumber: 2,
    stationName: 'Harbor',
    seats: { A: { Engineer: 1 }, C: { Captain: 1, Firefighter: 1 } },
  }),
];
const DOWNTOWN_A_CAPTAIN: SeatChoice = { stationId: 's1', shift: 'A', seatPosition: 'Captain' };
const DOWNTOWN_A_FIREFIGHTER: SeatChoice = { stationId: 's1', shift: 'A', seatPosition: 'Firefighter' };
const DOWNTOWN_B_FIREFIGHTER: SeatChoice = { stationId: 's1', shift: 'B', seatPosition: 'Firefighter' };
const HARBOR_C_FIREFIGHTER: SeatChoice = { stationId: 's2', shift: 'C', seatPosition: 'Firefighter' };

/** Three participants in queue order: a Captain (p1) and two Firefighters (p2, p3). */
function department(overrides: Partial<EngineStateSpec> & { participants?: ParticipantSpec[] } = {}): EngineState {
  return deepFreeze(
    buildEngineState({
      seats: SEATS,
      participants: [
        { participantId: 'p1', name: 'Casey Captain', rank: 'Captain' },
        { participantId: 'p2', name: 'Frankie Fire' },
        { participantId: 'p3', name: 'Robin Rookie' },
      ],
      ...overrides,
    }),
  );
}

function started(state: EngineState = department(), now = T0): EngineState {
  return deepFreeze(startSession(state, now).state);
}

/** Applies a command that must succeed, freezing the result so the next step cannot mutate it. */
function step(state: EngineState, command: EngineCommand) {
  const result = applyOrThrow(state, command);
  return { state: deepFreeze(result.state), events: result.events };
}

function refusalOf(state: EngineState, command: EngineCommand) {
  const result = applyCommand(state, command);
  if (result.ok) throw new Error(`${command.type} was accepted`);
  return result.refusal;
}

const memberOf = (state: EngineState, participantId: string) => actorFor(participantById(state, participantId));
const bidBy = (state: EngineState, participantId: string, seat: SeatChoice, now = T0): EngineCommand => ({
  type: 'bid',
  now,
  actor: memberOf(state, participantId),
  participantId,
  seat,
});

describe('start', () => {
  it('starts a draft session: first turn, deadline, history and the turn-holder notification', () => {
    const { state, events } = startSession(department());
    expect(state.session).toMatchObject({
      status: 'active',
      actualStart: T0,
      currentParticipant: 1,
      currentBidEnd: T0 + WINDOW_MS,
      pausedRemainingMs: null,
    });
    expect(participantById(state, 'p1').turnDeadline).toBe(T0 + WINDOW_MS);
    expect(getTurnHolder(state)?.participantId).toBe('p1');
    expect(historyOf(events)).toEqual([
      expect.objectContaining({
        action: 'session_started',
        at: T0,
        actorName: TEST_ADMIN.name,
        actorMemberId: TEST_ADMIN.memberId,
        details: expect.objectContaining({ participantCount: 3 }),
      }),
    ]);
    expect(notificationsOf(events)).toEqual([
      { type: 'turn_started', memberId: 'member-p1', participantId: 'p1', deadline: T0 + WINDOW_MS },
    ]);
  });

  it('starts a scheduled session, also by the system at its scheduled time', () => {
    const scheduled = department({ session: { status: 'scheduled' } });
    const { state, events } = applyOrThrow(scheduled, { type: 'start', now: T0, actor: SYSTEM_ACTOR });
    expect(state.session.status).toBe('active');
    expect(historyOf(events)[0]?.actorName).toBe('system');
  });

  it('refuses a member, an empty session and a session that has already started', () => {
    const state = department();
    expect(refusalOf(state, { type: 'start', now: T0, actor: memberOf(state, 'p1') })).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.adminRequired,
    });
    expect(refusalOf(department({ participants: [] }), { type: 'start', now: T0, actor: TEST_ADMIN })).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.noParticipants,
    });
    for (const status of ['active', 'paused', 'completed'] as const) {
      const refusal = refusalOf(department({ session: { status } }), { type: 'start', now: T0, actor: TEST_ADMIN });
      expect(refusal).toEqual({ code: 'CONFLICT', message: BID_MESSAGES.sessionAlreadyStarted });
    }
  });

  it('with "clear assignments", releases every seat the participants hold, and only theirs', () => {
    const outsiderSeat = seatIdOf('s1', 'A', 'Firefighter', 2);
    const state = department({
      session: { clearAssignments: true },
      participants: [
        { participantId: 'p1', rank: 'Captain', holdsSeatId: seatIdOf('s1', 'A', 'Captain') },
        { participantId: 'p2', holdsSeatId: seatIdOf('s2', 'C', 'Firefighter') },
        { participantId: 'p3' },
      ],
      outsiders: { [outsiderSeat]: 'not-in-session' },
    });
    const { state: after, events } = startSession(state);
    expect(after.participants.map((participant) => participant.currentSeat)).toEqual([null, null, null]);
    expect(seatById(after, seatIdOf('s1', 'A', 'Captain')).holderMemberId).toBeNull();
    expect(seatById(after, seatIdOf('s2', 'C', 'Firefighter')).holderMemberId).toBeNull();
    expect(seatById(after, outsiderSeat).holderMemberId).toBe('not-in-session');
    expect(historyOf(events)[0]?.details).toMatchObject({ clearAssignments: true, releasedAssignments: 2 });
  });

  it('without "clear assignments", everyone keeps their seat', () => {
    const state = department({
      participants: [{ participantId: 'p1', rank: 'Captain', holdsSeatId: seatIdOf('s1', 'A', 'Captain') }],
    });
    const after = started(state);
    expect(participantById(after, 'p1').currentSeat?.seatId).toBe(seatIdOf('s1', 'A', 'Captain'));
    expect(seatById(after, seatIdOf('s1', 'A', 'Captain')).holderMemberId).toBe('member-p1');
  });

  it('passes over a participant whose member was deleted, without notifying anyone for them', () => {
    const state = department({
      participants: [{ participantId: 'gone', memberId: null, name: 'Former Member' }, { participantId: 'p2' }],
    });
    const { state: after, events } = startSession(state);
    expect(participantById(after, 'gone').outcome).toBe('not_assigned');
    expect(getTurnHolder(after)?.participantId).toBe('p2');
    expect(historyOf(events).map((entry) => [entry.action, entry.details])).toEqual([
      ['session_started', expect.anything()],
      ['turn_skipped', { reason: 'member deleted' }],
    ]);
    expect(notificationsOf(events).map((notification) => notification.participantId)).toEqual(['p2']);
  });
});

describe('pause and resume', () => {
  it('pause freezes the time left in the turn', () => {
    const { state, events } = step(started(), { type: 'pause', now: T0 + 2 * MINUTE_MS, actor: TEST_ADMIN });
    expect(state.session).toMatchObject({ status: 'paused', pausedRemainingMs: 3 * MINUTE_MS, currentBidEnd: null });
    expect(historyOf(events)).toEqual([
      expect.objectContaining({ action: 'session_paused', details: { remainingMs: 3 * MINUTE_MS } }),
    ]);
  });

  it('resume gives the frozen time back from the moment of resuming', () => {
    const paused = step(started(), { type: 'pause', now: T0 + 2 * MINUTE_MS, actor: TEST_ADMIN }).state;
    const resumeAt = T0 + 60 * MINUTE_MS;
    const { state, events } = step(paused, { type: 'resume', now: resumeAt, actor: TEST_ADMIN });
    expect(state.session).toMatchObject({
      status: 'active',
      currentBidEnd: resumeAt + 3 * MINUTE_MS,
      pausedRemainingMs: null,
    });
    expect(participantById(state, 'p1').turnDeadline).toBe(resumeAt + 3 * MINUTE_MS);
    expect(historyOf(events)[0]).toMatchObject({ action: 'session_resumed', details: { remainingMs: 3 * MINUTE_MS } });
  });

  it('resume never gives less than 60 seconds, even when the pause came at the last second or after it', () => {
    for (const pauseAt of [T0 + WINDOW_MS - 10_000, T0 + WINDOW_MS, T0 + WINDOW_MS + 500]) {
      const paused = step(started(), { type: 'pause', now: pauseAt, actor: TEST_ADMIN }).state;
      const resumeAt = pauseAt + 30 * MINUTE_MS;
      const { state } = step(paused, { type: 'resume', now: resumeAt, actor: TEST_ADMIN });
      expect(state.session.currentBidEnd).toBe(resumeAt + 60_000);
    }
  });

  it('nothing happens while paused: no bid, skip, move to back or expiry', () => {
    const paused = step(started(), { type: 'pause', now: T0, actor: TEST_ADMIN }).state;
    const sessionPaused = { code: 'CONFLICT', message: BID_MESSAGES.sessionPaused };
    expect(refusalOf(paused, bidBy(paused, 'p1', DOWNTOWN_A_CAPTAIN))).toEqual(sessionPaused);
    expect(refusalOf(paused, { type: 'skip', now: T0, actor: memberOf(paused, 'p1'), participantId: 'p1' })).toEqual(
      sessionPaused,
    );
    expect(refusalOf(paused, { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p1' })).toEqual(
      sessionPaused,
    );
    const expiry = applyCommand(paused, { type: 'expire', now: T0 + 99 * MINUTE_MS });
    expect(expiry).toEqual({ ok: true, state: paused, events: [] });
    expect(expiry.ok && expiry.state).toBe(paused);
  });

  it('refuses a member, pausing twice, resuming a running session and either on a session not running', () => {
    const active = started();
    const paused = step(active, { type: 'pause', now: T0, actor: TEST_ADMIN }).state;
    const draft = department();
    const adminRequired = { code: 'FORBIDDEN', message: MESSAGES.adminRequired };
    expect(refusalOf(active, { type: 'pause', now: T0, actor: memberOf(active, 'p1') })).toEqual(adminRequired);
    expect(refusalOf(paused, { type: 'resume', now: T0, actor: memberOf(active, 'p1') })).toEqual(adminRequired);
    expect(refusalOf(paused, { type: 'pause', now: T0, actor: TEST_ADMIN })).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.sessionPaused,
    });
    expect(refusalOf(active, { type: 'resume', now: T0, actor: TEST_ADMIN })).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.sessionNotPaused,
    });
    for (const command of ['pause', 'resume'] as const) {
      expect(refusalOf(draft, { type: command, now: T0, actor: TEST_ADMIN })).toEqual({
        code: 'CONFLICT',
        message: BID_MESSAGES.sessionNotActive,
      });
    }
  });
});

describe('bid', () => {
  it('gives the turn holder the seat, tells them, and begins the next turn', () => {
    const bidAt = T0 + MINUTE_MS;
    const { state, events } = step(started(), bidBy(started(), 'p1', DOWNTOWN_A_CAPTAIN, bidAt));
    const captainSeatId = seatIdOf('s1', 'A', 'Captain');
    const p1 = participantById(state, 'p1');
    expect(p1).toMatchObject({
      outcome: 'bid',
      currentSeat: { seatId: captainSeatId },
      awardedSeat: { seatId: captainSeatId },
    });
    expect(seatById(state, captainSeatId).holderMemberId).toBe('member-p1');
    expect(historyOf(events)).toEqual([
      {
        action: 'bid_submitted',
        at: bidAt,
        actorMemberId: 'member-p1',
        actorName: 'Casey Captain',
        participantId: 'p1',
        userName: 'Casey Captain',
        seat: expect.objectContaining({ seatId: captainSeatId, stationName: 'Downtown', shift: 'A' }),
        bidPriority: 1,
        details: {},
      },
    ]);
    expect(notificationsOf(events)).toEqual([
      expect.objectContaining({ type: 'bid_success', memberId: 'member-p1', outcome: 'bid' }),
      { type: 'turn_started', memberId: 'member-p2', participantId: 'p2', deadline: bidAt + WINDOW_MS },
    ]);
    expect(state.session).toMatchObject({ currentParticipant: 2, currentBidEnd: bidAt + WINDOW_MS });
    expect(participantById(state, 'p2').turnDeadline).toBe(bidAt + WINDOW_MS);
  });

  it('accepts a bid at exactly the deadline and refuses one a millisecond later', () => {
    const state = started();
    expect(applyCommand(state, bidBy(state, 'p1', DOWNTOWN_A_CAPTAIN, T0 + WINDOW_MS)).ok).toBe(true);
    expect(refusalOf(state, bidBy(state, 'p1', DOWNTOWN_A_CAPTAIN, T0 + WINDOW_MS + 1))).toEqual({
      code: 'CONFLICT',
      message: 'Time expired! Your turn has passed.',
    });
  });

  it('takes a phone-in bid from an administrator and names the administrator in the history', () => {
    const state = started();
    const { state: after, events } = step(state, {
      type: 'bid',
      now: T0,
      actor: TEST_ADMIN,
      participantId: 'p1',
      seat: DOWNTOWN_A_CAPTAIN,
    });
    expect(participantById(after, 'p1').outcome).toBe('proxy_bid');
    expect(historyOf(events)[0]).toMatchObject({
      action: 'bid_submitted',
      actorName: 'Alex Admin',
      actorMemberId: 'admin-1',
      userName: 'Casey Captain',
      details: { proxy: true },
    });
    expect(notificationsOf(events)[0]).toMatchObject({
      type: 'bid_success',
      memberId: 'member-p1',
      outcome: 'proxy_bid',
    });
  });

  it('counts an administrator bidding in their own turn as their own bid', () => {
    const state = started();
    const adminAsMember = actorFor(participantById(state, 'p1'), true);
    const { state: after } = step(state, {
      type: 'bid',
      now: T0,
      actor: adminAsMember,
      participantId: 'p1',
      seat: DOWNTOWN_A_CAPTAIN,
    });
    expect(participantById(after, 'p1').outcome).toBe('bid');
  });

  it('releases the seat held before at once, for the participants after', () => {
    const harborSeatId = seatIdOf('s2', 'C', 'Firefighter');
    const state = started(
      department({
        participants: [{ participantId: 'p2', holdsSeatId: harborSeatId }, { participantId: 'p3' }],
      }),
    );
    const afterFirst = step(state, bidBy(state, 'p2', DOWNTOWN_B_FIREFIGHTER)).state;
    expect(seatById(afterFirst, harborSeatId).holderMemberId).toBeNull();
    expect(participantById(afterFirst, 'p2').currentSeat?.seatId).toBe(seatIdOf('s1', 'B', 'Firefighter'));
    const afterSecond = step(afterFirst, bidBy(afterFirst, 'p3', HARBOR_C_FIREFIGHTER)).state;
    expect(seatById(afterSecond, harborSeatId).holderMemberId).toBe('member-p3');
  });

  it('keeps the seat a participant holds when they bid for its own kind, rather than moving them', () => {
    const heldSeatId = seatIdOf('s1', 'A', 'Firefighter', 2);
    const state = started(department({ participants: [{ participantId: 'p2', holdsSeatId: heldSeatId }] }));
    const after = step(state, bidBy(state, 'p2', DOWNTOWN_A_FIREFIGHTER)).state;
    expect(participantById(after, 'p2').awardedSeat?.seatId).toBe(heldSeatId);
    expect(seatById(after, seatIdOf('s1', 'A', 'Firefighter', 1)).holderMemberId).toBeNull();
  });

  it('gives the free seat of the kind with the lowest ordinal', () => {
    const state = started(
      department({
        participants: [{ participantId: 'p2' }],
        outsiders: { [seatIdOf('s1', 'A', 'Firefighter', 1)]: 'someone-else' },
      }),
    );
    const after = step(state, bidBy(state, 'p2', DOWNTOWN_A_FIREFIGHTER)).state;
    expect(participantById(after, 'p2').awardedSeat?.seatId).toBe(seatIdOf('s1', 'A', 'Firefighter', 2));
  });

  it('refuses, in this order: session not running, unknown participant, someone else, not the turn, late', () => {
    const draft = department();
    expect(refusalOf(draft, bidBy(draft, 'p1', DOWNTOWN_A_CAPTAIN))).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.sessionNotActive,
    });
    const state = started();
    const stranger = { memberId: 'stranger', name: 'Stranger', isAdmin: false };
    expect(
      refusalOf(state, { type: 'bid', now: T0, actor: stranger, participantId: 'nobody', seat: DOWNTOWN_A_CAPTAIN }),
    ).toEqual({ code: 'FORBIDDEN', message: BID_MESSAGES.notParticipant });
    expect(
      refusalOf(state, { type: 'bid', now: T0, actor: TEST_ADMIN, participantId: 'nobody', seat: DOWNTOWN_A_CAPTAIN }),
    ).toEqual({ code: 'NOT_FOUND', message: BID_MESSAGES.participantNotFound });
    expect(
      refusalOf(state, {
        type: 'bid',
        now: T0,
        actor: memberOf(state, 'p2'),
        participantId: 'p1',
        seat: DOWNTOWN_A_CAPTAIN,
      }),
    ).toEqual({ code: 'FORBIDDEN', message: BID_MESSAGES.adminOnlyProxy });
    expect(refusalOf(state, bidBy(state, 'p2', DOWNTOWN_A_FIREFIGHTER))).toEqual({
      code: 'CONFLICT',
      message: 'It is not your turn',
    });
    // Not the turn wins over late, and late wins over a bad seat.
    expect(refusalOf(state, bidBy(state, 'p2', DOWNTOWN_A_FIREFIGHTER, T0 + WINDOW_MS + 1)).message).toBe(
      BID_MESSAGES.notYourTurn,
    );
    expect(refusalOf(state, bidBy(state, 'p1', DOWNTOWN_A_FIREFIGHTER, T0 + WINDOW_MS + 1)).message).toBe(
      BID_MESSAGES.timeExpired,
    );
  });

  it('refuses a station or a seat the session does not offer', () => {
    const state = started();
    expect(refusalOf(state, bidBy(state, 'p1', { stationId: 's9', shift: 'A', seatPosition: 'Captain' }))).toEqual({
      code: 'BAD_REQUEST',
      message: BID_MESSAGES.stationNotOffered,
    });
    expect(refusalOf(state, bidBy(state, 'p1', { stationId: 's1', shift: 'C', seatPosition: 'Captain' }))).toEqual({
      code: 'BAD_REQUEST',
      message: seatNotOfferedMessage('C', 'Captain'),
    });
  });

  it('refuses a seat the participant is not eligible for, unless the session allows any position', () => {
    const state = started(department({ participants: [{ participantId: 'p2' }] }));
    expect(refusalOf(state, bidBy(state, 'p2', DOWNTOWN_A_CAPTAIN))).toEqual({
      code: 'FORBIDDEN',
      message: 'You are not eligible for a Captain seat',
    });
    expect(notEligibleMessage('Engineer')).toBe('You are not eligible for an Engineer seat');
    const anyMode = started(
      department({ participants: [{ participantId: 'p2' }], session: { eligibilityMode: 'any' } }),
    );
    expect(applyCommand(anyMode, bidBy(anyMode, 'p2', DOWNTOWN_A_CAPTAIN)).ok).toBe(true);
  });

  it('refuses a seat that is no longer free, and the bidder keeps the turn', () => {
    const state = started(
      department({
        participants: [{ participantId: 'p2' }],
        outsiders: { [seatIdOf('s1', 'B', 'Firefighter')]: 'someone-else' },
      }),
    );
    expect(refusalOf(state, bidBy(state, 'p2', DOWNTOWN_B_FIREFIGHTER))).toEqual({
      code: 'CONFLICT',
      message: 'That seat is no longer available',
    });
    expect(applyCommand(state, bidBy(state, 'p2', DOWNTOWN_A_FIREFIGHTER)).ok).toBe(true);
  });

  it('completes the session after the last turn and tells every participant their result', () => {
    let state = started();
    state = step(state, bidBy(state, 'p1', DOWNTOWN_A_CAPTAIN)).state;
    state = step(state, { type: 'skip', now: T0, actor: memberOf(state, 'p2'), participantId: 'p2' }).state;
    const endAt = T0 + 3 * MINUTE_MS;
    const { state: done, events } = step(state, bidBy(state, 'p3', HARBOR_C_FIREFIGHTER, endAt));
    expect(done.session).toMatchObject({
      status: 'completed',
      actualEnd: endAt,
      currentBidEnd: null,
      currentParticipant: 4,
    });
    expect(historyOf(events).map((entry) => entry.action)).toEqual(['bid_submitted', 'session_completed']);
    expect(historyOf(events)[1]).toMatchObject({ actorName: 'system', details: { endedEarly: false } });
    const completions = notificationsOf(events).filter((notification) => notification.type === 'session_completed');
    expect(completions).toEqual([
      expect.objectContaining({
        memberId: 'member-p1',
        outcome: 'bid',
        seat: expect.objectContaining({ seatId: seatIdOf('s1', 'A', 'Captain') }),
      }),
      expect.objectContaining({ memberId: 'member-p2', outcome: 'skipped', seat: null }),
      expect.objectContaining({ memberId: 'member-p3', outcome: 'bid' }),
    ]);
  });
});

describe('skip', () => {
  it('passes the turn: the participant keeps the seat they hold and the next turn begins', () => {
    const heldSeatId = seatIdOf('s2', 'C', 'Firefighter');
    const state = started(
      department({ participants: [{ participantId: 'p2', holdsSeatId: heldSeatId }, { participantId: 'p3' }] }),
    );
    const { state: after, events } = step(state, {
      type: 'skip',
      now: T0,
      actor: memberOf(state, 'p2'),
      participantId: 'p2',
    });
    expect(participantById(after, 'p2')).toMatchObject({ outcome: 'skipped', awardedSeat: null });
    expect(participantById(after, 'p2').currentSeat?.seatId).toBe(heldSeatId);
    expect(seatById(after, heldSeatId).holderMemberId).toBe('member-p2');
    expect(historyOf(events)[0]).toMatchObject({ action: 'turn_skipped', participantId: 'p2' });
    expect(getTurnHolder(after)?.participantId).toBe('p3');
  });

  it('only the turn holder skips, before the deadline; an administrator cannot skip for them', () => {
    const state = started();
    expect(refusalOf(state, { type: 'skip', now: T0, actor: TEST_ADMIN, participantId: 'p1' })).toEqual({
      code: 'FORBIDDEN',
      message: BID_MESSAGES.onlyTurnHolderSkips,
    });
    expect(refusalOf(state, { type: 'skip', now: T0, actor: memberOf(state, 'p2'), participantId: 'p2' })).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.notYourTurn,
    });
    expect(
      refusalOf(state, { type: 'skip', now: T0 + WINDOW_MS + 1, actor: memberOf(state, 'p1'), participantId: 'p1' }),
    ).toEqual({ code: 'CONFLICT', message: BID_MESSAGES.timeExpired });
    expect(
      applyCommand(state, { type: 'skip', now: T0 + WINDOW_MS, actor: memberOf(state, 'p1'), participantId: 'p1' }).ok,
    ).toBe(true);
  });
});

describe('move to back', () => {
  it('sends the turn holder to the end of the queue and begins the next turn', () => {
    const moveAt = T0 + MINUTE_MS;
    const { state, events } = step(started(), {
      type: 'move_to_back',
      now: moveAt,
      actor: TEST_ADMIN,
      participantId: 'p1',
    });
    expect(state.participants.map((participant) => [participant.participantId, participant.queuePosition])).toEqual([
      ['p2', 0],
      ['p3', 1],
      ['p1', 2],
    ]);
    expect(participantById(state, 'p1')).toMatchObject({ movedToBack: true, outcome: null, bidPriority: 1 });
    expect(state.session).toMatchObject({ currentParticipant: 1, currentBidEnd: moveAt + WINDOW_MS });
    expect(getTurnHolder(state)?.participantId).toBe('p2');
    expect(historyOf(events)[0]).toMatchObject({
      action: 'moved_to_back',
      actorName: 'Alex Admin',
      participantId: 'p1',
      details: { newPosition: 2 },
    });
    expect(notificationsOf(events)).toEqual([
      { type: 'turn_started', memberId: 'member-p2', participantId: 'p2', deadline: moveAt + WINDOW_MS },
    ]);
  });

  it('gives the moved participant a shorter second chance once everyone else has had their turn', () => {
    let state = step(started(), { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p1' }).state;
    state = step(state, bidBy(state, 'p2', DOWNTOWN_A_FIREFIGHTER)).state;
    const lastBidAt = T0 + MINUTE_MS;
    const { state: after, events } = step(state, bidBy(state, 'p3', DOWNTOWN_A_FIREFIGHTER, lastBidAt));
    expect(getTurnHolder(after)?.participantId).toBe('p1');
    expect(after.session).toMatchObject({ currentParticipant: 3, currentBidEnd: lastBidAt + SECOND_CHANCE_MS });
    expect(notificationsOf(events).at(-1)).toEqual({
      type: 'turn_started',
      memberId: 'member-p1',
      participantId: 'p1',
      deadline: lastBidAt + SECOND_CHANCE_MS,
    });
  });

  it('gives the last participant their second chance at once', () => {
    const state = started(department({ participants: [{ participantId: 'p2' }] }));
    const after = step(state, { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p2' }).state;
    expect(getTurnHolder(after)?.participantId).toBe('p2');
    expect(after.session.currentBidEnd).toBe(T0 + SECOND_CHANCE_MS);
  });

  it('refuses a member, someone not holding the turn, a second move, and an unknown participant', () => {
    const state = started();
    expect(
      refusalOf(state, { type: 'move_to_back', now: T0, actor: memberOf(state, 'p1'), participantId: 'p1' }),
    ).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.adminRequired,
    });
    expect(refusalOf(state, { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p2' })).toEqual({
      code: 'CONFLICT',
      message: 'Only the member holding the turn can be moved to the back',
    });
    expect(refusalOf(state, { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'nobody' })).toEqual({
      code: 'NOT_FOUND',
      message: BID_MESSAGES.participantNotFound,
    });
    const alone = started(department({ participants: [{ participantId: 'p2' }] }));
    const moved = step(alone, { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p2' }).state;
    expect(refusalOf(moved, { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p2' })).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.alreadyMovedToBack,
    });
  });
});

describe('expire', () => {
  it('does nothing up to and at the deadline: the same state object, no events', () => {
    const state = started();
    for (const now of [T0, T0 + WINDOW_MS - 1, T0 + WINDOW_MS]) {
      const result = applyCommand(state, { type: 'expire', now });
      expect(result.ok && result.state).toBe(state);
      expect(result.ok && result.events).toEqual([]);
    }
    for (const notRunning of [department(), department({ session: { status: 'completed' } })]) {
      const result = applyCommand(notRunning, { type: 'expire', now: T0 });
      expect(result.ok && result.state).toBe(notRunning);
    }
  });

  it('first awards the first auto-bid choice that is still free and eligible', () => {
    const state = started(
      department({
        participants: [
          {
            participantId: 'p2',
            preferences: {
              autoBid: true,
              choices: [DOWNTOWN_B_FIREFIGHTER, DOWNTOWN_A_CAPTAIN, HARBOR_C_FIREFIGHTER, DOWNTOWN_A_FIREFIGHTER],
            },
          },
        ],
        outsiders: { [seatIdOf('s1', 'B', 'Firefighter')]: 'someone-else' },
      }),
    );
    const expireAt = T0 + WINDOW_MS + 1;
    const { state: after, events } = step(state, { type: 'expire', now: expireAt });
    const harborSeatId = seatIdOf('s2', 'C', 'Firefighter');
    expect(participantById(after, 'p2')).toMatchObject({
      outcome: 'auto_assigned',
      awardedSeat: { seatId: harborSeatId },
      currentSeat: { seatId: harborSeatId },
      movedToBack: false,
    });
    expect(seatById(after, harborSeatId).holderMemberId).toBe('member-p2');
    expect(historyOf(events)[0]).toMatchObject({
      action: 'auto_assigned',
      actorName: 'system',
      actorMemberId: null,
      details: { source: 'auto_bid', choice: 3 },
    });
    expect(notificationsOf(events)[0]).toMatchObject({ type: 'bid_success', outcome: 'auto_assigned' });
  });

  it('moves a first-time late participant to the back when auto-bid is off or finds nothing', () => {
    for (const preferences of [
      {},
      { autoBid: true, choices: [DOWNTOWN_A_CAPTAIN] },
      { autoBid: false, choices: [DOWNTOWN_A_FIREFIGHTER] },
    ]) {
      const state = started(
        department({ participants: [{ participantId: 'p2', preferences }, { participantId: 'p3' }] }),
      );
      const expireAt = T0 + WINDOW_MS + 1;
      const { state: after, events } = step(state, { type: 'expire', now: expireAt });
      expect(participantById(after, 'p2')).toMatchObject({ movedToBack: true, outcome: null, queuePosition: 1 });
      expect(historyOf(events)).toEqual([
        expect.objectContaining({
          action: 'moved_to_back',
          actorName: 'system',
          details: { reason: 'time expired', newPosition: 1 },
        }),
      ]);
      expect(getTurnHolder(after)?.participantId).toBe('p3');
      expect(after.session.currentBidEnd).toBe(expireAt + WINDOW_MS);
    }
  });

  /** Runs the participant's first turn out, then their second chance. */
  function expireTwice(state: EngineState): ReturnType<typeof step> {
    const first = step(state, { type: 'expire', now: (state.session.currentBidEnd ?? 0) + 1 });
    return step(first.state, { type: 'expire', now: (first.state.session.currentBidEnd ?? 0) + 1 });
  }

  it('on the second expiry keeps the seat the participant holds', () => {
    const heldSeatId = seatIdOf('s2', 'C', 'Firefighter');
    const state = started(department({ participants: [{ participantId: 'p2', holdsSeatId: heldSeatId }] }));
    const { state: after, events } = expireTwice(state);
    expect(participantById(after, 'p2')).toMatchObject({
      outcome: 'auto_assigned',
      awardedSeat: { seatId: heldSeatId },
    });
    expect(historyOf(events)[0]).toMatchObject({ action: 'auto_assigned', details: { source: 'kept_current_seat' } });
    expect(after.session.status).toBe('completed');
  });

  it('on the second expiry gives a participant without a seat their preferred station and shift', () => {
    const state = started(
      department({
        participants: [
          { participantId: 'p2', preferences: { preferredStationIds: ['s2', 's1'], preferredShifts: ['B', 'C'] } },
        ],
      }),
    );
    const { state: after, events } = expireTwice(state);
    expect(participantById(after, 'p2').awardedSeat?.seatId).toBe(seatIdOf('s2', 'C', 'Firefighter'));
    expect(historyOf(events)[0]).toMatchObject({ details: { source: 'preferences' } });
  });

  it('on the second expiry without preferences gives the first eligible seat by station number and shift', () => {
    const state = started(department({ participants: [{ participantId: 'p2' }] }));
    const { state: after, events } = expireTwice(state);
    expect(participantById(after, 'p2').awardedSeat?.seatId).toBe(seatIdOf('s1', 'A', 'Firefighter', 1));
    expect(historyOf(events)[0]).toMatchObject({ details: { source: 'first_available' } });
  });

  it('leaves a participant Not Assigned, and says why, when no eligible seat is left', () => {
    const state = started(
      department({
        participants: [{ participantId: 'eng', rank: 'Engineer' }],
        outsiders: { [seatIdOf('s2', 'A', 'Engineer')]: 'x' },
      }),
    );
    const { state: after, events } = expireTwice(state);
    expect(participantById(after, 'eng')).toMatchObject({
      outcome: 'not_assigned',
      awardedSeat: null,
      currentSeat: null,
    });
    expect(historyOf(events)[0]).toMatchObject({
      action: 'auto_assigned',
      seat: null,
      details: { reason: 'no eligible seat left' },
    });
    expect(notificationsOf(events).some((notification) => notification.type === 'bid_success')).toBe(false);
  });

  it('runs a session to completion with nobody touching it', () => {
    let state = started();
    let expiries = 0;
    while (state.session.status !== 'completed' && expiries < 10) {
      state = step(state, { type: 'expire', now: (state.session.currentBidEnd ?? 0) + 1 }).state;
      expiries += 1;
    }
    expect(expiries).toBe(6);
    expect(
      state.participants.map((participant) => [participant.participantId, participant.awardedSeat?.seatId]),
    ).toEqual([
      ['p1', seatIdOf('s1', 'A', 'Captain')],
      ['p2', seatIdOf('s1', 'A', 'Firefighter', 1)],
      ['p3', seatIdOf('s1', 'A', 'Firefighter', 2)],
    ]);
  });
});

describe('end', () => {
  it('completes the session early: those still waiting keep their seats and are Not Assigned', () => {
    const heldSeatId = seatIdOf('s2', 'C', 'Firefighter');
    let state = started(
      department({
        participants: [
          { participantId: 'p1', rank: 'Captain' },
          { participantId: 'p2' },
          { participantId: 'p3', holdsSeatId: heldSeatId },
        ],
      }),
    );
    state = step(state, bidBy(state, 'p1', DOWNTOWN_A_CAPTAIN)).state;
    const endAt = T0 + 2 * MINUTE_MS;
    const { state: after, events } = step(state, { type: 'end', now: endAt, actor: TEST_ADMIN });
    expect(after.session).toMatchObject({
      status: 'completed',
      actualEnd: endAt,
      currentBidEnd: null,
      currentParticipant: 4,
    });
    expect(after.participants.map((participant) => participant.outcome)).toEqual([
      'bid',
      'not_assigned',
      'not_assigned',
    ]);
    expect(participantById(after, 'p3').currentSeat?.seatId).toBe(heldSeatId);
    expect(seatById(after, heldSeatId).holderMemberId).toBe('member-p3');
    expect(historyOf(events)).toEqual([
      expect.objectContaining({ action: 'session_completed', actorName: 'Alex Admin', details: { endedEarly: true } }),
    ]);
    expect(notificationsOf(events).map((notification) => notification.type)).toEqual([
      'session_completed',
      'session_completed',
      'session_completed',
    ]);
  });

  it('ends a paused session too, and refuses a member or a session not running', () => {
    const paused = step(started(), { type: 'pause', now: T0, actor: TEST_ADMIN }).state;
    const { state } = step(paused, { type: 'end', now: T0, actor: TEST_ADMIN });
    expect(state.session).toMatchObject({ status: 'completed', pausedRemainingMs: null });
    expect(refusalOf(paused, { type: 'end', now: T0, actor: memberOf(paused, 'p1') }).code).toBe('FORBIDDEN');
    expect(refusalOf(department(), { type: 'end', now: T0, actor: TEST_ADMIN })).toEqual({
      code: 'CONFLICT',
      message: BID_MESSAGES.sessionNotActive,
    });
  });

  it('refuses every command on a completed session, and the clock does nothing', () => {
    const done = step(started(), { type: 'end', now: T0, actor: TEST_ADMIN }).state;
    const commands: EngineCommand[] = [
      { type: 'start', now: T0, actor: TEST_ADMIN },
      { type: 'pause', now: T0, actor: TEST_ADMIN },
      { type: 'resume', now: T0, actor: TEST_ADMIN },
      { type: 'end', now: T0, actor: TEST_ADMIN },
      bidBy(done, 'p1', DOWNTOWN_A_CAPTAIN),
      { type: 'skip', now: T0, actor: memberOf(done, 'p1'), participantId: 'p1' },
      { type: 'move_to_back', now: T0, actor: TEST_ADMIN, participantId: 'p1' },
    ];
    for (const command of commands) expect(refusalOf(done, command).code).toBe('CONFLICT');
    const expiry = applyCommand(done, { type: 'expire', now: T0 + 99 * MINUTE_MS });
    expect(expiry.ok && expiry.state).toBe(done);
  });
});

describe('turnDeadlineFor and getTurnHolder', () => {
  it('gives the bid window, or the auto-assign timeout to a participant moved to the back', () => {
    const session = { bidWindowMinutes: 7, autoAssignTimeoutMinutes: 3 };
    expect(turnDeadlineFor(session, { movedToBack: false }, T0)).toBe(T0 + 7 * MINUTE_MS);
    expect(turnDeadlineFor(session, { movedToBack: true }, T0)).toBe(T0 + 3 * MINUTE_MS);
  });

  it('has no turn holder before the start or after the end', () => {
    expect(getTurnHolder(department())).toBeUndefined();
    expect(getTurnHolder(step(started(), { type: 'end', now: T0, actor: TEST_ADMIN }).state)).toBeUndefined();
  });

  it('reads participants that came unsorted by queue position', () => {
    const state = started();
    const shuffled = { ...state, participants: [...state.participants].reverse() };
    expect(getTurnHolder(shuffled)?.participantId).toBe('p1');
    const { state: after } = applyOrThrow(shuffled, bidBy(state, 'p1', DOWNTOWN_A_CAPTAIN));
    expect(after.participants.map((participant) => participant.participantId)).toEqual(['p1', 'p2', 'p3']);
    expect(choiceOf(participantById(after, 'p1').awardedSeat!)).toEqual(DOWNTOWN_A_CAPTAIN);
  });
});
