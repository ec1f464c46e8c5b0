/**
 * POST /bid-sessions/:id/simulate (docs/api.md, "bid-sessions"): a what-if run's answer, made from
 * the engine's run (bid-engine/what-if.ts) and nothing else, so the server only reads and presents.
 */
import { z } from 'zod';
import type { WhatIfResult } from '../bid-engine/what-if.ts';
import { RANKS, SEAT_POSITIONS, SHIFTS } from '../constants.ts';

export const WHAT_IF_SOURCES = ['standingBid', 'rankedList', 'ownSeat', 'firstQualified', 'none'] as const;

const whatIfAwardSchema = z.object({
  participantId: z.string(),
  name: z.string(),
  rank: z.enum(RANKS),
  /** 1-based turn in the run. */
  turn: z.number().int(),
  seat: z
    .object({
      stationId: z.string(),
      stationNumber: z.number().int(),
      stationName: z.string(),
      shift: z.enum(SHIFTS),
      position: z.enum(SEAT_POSITIONS),
    })
    .nullable(),
  source: z.enum(WHAT_IF_SOURCES),
  /** The place on the member's ranked list of the seat they got; null for a guess. */
  place: z.number().int().nullable(),
  isGuess: z.boolean(),
  listRanOut: z.boolean(),
});

const whatIfMustFillSchema = z.object({
  position: z.enum(SEAT_POSITIONS),
  requires: z.array(z.string()),
  seats: z.number().int(),
  filled: z.number().int(),
  /** The fewest qualified members still to bid beyond the kind's free seats, over the run. */
  fewestSpare: z.number().int(),
  /** The first turn from which no qualified member was spare; null when there always was one. */
  tightFromTurn: z.number().int().nullable(),
});

export const whatIfSchema = z.object({
  sessionId: z.string(),
  /** The session's status when run: a draft or scheduled one runs from its start, a running one from its turn. */
  ranFrom: z.enum(['start', 'currentTurn']),
  awards: z.array(whatIfAwardSchema),
  /** Members whose saved list had nothing left by their turn. */
  listsRanOut: z.number().int(),
  /** Members the run had to guess for (no list, or nothing on it left). */
  guesses: z.number().int(),
  mustFill: z.array(whatIfMustFillSchema),
});
export type WhatIf = z.infer<typeof whatIfSchema>;
export const whatIfResponseSchema = z.object({ whatIf: whatIfSchema });

/** The answer for a run, named by the session it ran. */
export function presentWhatIf(sessionId: string, ranFrom: WhatIf['ranFrom'], result: WhatIfResult): WhatIf {
  return {
    sessionId,
    ranFrom,
    awards: result.awards.map(({ seat, ...award }) => ({
      ...award,
      seat:
        seat === null
          ? null
          : {
              stationId: seat.stationId,
              stationNumber: seat.stationNumber,
              stationName: seat.stationName,
              shift: seat.shift,
              position: seat.seatPosition,
            },
    })),
    listsRanOut: result.listsRanOut,
    guesses: result.guesses,
    mustFill: result.mustFill.map((entry) => ({ ...entry, requires: [...entry.requires] })),
  };
}
