/**
 * "What will I likely get" (bidding-rules.md, "Forecast"): for each seat on a member's ranked list,
 * whether it is likely still free at their turn, and how sure that is.
 *
 * One what-if run (what-if.ts) from the session as it stands answers it for every member at once:
 * the members ahead bid their saved lists (or are guessed), and at each member's turn in the run
 * each choice of their list is asked of the rules as a bid would be. How sure it is comes from the
 * members ahead: how many of them the run had to guess for, and whether the seats gone were taken
 * by lists (what those members said they want) or by guesses. Members are never named: another
 * member's list is theirs alone.
 */

import { BID_MESSAGES, notEligibleMessage, seatNotOfferedMessage } from './messages.ts';
import { isEligibleForSeat, seatsOfChoice } from './seat-availability.ts';
import { TurnRules } from './seat-choice.ts';
import type { EngineParticipant, EngineState, FORECAST_CHANCES, SeatChoice, SeatRef } from './types.ts';
import { drainSteps, whatIfSteps } from './what-if.ts';

/**
 * - likely: free at the member's turn, and no more than half the members ahead were guessed;
 * - possible: free but most of those ahead were guessed, or gone only because guesses took it;
 * - unlikely: gone by their turn to members' saved lists, or held by someone not expected to move;
 * - closed: the rules will not give it to them (rank, certifications, must-fill staffing, not offered).
 */
export type ForecastChance = (typeof FORECAST_CHANCES)[number];

export interface ChoiceForecast {
  /** 1-based place on the member's list. */
  place: number;
  choice: SeatChoice;
  /** The station as the session offers it; null when the session does not offer that seat. */
  station: Pick<SeatRef, 'stationNumber' | 'stationName'> | null;
  /** Whether the run found a seat of the kind the member may take at their turn. */
  freeAtTurn: boolean;
  chance: ForecastChance;
  /** For a closed choice: why the rules refuse it. */
  refusal: string | null;
  /** Seats of the kind members ahead took in the run: by their lists (or standing bids), and by guesses. */
  takenByLists: number;
  takenByGuesses: number;
}

export interface MemberForecast {
  participantId: string;
  /** Members whose turns come before theirs from now on. */
  membersAhead: number;
  /** Of those, the run guessed for: no saved list, or nothing on it left by their turn. */
  aheadWithoutList: number;
  aheadListRanOut: number;
  /** The place on their list of the seat the run gave them; null when it gave none of it. */
  expectedPlace: number | null;
  choices: ChoiceForecast[];
}

export type SessionForecastOutcome =
  | { ok: true; forecasts: ReadonlyMap<string, MemberForecast> }
  | { ok: false; message: string };

const kindKey = (seat: SeatChoice) => `${seat.stationId}|${seat.shift}|${seat.seatPosition}`;

/**
 * Every waiting member's forecast, from one run of the session to its end (a draft or scheduled
 * session from its start, a running one from its current turn). Members whose turn has come and
 * gone have none. Standing bids are played as the lists they are (the engine resolves both by the
 * same first allowed choice), so every member's turn is seen.
 */
export function forecastSession(state: EngineState, now: number): SessionForecastOutcome {
  return drainSteps(forecastSteps(state, now));
}

/** The forecast as steps, one per turn of the run (what-if.ts, `whatIfSteps`). */
export function* forecastSteps(state: EngineState, now: number): Generator<void, SessionForecastOutcome> {
  const forecasts = new Map<string, MemberForecast>();
  const taken = new Map<string, { lists: number; guesses: number }>();
  let decidedTurns = 0;
  let guessedNoList = 0;
  let guessedRanOut = 0;
  const hasList = new Map(
    state.participants.map((participant) => [participant.participantId, participant.preferences.choices.length > 0]),
  );
  const outcome = yield* whatIfSteps(withoutStandingBids(state), now, {
    beforeTurn(holder, rules, view, time) {
      // Refusals are told to the member ("you"); the run's own rules name them, as to an administrator.
      let ownRules: TurnRules | undefined;
      const refusalOf = (choice: SeatChoice) => {
        ownRules ??= new TurnRules(view, holder, time);
        const pick = ownRules.pick(choice);
        return pick.ok ? null : pick.message;
      };
      const choices = holder.preferences.choices.map((choice, index) =>
        forecastChoice(view, holder, rules, choice, index + 1, taken.get(kindKey(choice)), refusalOf),
      );
      const aheadGuessed = guessedNoList + guessedRanOut;
      const membersAhead = decidedTurns;
      for (const choice of choices) {
        if (!choice.freeAtTurn || choice.chance === 'closed') continue;
        choice.chance = aheadGuessed * 2 > membersAhead ? 'possible' : 'likely';
      }
      forecasts.set(holder.participantId, {
        participantId: holder.participantId,
        membersAhead,
        aheadWithoutList: guessedNoList,
        aheadListRanOut: guessedRanOut,
        expectedPlace: choices.find((choice) => choice.freeAtTurn)?.place ?? null,
        choices,
      });
    },
    decided(participantId, seat, isGuess) {
      decidedTurns += 1;
      if (isGuess) {
        if (hasList.get(participantId)) guessedRanOut += 1;
        else guessedNoList += 1;
      }
      if (!seat) return;
      const counts = taken.get(kindKey(seat)) ?? { lists: 0, guesses: 0 };
      if (isGuess) counts.guesses += 1;
      else counts.lists += 1;
      taken.set(kindKey(seat), counts);
    },
  });
  return outcome.ok ? { ok: true, forecasts } : { ok: false, message: outcome.message };
}

/** One choice at the member's turn in the run; a free one's chance is settled by the caller. */
function forecastChoice(
  view: EngineState,
  holder: EngineParticipant,
  rules: TurnRules,
  choice: SeatChoice,
  place: number,
  takenSoFar: { lists: number; guesses: number } | undefined,
  refusalOf: (choice: SeatChoice) => string | null,
): ChoiceForecast {
  const seats = seatsOfChoice(view, choice);
  const first = seats[0];
  const takenByLists = takenSoFar?.lists ?? 0;
  const takenByGuesses = takenSoFar?.guesses ?? 0;
  const forecast = (freeAtTurn: boolean, chance: ForecastChance, refusal: string | null = null): ChoiceForecast => ({
    place,
    choice,
    station: first ? { stationNumber: first.stationNumber, stationName: first.stationName } : null,
    freeAtTurn,
    chance,
    refusal,
    takenByLists,
    takenByGuesses,
  });
  if (!first) return forecast(false, 'closed', seatNotOfferedMessage(choice.shift, choice.seatPosition));
  if (!isEligibleForSeat(holder.rank, choice.seatPosition, view.session.eligibilityMode)) {
    return forecast(false, 'closed', notEligibleMessage(choice.seatPosition));
  }
  const pick = rules.pick(choice);
  if (pick.ok) return forecast(true, 'likely');
  if (pick.message !== BID_MESSAGES.seatUnavailable) return forecast(false, 'closed', refusalOf(choice));
  // Gone: if guesses took any of them, members without a list decide it, not what anyone said.
  return forecast(false, takenByGuesses > 0 ? 'possible' : 'unlikely');
}

/** The same state with every standing bid played as a list: the run then sees every member's turn. */
function withoutStandingBids(state: EngineState): EngineState {
  if (!state.participants.some((participant) => participant.preferences.standingBid)) return state;
  return {
    ...state,
    participants: state.participants.map((participant) =>
      participant.preferences.standingBid
        ? { ...participant, preferences: { ...participant.preferences, standingBid: false } }
        : participant,
    ),
  };
}
