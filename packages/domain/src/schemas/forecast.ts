/**
 * GET /bid-sessions/:id/forecast (docs/api.md, "bid-sessions"; bidding-rules.md, "Forecast"): a
 * member's own "what will I likely get", in words they can act on, made from the engine's forecast
 * (bid-engine/forecast.ts) and nothing else.
 */
import { z } from 'zod';
import type { ChoiceForecast, MemberForecast } from '../bid-engine/forecast.ts';
import { FORECAST_CHANCES } from '../bid-engine/types.ts';
import { SEAT_POSITIONS, SHIFTS } from '../constants.ts';

export const FORECAST_TURNS = ['waiting', 'onTheClock', 'turnTaken'] as const;

const choiceForecastSchema = z.object({
  place: z.number().int(),
  stationId: z.string(),
  /** Null when the session does not offer the seat. */
  stationNumber: z.number().int().nullable(),
  stationName: z.string().nullable(),
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
  chance: z.enum(FORECAST_CHANCES),
  freeAtTurn: z.boolean(),
  /** "Likely: 3 of the 14 members ahead of you have no saved list". */
  explanation: z.string(),
});

export const memberForecastSchema = z.object({
  sessionId: z.string(),
  /** The session version the forecast was worked out at. */
  sessionVersion: z.number().int(),
  /** False while the forecast of a newer version is worked out: this one is from a moment ago. */
  upToDate: z.boolean(),
  turn: z.enum(FORECAST_TURNS),
  membersAhead: z.number().int(),
  membersAheadWithoutList: z.number().int(),
  membersAheadListRanOut: z.number().int(),
  /** The place on the member's list of the seat they would likely get; null when none. */
  expectedPlace: z.number().int().nullable(),
  /** One sentence: what they would likely get, or what to do. */
  summary: z.string(),
  choices: z.array(choiceForecastSchema),
});
export type ForecastAnswer = z.infer<typeof memberForecastSchema>;
export const forecastResponseSchema = z.object({ forecast: memberForecastSchema });

const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const ORDINAL_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinalNumber(value: number): string {
  return `${value}${ORDINAL_SUFFIXES[ordinalRules.select(value)] ?? 'th'}`;
}

const cardinalRules = new Intl.PluralRules('en-US');

/** "1 member", "14 members". */
function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${cardinalRules.select(count) === 'one' ? singular : plural}`;
}

/** "Station 4 · B shift · Engineer" (the station's id when the session does not offer it). */
function choiceSeatText(choice: ChoiceForecast): string {
  const station = choice.station ? `Station ${choice.station.stationNumber}` : 'A station not in this session';
  return `${station} · ${choice.choice.shift} shift · ${choice.choice.seatPosition}`;
}

/** Who is ahead, said once for every free choice: how many, and how many of them the forecast guessed. */
function aheadText(forecast: MemberForecast): string {
  const { membersAhead, aheadWithoutList, aheadListRanOut } = forecast;
  const ahead = countOf(membersAhead, 'member', 'members');
  if (aheadWithoutList === 0 && aheadListRanOut === 0) {
    return membersAhead === 1
      ? 'the member ahead of you has a saved list that leaves it free'
      : `all ${ahead} ahead of you have saved lists that leave it free`;
  }
  const parts: string[] = [];
  if (aheadWithoutList > 0) {
    parts.push(
      `${aheadWithoutList} of the ${ahead} ahead of you ${aheadWithoutList === 1 ? 'has' : 'have'} no saved list`,
    );
  }
  if (aheadListRanOut > 0) {
    const usedUp = aheadListRanOut === 1 ? 'their saved list used up' : 'their saved lists used up';
    parts.push(
      aheadWithoutList > 0
        ? `${aheadListRanOut} more will find theirs used up`
        : `${aheadListRanOut} of the ${ahead} ahead of you will find ${usedUp}`,
    );
  }
  return parts.join('; ');
}

const capitalize = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** Why a choice is as likely as it is, in a member's words; no other member is named. */
export function explainChoiceForecast(forecast: MemberForecast, choice: ChoiceForecast, turn: ForecastAnswer['turn']) {
  if (choice.chance === 'closed') return `Not open to you: ${choice.refusal ?? 'the rules do not allow it'}`;
  if (choice.freeAtTurn) {
    if (turn === 'onTheClock') return 'Free now: it is your turn';
    if (forecast.membersAhead === 0) return 'Free now, and you bid next';
    return `${capitalize(choice.chance)}: ${aheadText(forecast)}`;
  }
  if (turn === 'onTheClock') return 'Taken: none of these seats is free now';
  if (choice.chance === 'possible') {
    return `Possible: it is gone by your turn only if members ahead of you with no saved list take it (the forecast guessed ${choice.takenByGuesses} would)`;
  }
  if (choice.takenByLists > 0) {
    return `Unlikely: members ahead of you have these seats on their saved lists (${countOf(choice.takenByLists, 'seat', 'seats')} taken before your turn)`;
  }
  return 'Unlikely: every one of these seats is held, and no member ahead of you is expected to leave one';
}

/** One sentence for the whole forecast. */
function summaryOf(forecast: MemberForecast | undefined, turn: ForecastAnswer['turn'], hasList: boolean): string {
  if (turn === 'turnTaken' || !forecast) return 'Your turn has come and gone: your result is on the board.';
  if (!hasList) return 'Save a ranked list of seats to see which are likely still free at your turn.';
  const expected = forecast.choices.find((choice) => choice.place === forecast.expectedPlace);
  if (!expected) {
    return turn === 'onTheClock'
      ? 'None of the seats on your list is free to you now: choose another seat.'
      : 'None of the seats on your list is likely to be free at your turn: add more seats to it.';
  }
  const lead =
    turn === 'onTheClock'
      ? 'Your best choice still free'
      : expected.chance === 'likely'
        ? 'You would likely get'
        : 'You might get';
  return `${lead}: your ${ordinalNumber(expected.place)} choice, ${choiceSeatText(expected)}.`;
}

/**
 * A member's forecast as the API answers it. `forecast` undefined: the run found no turn of theirs
 * to come (it has been taken).
 */
export function presentForecast(input: {
  sessionId: string;
  sessionVersion: number;
  upToDate: boolean;
  forecast: MemberForecast | undefined;
  isTheirTurn: boolean;
}): ForecastAnswer {
  const { forecast } = input;
  const turn: ForecastAnswer['turn'] = !forecast ? 'turnTaken' : input.isTheirTurn ? 'onTheClock' : 'waiting';
  const choices = forecast?.choices ?? [];
  return {
    sessionId: input.sessionId,
    sessionVersion: input.sessionVersion,
    upToDate: input.upToDate,
    turn,
    membersAhead: forecast?.membersAhead ?? 0,
    membersAheadWithoutList: forecast?.aheadWithoutList ?? 0,
    membersAheadListRanOut: forecast?.aheadListRanOut ?? 0,
    expectedPlace: forecast?.expectedPlace ?? null,
    summary: summaryOf(forecast, turn, choices.length > 0),
    choices: forecast
      ? choices.map((choice) => ({
          place: choice.place,
          stationId: choice.choice.stationId,
          stationNumber: choice.station?.stationNumber ?? null,
          stationName: choice.station?.stationName ?? null,
          shift: choice.choice.shift,
          position: choice.choice.seatPosition,
          chance: choice.chance,
          freeAtTurn: choice.freeAtTurn,
          explanation: explainChoiceForecast(forecast, choice, turn),
        }))
      : [],
  };
}
