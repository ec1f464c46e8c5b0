/**
 * Rounds (bidding-rules.md, "Rounds"): a session may run its queue in rounds, one after another,
 * each for some ranks and with its own bid window ("the captains bid first so everyone else sees
 * where the officers will be"). Without rounds everyone bids in one round, as always.
 */
import { z } from 'zod';
import type { SessionRound } from './bid-engine/types.ts';
import { LIMITS, RANKS, type Rank } from './constants.ts';

export const ROUND_MESSAGES = {
  nameRequired: 'Each round needs a name',
  ranksRequired: 'Each round needs at least one rank',
  tooManyRounds: 'At most 7 rounds',
} as const;

/** A round as the API sends and receives it: `bidWindowDuration` in minutes, like the session's. */
export const sessionRoundSchema = z.object({
  name: z.string({ error: ROUND_MESSAGES.nameRequired }).trim().min(1, ROUND_MESSAGES.nameRequired).max(60),
  ranks: z
    .array(z.enum(RANKS, { error: 'Unknown rank' }))
    .min(1, ROUND_MESSAGES.ranksRequired)
    .transform((ranks) => [...new Set(ranks)]),
  bidWindowDuration: z.coerce
    .number({ error: 'Bid window duration is required' })
    .int('Bid window duration must be whole minutes')
    .min(1, 'Minimum 1 minute')
    .max(LIMITS.bidWindowMinutesMax, 'Maximum 60 minutes'),
});
export type SessionRoundInput = z.output<typeof sessionRoundSchema>;

/** The rounds of a create or edit: each rank in at most one round. */
export const sessionRoundsSchema = z
  .array(sessionRoundSchema)
  .max(7, ROUND_MESSAGES.tooManyRounds)
  .superRefine((rounds, context) => {
    const seen = new Map<Rank, string>();
    for (const round of rounds) {
      for (const rank of round.ranks) {
        const earlier = seen.get(rank);
        if (earlier !== undefined) {
          context.addIssue({
            code: 'custom',
            message: `${rank} is in two rounds ("${earlier}" and "${round.name}"): each rank bids in one round`,
          });
        }
        seen.set(rank, round.name);
      }
    }
  });

/** "Officers first (Captains and Lieutenants), then Engineers, then Firefighters"; chiefs bid with the officers. */
export function officersFirstRounds(bidWindowDuration: number): SessionRoundInput[] {
  return [
    {
      name: "Officers' round",
      ranks: ['Chief', 'Deputy Chief', 'Battalion Chief', 'Captain', 'Lieutenant'],
      bidWindowDuration,
    },
    { name: "Engineers' round", ranks: ['Engineer'], bidWindowDuration },
    { name: "Firefighters' round", ranks: ['Firefighter'], bidWindowDuration },
  ];
}

/** The 0-based round a rank bids in; 0 when the session has no rounds; undefined when no round has the rank. */
export function roundIndexOfRank(rounds: readonly { ranks: readonly Rank[] }[], rank: Rank): number | undefined {
  if (rounds.length === 0) return 0;
  const index = rounds.findIndex((round) => round.ranks.includes(rank));
  return index === -1 ? undefined : index;
}

/** "No round has Battalion Chief (Jordan Lee, Sam Park): add the rank to a round." */
export function ranksWithoutRoundMessage(missing: ReadonlyMap<Rank, readonly string[]>): string {
  const parts = [...missing].map(
    ([rank, names]) => `${rank} (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', ...' : ''})`,
  );
  return `No round has ${parts.join('; ')}: every participant's rank must be in a round. Add the rank to a round.`;
}

/** Rounds as the session keeps them and the engine reads them (`bidWindowMinutes`). */
export function toSessionRounds(rounds: readonly SessionRoundInput[]): SessionRound[] {
  return rounds.map((round) => ({
    name: round.name,
    ranks: [...round.ranks],
    bidWindowMinutes: round.bidWindowDuration,
  }));
}
