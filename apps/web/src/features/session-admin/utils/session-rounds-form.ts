/**
 * The session form's rounds (bidding-rules.md, "Rounds"): the ordered rounds as the form edits them,
 * the preset, which ranks a round may still take, and the rounds as the request sends them. A rank
 * bids in one round only, so a rank another round holds is offered disabled rather than hidden: the
 * administrator sees where it went.
 */
import { type BidSession, officersFirstRounds, RANKS, type Rank, type SessionRoundInput } from '@stationbid/domain';

export interface RoundFormValue {
  /** Stable across moves and removals, so React keeps each round's inputs (and focus) with it. */
  key: string;
  name: string;
  ranks: Rank[];
  /** Minutes; NumberInput gives '' while empty. */
  bidWindowDuration: number | string;
}

export const OFFICERS_FIRST_LABEL = 'Officers first (Captains and Lieutenants), then Engineers, then Firefighters';

export const ROUND_FORM_MESSAGES = {
  roundsRequired: 'Add a round, or turn rounds off',
  bidWindowRequired: 'Bid window duration is required',
} as const;

let nextRoundKey = 0;
export function newRoundKey(): string {
  nextRoundKey += 1;
  return `round-${nextRoundKey}`;
}

/** Highest first, as a department names them when it thinks of who bids first. */
export const RANKS_HIGHEST_FIRST: readonly Rank[] = [...RANKS].reverse();

export function presetRounds(bidWindowDuration: number | string): RoundFormValue[] {
  const minutes = Number(bidWindowDuration);
  return officersFirstRounds(Number.isFinite(minutes) && minutes > 0 ? minutes : 5).map((round) => ({
    key: newRoundKey(),
    name: round.name,
    ranks: sortRanks(round.ranks),
    bidWindowDuration: round.bidWindowDuration,
  }));
}

export function emptyRound(index: number, bidWindowDuration: number | string): RoundFormValue {
  return { key: newRoundKey(), name: `Round ${index + 1}`, ranks: [], bidWindowDuration };
}

export function roundsToFormValues(rounds: BidSession['rounds']): RoundFormValue[] {
  return rounds.map((round) => ({
    key: newRoundKey(),
    name: round.name,
    ranks: sortRanks(round.ranks),
    bidWindowDuration: round.bidWindowDuration,
  }));
}

function sortRanks(ranks: readonly Rank[]): Rank[] {
  return RANKS_HIGHEST_FIRST.filter((rank) => ranks.includes(rank));
}

export function toRoundsRequest(rounds: readonly RoundFormValue[]): SessionRoundInput[] {
  return rounds.map((round) => ({
    name: round.name.trim(),
    ranks: [...round.ranks],
    bidWindowDuration:
      typeof round.bidWindowDuration === 'number'
        ? round.bidWindowDuration
        : Number(round.bidWindowDuration.trim() === '' ? Number.NaN : round.bidWindowDuration),
  }));
}

export interface RankOption {
  value: Rank;
  label: string;
  disabled: boolean;
}

/** The ranks round `index` may pick: every rank, those another round holds disabled and named. */
export function rankOptions(rounds: readonly RoundFormValue[], index: number): RankOption[] {
  return RANKS_HIGHEST_FIRST.map((rank) => {
    const holder = rounds.find((round, other) => other !== index && round.ranks.includes(rank));
    return holder === undefined
      ? { value: rank, label: rank, disabled: false }
      : { value: rank, label: `${rank} (in ${holder.name.trim() || 'another round'})`, disabled: true };
  });
}

/** Ranks no round has: a participant of one of them cannot be placed, and the server says so. */
export function ranksInNoRound(rounds: readonly RoundFormValue[]): Rank[] {
  return RANKS_HIGHEST_FIRST.filter((rank) => !rounds.some((round) => round.ranks.includes(rank)));
}

/** The round's own label, for its fieldset and its buttons: "Round 2: Engineers' round". */
export function describeRound(round: RoundFormValue, index: number): string {
  const name = round.name.trim();
  return name === '' ? `Round ${index + 1}` : `Round ${index + 1}: ${name}`;
}
