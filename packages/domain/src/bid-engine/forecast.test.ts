import { describe, expect, it } from 'vitest';
import { presentForecast } from '../schemas/forecast.ts';
import { forecastSession, type MemberForecast } from './forecast.ts';
import {
  applyOrThrow,
  buildEngineState,
  buildStationSeats,
  deepFreeze,
  startSession,
  TEST_ADMIN,
  TEST_START_TIME,
} from './test-builders.ts';
import type { EngineState, SeatChoice } from './types.ts';

const s1 = buildStationSeats({
  stationId: 's1',
  stationNumber: 1,
  seats: { A: { Firefighter: 2, Captain: 1 }, B: { Firefighter: 1 } },
});
const s2 = buildStationSeats({ stationId: 's2', stationNumber: 2, seats: { A: { Firefighter: 1 } } });
const choice = (
  stationId: string,
  shift: 'A' | 'B' | 'C',
  seatPosition: SeatChoice['seatPosition'] = 'Firefighter',
) => ({
  stationId,
  shift,
  seatPosition,
});

function forecast(state: EngineState): ReadonlyMap<string, MemberForecast> {
  const outcome = forecastSession(deepFreeze(state), TEST_START_TIME);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.forecasts;
}

const chances = (member: MemberForecast | undefined) =>
  member?.choices.map((entry) => [entry.place, entry.freeAtTurn, entry.chance]);

describe('the forecast of a session', () => {
  it('tells each member which of their choices the lists ahead of them leave free', () => {
    const forecasts = forecast(
      buildEngineState({
        seats: [...s1, ...s2],
        participants: [
          { participantId: 'a', name: 'Ann', preferences: { choices: [choice('s2', 'A')] } },
          { participantId: 'b', name: 'Ben', preferences: { choices: [choice('s2', 'A'), choice('s1', 'B')] } },
          { participantId: 'c', name: 'Cal', preferences: { choices: [choice('s1', 'B')] } },
        ],
      }),
    );
    expect(forecasts.get('a')).toMatchObject({ membersAhead: 0, expectedPlace: 1 });
    expect(chances(forecasts.get('b'))).toEqual([
      [1, false, 'unlikely'],
      [2, true, 'likely'],
    ]);
    expect(forecasts.get('b')).toMatchObject({ membersAhead: 1, aheadWithoutList: 0, expectedPlace: 2 });
    expect(chances(forecasts.get('c'))).toEqual([[1, false, 'unlikely']]);
    expect(forecasts.get('c')).toMatchObject({ membersAhead: 2, aheadListRanOut: 0, expectedPlace: null });
  });

  it('is less sure where members ahead have no list: a seat guesses took is possible, not unlikely', () => {
    const forecasts = forecast(
      buildEngineState({
        seats: [...s1, ...s2],
        participants: [
          // No list: guessed to take the first seat he may (Station 1, A shift).
          { participantId: 'g', name: 'Gus' },
          { participantId: 'h', name: 'Hal' },
          { participantId: 'a', name: 'Ann', preferences: { choices: [choice('s1', 'A'), choice('s2', 'A')] } },
        ],
      }),
    );
    const ann = forecasts.get('a');
    expect(ann).toMatchObject({ membersAhead: 2, aheadWithoutList: 2, expectedPlace: 2 });
    expect(chances(ann)).toEqual([
      [1, false, 'possible'],
      // Free, but every member ahead was a guess.
      [2, true, 'possible'],
    ]);
  });

  it('closes a choice the rules refuse, saying why to the member', () => {
    const forecasts = forecast(
      buildEngineState({
        seats: s1,
        participants: [
          {
            participantId: 'a',
            name: 'Ann',
            preferences: { choices: [choice('s1', 'A', 'Captain'), choice('s9', 'A'), choice('s1', 'B')] },
          },
        ],
      }),
    );
    const ann = forecasts.get('a');
    expect(chances(ann)).toEqual([
      [1, false, 'closed'],
      [2, false, 'closed'],
      [3, true, 'likely'],
    ]);
    expect(ann?.choices.map((entry) => entry.refusal)).toEqual([
      'You are not eligible for a Captain seat',
      'This station has no Firefighter seat on shift A in this session',
      null,
    ]);
  });

  it('sees the turn of a member with a standing bid, and none for a member whose turn has come', () => {
    const state = buildEngineState({
      seats: s1,
      participants: [
        { participantId: 'a', name: 'Ann', preferences: { choices: [choice('s1', 'B')] } },
        { participantId: 'b', name: 'Ben', preferences: { choices: [choice('s1', 'B')], standingBid: true } },
        { participantId: 'c', name: 'Cal', preferences: { choices: [choice('s1', 'A')] } },
      ],
    });
    const started = startSession(state).state;
    const afterAnn = applyOrThrow(started, {
      type: 'bid',
      now: TEST_START_TIME,
      actor: TEST_ADMIN,
      participantId: 'a',
      seat: choice('s1', 'B'),
    }).state;
    const forecasts = forecast(afterAnn);
    expect(forecasts.has('a')).toBe(false);
    // Ben's standing bid found his choice gone and left him a turn; Cal is behind him.
    expect(chances(forecasts.get('b'))).toEqual([[1, false, 'unlikely']]);
    expect(forecasts.get('c')).toMatchObject({ membersAhead: 1, expectedPlace: 1 });
  });
});

describe('a forecast as a member reads it', () => {
  const member = (overrides: Partial<MemberForecast>): MemberForecast => ({
    participantId: 'p',
    membersAhead: 14,
    aheadWithoutList: 3,
    aheadListRanOut: 0,
    expectedPlace: 2,
    choices: [
      {
        place: 1,
        choice: choice('s2', 'A', 'Captain'),
        station: { stationNumber: 2, stationName: 'Station 2' },
        freeAtTurn: false,
        chance: 'unlikely',
        refusal: null,
        takenByLists: 1,
        takenByGuesses: 0,
      },
      {
        place: 2,
        choice: choice('s4', 'B', 'Engineer'),
        station: { stationNumber: 4, stationName: 'Station 4' },
        freeAtTurn: true,
        chance: 'likely',
        refusal: null,
        takenByLists: 0,
        takenByGuesses: 0,
      },
    ],
    ...overrides,
  });
  const present = (forecast: MemberForecast | undefined, isTheirTurn = false) =>
    presentForecast({ sessionId: 's', sessionVersion: 7, upToDate: true, forecast, isTheirTurn });

  it('says how sure it is from the members ahead, and which choice they would likely get', () => {
    const answer = present(member({}));
    expect(answer.turn).toBe('waiting');
    expect(answer.summary).toBe('You would likely get: your 2nd choice, Station 4 · B shift · Engineer.');
    expect(answer.choices.map((entry) => entry.explanation)).toEqual([
      'Unlikely: members ahead of you have these seats on their saved lists (1 seat taken before your turn)',
      'Likely: 3 of the 14 members ahead of you have no saved list',
    ]);
  });

  it('names lists that run out, and a single member ahead, in plain grammar', () => {
    expect(present(member({ aheadWithoutList: 0, aheadListRanOut: 1 })).choices[1]?.explanation).toBe(
      'Likely: 1 of the 14 members ahead of you will find their saved list used up',
    );
    expect(present(member({ membersAhead: 1, aheadWithoutList: 0 })).choices[1]?.explanation).toBe(
      'Likely: the member ahead of you has a saved list that leaves it free',
    );
    expect(present(member({ aheadListRanOut: 2 })).choices[1]?.explanation).toBe(
      'Likely: 3 of the 14 members ahead of you have no saved list; 2 more will find theirs used up',
    );
  });

  it('tells a member on the clock what is free now, and one whose turn has gone where to look', () => {
    const onTheClock = present(member({ membersAhead: 0, aheadWithoutList: 0 }), true);
    expect(onTheClock.turn).toBe('onTheClock');
    expect(onTheClock.summary).toBe('Your best choice still free: your 2nd choice, Station 4 · B shift · Engineer.');
    expect(onTheClock.choices.map((entry) => entry.explanation)).toEqual([
      'Taken: none of these seats is free now',
      'Free now: it is your turn',
    ]);
    expect(present(undefined)).toMatchObject({ turn: 'turnTaken', choices: [] });
    expect(present(member({ choices: [], expectedPlace: null })).summary).toBe(
      'Save a ranked list of seats to see which are likely still free at your turn.',
    );
  });
});
