/**
 * The shared board of a session (docs/decisions/012-session-board.md): what every watcher of a
 * session sees, computed once per session version and served to all of them alike. It names the
 * turn holder and the next few in the queue, the free and total seats per station, shift and
 * position, the last picks and the counts; the full participant list is paged separately
 * (`GET /bid-sessions/:id/participants?cursor=&limit=&search=`).
 *
 * `session.changed` events carry the board's new head and the seat groups and pick a step changed,
 * as absolute values, so a client patches its copy (`applySessionChange`) without a request, and
 * applying an event twice changes nothing.
 */
import { z } from 'zod';
import { BID_SESSION_STATUSES, ELIGIBILITY_MODES } from '../bid-engine/types.ts';
import { RANKS, SEAT_POSITIONS, SHIFTS } from '../constants.ts';
import { bidSessionSchema, participantSchema, sessionReadViewSchema } from './bid-session.ts';

/** How many participants after the turn holder the board names. */
export const BOARD_UPCOMING_COUNT = 5;
/** How many of the latest picks the board keeps. */
export const BOARD_RECENT_PICKS_COUNT = 20;

const nullableTime = z.string().nullable();

/** A participant as the board names them: no contact data, no preferences. */
export const boardParticipantSchema = z.object({
  participantId: z.string(),
  memberId: z.string().nullable(),
  /** "First Last", frozen when they joined. */
  name: z.string(),
  rank: z.enum(RANKS),
  /** 1-based place in the seniority order. */
  bidPriority: z.number().int(),
  /** 0-based place in the queue. */
  queuePosition: z.number().int(),
  movedToBack: z.boolean(),
});
export type BoardParticipant = z.infer<typeof boardParticipantSchema>;

/** What a step may change besides seats: the status, the turn, the queue's head and the counts. */
export const boardHeadSchema = z.object({
  status: z.enum(BID_SESSION_STATUSES),
  /** 1-based turn number; 0 before the start. */
  currentParticipant: z.number().int(),
  /** The current turn's deadline while active. */
  currentBidEnd: nullableTime,
  pausedRemainingSeconds: z.number().int().nullable(),
  actualStart: nullableTime,
  actualEnd: nullableTime,
  turn: boardParticipantSchema.nullable(),
  /**
   * The round under way (0-based index into the board's `rounds`): the turn holder's round while the
   * session runs; null when the session has no rounds or does not run. Absent in older answers.
   */
  currentRound: z.number().int().nullable().optional(),
  /** The next waiting participants after the turn holder, in queue order. */
  upcoming: z.array(boardParticipantSchema),
  counts: z.object({
    total: z.number().int(),
    /** Participants whose session is over (any outcome). */
    done: z.number().int(),
    waiting: z.number().int(),
    /** Participants who won a seat (own, phone-in or automatic). */
    awarded: z.number().int(),
    movedToBack: z.number().int(),
    /** Participants done, by how their session ended. */
    byOutcome: z.object({
      bid: z.number().int(),
      proxy_bid: z.number().int(),
      auto_assigned: z.number().int(),
      skipped: z.number().int(),
      not_assigned: z.number().int(),
    }),
  }),
});
export type BoardHead = z.infer<typeof boardHeadSchema>;

const stationRefSchema = z.object({ id: z.string(), name: z.string(), number: z.number().int() });

/** A seat won in the session. */
export const boardPickSchema = z.object({
  participantId: z.string(),
  memberId: z.string().nullable(),
  name: z.string(),
  rank: z.enum(RANKS),
  bidPriority: z.number().int(),
  station: stationRefSchema,
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
  kind: z.enum(['own', 'proxy', 'auto']),
  /** The administrator who placed a phone-in bid; null for the member's own and automatic ones. */
  placedBy: z.string().nullable(),
  at: z.string(),
  /** True when the member's standing bid took the seat as their turn began (sent only then). */
  standingBid: z.boolean().optional(),
  /** In a vacancy bid, the seat the move left open, offered next (sent only then): the chain's next link. */
  opened: z.object({ station: stationRefSchema, shift: z.enum(SHIFTS), position: z.enum(SEAT_POSITIONS) }).optional(),
});
export type BoardPick = z.infer<typeof boardPickSchema>;

/**
 * The seats of one position that share their rules: the certifications a member needs to take one
 * (codes, sorted) and whether they must be filled (minimum staffing).
 */
export const boardSeatRuleGroupSchema = z.object({
  requires: z.array(z.string()),
  mustFill: z.boolean(),
  /** Free seats of the group. */
  count: z.number().int(),
  total: z.number().int(),
});
export type BoardSeatRuleGroup = z.infer<typeof boardSeatRuleGroupSchema>;

const seatGroupCountSchema = z.object({
  position: z.enum(SEAT_POSITIONS),
  /** Free seats. */
  count: z.number().int(),
  total: z.number().int(),
  /**
   * Sent only when some of these seats require a certification or must be filled: the seats split
   * by their rules, plain ones first (counts add up to `count` and `total`).
   */
  groups: z.array(boardSeatRuleGroupSchema).optional(),
});
export type BoardSeatGroup = z.infer<typeof seatGroupCountSchema>;

/** An offered station with its free seats, in the shape of `availableStations` of the session read. */
export const boardStationSchema = stationRefSchema.extend({
  _id: z.string(),
  address: z.string(),
  availablePositions: z.object({
    A: z.array(seatGroupCountSchema),
    B: z.array(seatGroupCountSchema),
    C: z.array(seatGroupCountSchema),
  }),
  /** Free seats in total. */
  available: z.number().int(),
  totalCapacity: z.number().int(),
});
export type BoardStation = z.infer<typeof boardStationSchema>;

/** A round of the session as the board lists it. */
export const boardRoundSchema = z.object({
  name: z.string(),
  ranks: z.array(z.enum(RANKS)),
  /** Minutes. */
  bidWindowDuration: z.number().int(),
  /** The 0-based queue position of the round's first participant (turns run round by round). */
  firstQueuePosition: z.number().int(),
  /** Participants who bid in the round. */
  participants: z.number().int(),
});
export type BoardRound = z.infer<typeof boardRoundSchema>;

/** GET /bid-sessions/:id/board */
export const sessionBoardSchema = boardHeadSchema.extend({
  sessionId: z.string(),
  /** The session's change counter; also the answer's ETag. */
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  year: z.number().int(),
  /** Minutes. */
  bidWindowDuration: z.number().int(),
  /** Minutes. */
  autoAssignTimeout: z.number().int(),
  eligibilityMode: z.enum(ELIGIBILITY_MODES),
  /** The period the bid is for. */
  startDate: nullableTime,
  endDate: nullableTime,
  scheduledStart: nullableTime,
  scheduledEnd: nullableTime,
  stations: z.array(boardStationSchema),
  /** Newest first. */
  recentPicks: z.array(boardPickSchema),
  /** The session's rounds in bid order, with where each starts in the queue; empty: one round of everyone. */
  rounds: z.array(boardRoundSchema).optional(),
  /** The day certifications count on (YYYY-MM-DD), set at the start; null before it. */
  effectiveDate: z.string().nullable().optional(),
  /** Certification names by code ("PM": "Paramedic"), for the seats that require them. */
  certificationNames: z.record(z.string(), z.string()).optional(),
});
export type SessionBoard = z.infer<typeof sessionBoardSchema>;
export const sessionBoardResponseSchema = z.object({ board: sessionBoardSchema });

/** A seat group's free seats after a step (absolute, so that applying it twice is harmless). */
export const seatCountChangeSchema = z.object({
  stationId: z.string(),
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
  free: z.number().int(),
  /** With seats split by their rules: each group's free seats, in the board's order of `groups`. */
  groups: z
    .array(z.object({ requires: z.array(z.string()), mustFill: z.boolean(), free: z.number().int() }))
    .optional(),
});
export type SeatCountChange = z.infer<typeof seatCountChangeSchema>;

/** GET /bid-sessions/:id/participants?cursor=&limit=&search= */
export const participantPageQuerySchema = z.object({
  /** Where the previous page ended (its `nextCursor`); the first page without it. */
  cursor: z.coerce
    .number({ error: 'cursor must be a number from a previous page' })
    .int({ error: 'cursor must be a number from a previous page' })
    .min(0, { error: 'cursor must be a number from a previous page' })
    .optional(),
  /** Without `limit` (and without cursor and search) the whole list is sent, as the spec's clients expect. */
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 500' })
    .int({ error: 'limit must be a whole number from 1 to 500' })
    .min(1, { error: 'limit must be a whole number from 1 to 500' })
    .max(500, { error: 'limit must be a whole number from 1 to 500' })
    .optional(),
  /** Part of a name or employee ID, any case. */
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  /** `true`: only participants connected now (joined and seen in the last 2 minutes). */
  connected: z.enum(['true', 'false'], { error: 'connected must be true or false' }).optional(),
});
export type ParticipantPageQuery = z.infer<typeof participantPageQuerySchema>;

/** The page size when a client pages without naming one. */
export const PARTICIPANT_PAGE_DEFAULT_LIMIT = 100;

/** A page of participants in queue order; `nextCursor` is null on the last page. */
export const participantPageResponseSchema = z.object({
  participants: z.array(participantSchema),
  nextCursor: z.number().int().nullable(),
  /** Participants matching the search (all of them without one). */
  total: z.number().int(),
});
export type ParticipantPage = z.infer<typeof participantPageResponseSchema>;

/** GET /bid-sessions/current?view=summary: the viewer's current session without participants and stations. */
export const currentSessionSummaryResponseSchema = z.object({
  session: bidSessionSchema.nullable(),
  sessions: z.array(bidSessionSchema),
});
/** GET /bid-sessions/current and POST /bid-sessions/:id/join: `summary` leaves out the session's participants and stations. */
export const sessionReadViewQuerySchema = z.object({ view: sessionReadViewSchema });

/**
 * POST /bid-sessions/:id/join?view=summary: the message and the session without its participants
 * and stations, a few hundred bytes instead of the whole session (14 MB at 20,000).
 */
export const joinSessionSummaryResponseSchema = z.object({ message: z.string(), session: bidSessionSchema });
