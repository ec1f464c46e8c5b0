/**
 * A member's forecast (packages/domain/src/schemas/forecast.ts) as GET /bid-sessions/:id/forecast
 * sends it. Each builder gives a valid answer; pass overrides for what a test is about.
 */
import type { ForecastAnswer } from '@stationbid/domain';
import { testId } from './build-bid-session.ts';

type ForecastChoice = ForecastAnswer['choices'][number];

export function buildForecastChoice(overrides: Partial<ForecastChoice> = {}): ForecastChoice {
  return {
    place: 1,
    stationId: testId('57a7', 4),
    stationNumber: 4,
    stationName: 'Harbor',
    shift: 'B',
    position: 'Engineer',
    chance: 'likely',
    freeAtTurn: true,
    explanation: 'Likely: 3 of the 14 members ahead of you have no saved list',
    ...overrides,
  };
}

/** A member waiting for their turn, with no list unless `choices` are given. */
export function buildForecast(overrides: Partial<ForecastAnswer> = {}): ForecastAnswer {
  const choices = overrides.choices ?? [];
  return {
    sessionId: testId('5e55', 1),
    sessionVersion: 1,
    upToDate: true,
    turn: 'waiting',
    membersAhead: 14,
    membersAheadWithoutList: 3,
    membersAheadListRanOut: 0,
    expectedPlace: null,
    summary:
      choices.length === 0
        ? 'Save a ranked list of seats to see which are likely still free at your turn.'
        : 'None of the seats on your list is likely to be free at your turn: add more seats to it.',
    choices,
    ...overrides,
  };
}
