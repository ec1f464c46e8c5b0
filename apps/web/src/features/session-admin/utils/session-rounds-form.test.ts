import { describe, expect, it } from 'vitest';
import {
  describeRound,
  emptyRound,
  presetRounds,
  rankOptions,
  ranksInNoRound,
  toRoundsRequest,
} from './session-rounds-form.ts';

describe('the rounds of the session form', () => {
  it('fills the preset with the bid window typed for the session', () => {
    const rounds = presetRounds(8);
    expect(toRoundsRequest(rounds)).toEqual([
      {
        name: "Officers' round",
        ranks: ['Chief', 'Deputy Chief', 'Battalion Chief', 'Captain', 'Lieutenant'],
        bidWindowDuration: 8,
      },
      { name: "Engineers' round", ranks: ['Engineer'], bidWindowDuration: 8 },
      { name: "Firefighters' round", ranks: ['Firefighter'], bidWindowDuration: 8 },
    ]);
    expect(new Set(rounds.map((round) => round.key)).size).toBe(3);
  });

  it('offers a rank another round holds disabled, named after that round', () => {
    const rounds = presetRounds(5);
    const options = rankOptions(rounds, 1);
    expect(options.find((option) => option.value === 'Engineer')).toEqual({
      value: 'Engineer',
      label: 'Engineer',
      disabled: false,
    });
    expect(options.find((option) => option.value === 'Captain')).toEqual({
      value: 'Captain',
      label: "Captain (in Officers' round)",
      disabled: true,
    });
  });

  it('names the ranks no round has, and reads blank numbers as missing', () => {
    const rounds = [{ ...emptyRound(0, ''), ranks: ['Captain' as const] }];
    expect(ranksInNoRound(rounds)).toEqual([
      'Chief',
      'Deputy Chief',
      'Battalion Chief',
      'Lieutenant',
      'Engineer',
      'Firefighter',
    ]);
    expect(toRoundsRequest(rounds)[0]?.bidWindowDuration).toBeNaN();
    expect(describeRound(rounds[0] as (typeof rounds)[number], 0)).toBe('Round 1: Round 1');
    expect(describeRound({ ...emptyRound(1, 5), name: ' ' }, 1)).toBe('Round 2');
  });
});
