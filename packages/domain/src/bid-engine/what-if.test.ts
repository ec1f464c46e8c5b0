import { describe, expect, it } from 'vitest';
import {
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  deepFreeze,
  seatIdOf,
  startSession,
  TEST_START_TIME,
} from './test-builders.ts';
import type { EngineSeat, EngineState, SeatChoice } from './types.ts';
import { runWhatIf, type WhatIfResult } from './what-if.ts';

const s1 = buildStationSeats({
  stationId: 's1',
  stationNumber: 1,
  seats: { A: { Firefighter: 2 }, B: { Firefighter: 1 } },
});
const s2 = buildStationSeats({ stationId: 's2', stationNumber: 2, seats: { A: { Firefighter: 1 } } });
const choice = (stationId: string, shift: 'A' | 'B' | 'C'): SeatChoice => ({
  stationId,
  shift,
  seatPosition: 'Firefighter',
});

function run(state: EngineState): WhatIfResult {
  const outcome = runWhatIf(deepFreeze(state), TEST_START_TIME);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result;
}

const summary = (result: WhatIfResult) =>
  result.awards.map((award) => [award.name, award.seat?.seatId ?? null, award.source, award.place, award.isGuess]);

describe('a what-if run', () => {
  it('plays each ranked list in seniority order, the first choice still free winning', () => {
    const state = buildEngineState({
      seats: [...s1, ...s2],
      participants: [
        { participantId: 'a', name: 'Ann', preferences: { choices: [choice('s2', 'A'), choice('s1', 'A')] } },
        { participantId: 'b', name: 'Ben', preferences: { choices: [choice('s2', 'A'), choice('s1', 'B')] } },
        { participantId: 'c', name: 'Cal', preferences: { choices: [choice('s1', 'B')] } },
      ],
    });
    const result = run(state);
    expect(summary(result)).toEqual([
      ['Ann', seatIdOf('s2', 'A', 'Firefighter'), 'rankedList', 1, false],
      ['Ben', seatIdOf('s1', 'B', 'Firefighter'), 'rankedList', 2, false],
      // Cal's only choice went to Ben: the run guesses the first seat he may take.
      ['Cal', seatIdOf('s1', 'A', 'Firefighter'), 'firstQualified', null, true],
    ]);
    expect(result.awards[2]?.listRanOut).toBe(true);
    expect(result.listsRanOut).toBe(1);
    expect(result.guesses).toBe(1);
    expect(result.finalState.session.status).toBe('completed');
  });

  it('guesses a member without a list keeps the seat they hold, and marks it a guess', () => {
    const state = buildEngineState({
      seats: [...s1, ...s2],
      participants: [
        { participantId: 'a', name: 'Ann', holdsSeatId: seatIdOf('s2', 'A', 'Firefighter') },
        { participantId: 'b', name: 'Ben', preferences: { choices: [choice('s2', 'A')] } },
      ],
    });
    expect(summary(run(state))).toEqual([
      ['Ann', seatIdOf('s2', 'A', 'Firefighter'), 'ownSeat', null, true],
      ['Ben', seatIdOf('s1', 'A', 'Firefighter'), 'firstQualified', null, true],
    ]);
  });

  it('guesses a seat a member left earlier in the run', () => {
    const state = buildEngineState({
      seats: [...s1, ...s2],
      participants: [
        { participantId: 'c', name: 'Cal' },
        {
          participantId: 'a',
          name: 'Ann',
          holdsSeatId: seatIdOf('s1', 'A', 'Firefighter'),
          preferences: { choices: [choice('s2', 'A')] },
        },
        { participantId: 'b', name: 'Ben' },
      ],
    });
    expect(summary(run(state))).toEqual([
      ['Cal', seatIdOf('s1', 'A', 'Firefighter', 2), 'firstQualified', null, true],
      ['Ann', seatIdOf('s2', 'A', 'Firefighter'), 'rankedList', 1, false],
      // Ann's seat is free again once she moves: the first seat Ben may take.
      ['Ben', seatIdOf('s1', 'A', 'Firefighter'), 'firstQualified', null, true],
    ]);
  });

  it('lets standing bids resolve as the engine does, and names them', () => {
    const state = buildEngineState({
      seats: s1,
      participants: [
        { participantId: 'a', name: 'Ann', preferences: { choices: [choice('s1', 'B')], standingBid: true } },
        { participantId: 'b', name: 'Ben', preferences: { choices: [choice('s1', 'B'), choice('s1', 'A')] } },
      ],
    });
    expect(summary(run(state))).toEqual([
      ['Ann', seatIdOf('s1', 'B', 'Firefighter'), 'standingBid', 1, false],
      ['Ben', seatIdOf('s1', 'A', 'Firefighter'), 'rankedList', 2, false],
    ]);
  });

  it('keeps a must-fill seat for the last member qualified for it, and says from which turn it was tight', () => {
    const medic: EngineSeat = {
      ...(s2[0] as EngineSeat),
      requires: ['PM'],
      mustFill: true,
    };
    const state = buildEngineState({
      seats: [...s1, medic],
      session: { effectiveDate: '2025-01-06', certificationNames: { PM: 'Paramedic' } },
      participants: [
        { participantId: 'a', name: 'Ann', preferences: { choices: [choice('s1', 'A')] } },
        // Ben is the only Paramedic: his list asks for a plain seat, which staffing forbids him.
        {
          participantId: 'b',
          name: 'Ben',
          certifications: [{ code: 'PM', expiresOn: null }],
          preferences: { choices: [choice('s1', 'B'), choice('s2', 'A')] },
        },
      ],
    });
    const result = run(state);
    expect(summary(result)).toEqual([
      ['Ann', seatIdOf('s1', 'A', 'Firefighter'), 'rankedList', 1, false],
      ['Ben', medic.seatId, 'rankedList', 2, false],
    ]);
    expect(result.mustFill).toEqual([
      { position: 'Firefighter', requires: ['PM'], seats: 1, filled: 1, fewestSpare: 0, tightFromTurn: 1 },
    ]);
  });

  it('runs a session under way from its current turn, leaving what was decided alone', () => {
    const draft = buildEngineState({
      seats: s1,
      participants: [
        { participantId: 'a', name: 'Ann' },
        { participantId: 'b', name: 'Ben', preferences: { choices: [choice('s1', 'A')] } },
      ],
    });
    const { state: started } = startSession(draft);
    const { state: afterAnn } = applyOrThrow(started, {
      type: 'bid',
      now: TEST_START_TIME + 1000,
      actor: { memberId: 'member-a', name: 'Ann', isAdmin: false },
      participantId: 'a',
      seat: choice('s1', 'A'),
    });
    const result = run(afterAnn);
    expect(summary(result)).toEqual([['Ben', seatIdOf('s1', 'A', 'Firefighter', 2), 'rankedList', 1, false]]);
    // The state given is untouched (frozen above); the run's end is completed.
    expect(afterAnn.session.status).toBe('active');
  });

  it('answers the refusal when the session cannot start', () => {
    const state = buildEngineState({ seats: s1, participants: [] });
    expect(runWhatIf(state, TEST_START_TIME)).toMatchObject({ ok: false });
  });
});
