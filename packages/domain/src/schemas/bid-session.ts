/**
 * Bid sessions as the API sends and receives them (the paths are listed in docs/api.md,
 * "bid-sessions"; the paths and shapes the engine issue fixes). Both `id` and `_id` are sent because
 * clients written against the spec read either. Times are ISO 8601 in UTC with Z.
 */

import { z } from 'zod';
import { BID_MESSAGES } from '../bid-engine/messages.ts';
import {
  BID_SESSION_STATUSES,
  BID_SESSION_TYPES,
  DEFAULT_TIE_BREAK_CHAIN,
  ELIGIBILITY_MODES,
  HISTORY_ACTIONS,
  PARTICIPANT_OUTCOMES,
  TIE_BREAK_LINKS,
} from '../bid-engine/types.ts';
import { BID_POSITION_LABELS, LIMITS, PROFESSIONAL_POSITIONS, RANKS, SEAT_POSITIONS, SHIFTS } from '../constants.ts';
import { sessionRoundsSchema } from '../session-rounds.ts';
import { shiftSchema } from './common.ts';
import { isLocalDateTime, isoToLocalDateTime, LOCAL_DATE_TIME_PATTERN, localDateTimeToIso } from './local-date-time.ts';

const nullableTime = z.string().nullable();

const stationSummarySchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  number: z.number().int(),
});

/** A participant, in queue order. */
export const participantSchema = z.object({
  id: z.string(),
  _id: z.string(),
  /** The member; `id` and `_id` are null when the member has since been deleted. */
  user: z.object({
    id: z.string().nullable(),
    _id: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    employeeId: z.string(),
    rank: z.enum(RANKS),
    position: z.enum(PROFESSIONAL_POSITIONS),
    isAdmin: z.boolean(),
  }),
  /** 0-based place in the queue. */
  position: z.number().int(),
  /** 0-based index into the session's `rounds` (0 when it has none; an answer from before rounds has none). */
  round: z.number().int().default(0),
  bidPriority: z.number().int(),
  seniorityScore: z.number().int(),
  yearsOfService: z.number().int(),
  /** True when they won a seat in this session (Assigned in results). */
  hasBid: z.boolean(),
  outcome: z.enum(PARTICIPANT_OUTCOMES).nullable(),
  movedToBack: z.boolean(),
  /** The seat won in this session. */
  assignedStation: stationSummarySchema.nullable(),
  assignedShift: z.enum(SHIFTS).nullable(),
  assignedPosition: z.enum(SEAT_POSITIONS).nullable(),
  /** The seat the member holds now (before or after the session). */
  currentStation: stationSummarySchema.nullable(),
  currentShift: z.enum(SHIFTS).nullable(),
  currentPosition: z.enum(SEAT_POSITIONS).nullable(),
  /** The participant's current or last turn. */
  timeWindow: z.object({ start: nullableTime, end: nullableTime }),
  isCurrentTurn: z.boolean(),
  /** Joined the live session and seen in the last 2 minutes. */
  isConnected: z.boolean(),
  /** Accepted bids of this participant in this session (at most one). */
  bidHistory: z.array(
    z.object({
      station: stationSummarySchema,
      shift: z.enum(SHIFTS),
      position: z.enum(SEAT_POSITIONS),
      kind: z.enum(['own', 'proxy', 'auto']),
      timestamp: z.string(),
    }),
  ),
});
export type Participant = z.infer<typeof participantSchema>;

/**
 * A participant as a reader who may not see their details sees them: the board's public facts
 * (name, rank, queue place, bid priority, as `GET /:id/board` shows everyone) with how their session
 * went (status) and the seat they took. No employee ID, no seat held before, no turn times, no
 * presence, no bid history, no seniority figures, no contact data. Who reads which shape is decided
 * in one place (apps/server/src/modules/session-engine/session-access.ts; docs/security.md, 3 and 17).
 */
export const publicParticipantSchema = participantSchema
  .pick({
    id: true,
    _id: true,
    position: true,
    round: true,
    bidPriority: true,
    hasBid: true,
    outcome: true,
    movedToBack: true,
    isCurrentTurn: true,
    assignedStation: true,
    assignedShift: true,
    assignedPosition: true,
  })
  .extend({
    user: participantSchema.shape.user.pick({ id: true, _id: true, firstName: true, lastName: true, rank: true }),
  });
export type PublicParticipant = z.infer<typeof publicParticipantSchema>;

/**
 * A participant in a session read: whole for administrators and for the member themselves, the
 * public facts for anyone else. The whole shape is tried first, so a whole entry keeps its fields.
 */
export const sessionParticipantSchema = z.union([participantSchema, publicParticipantSchema]);
export type SessionParticipant = z.infer<typeof sessionParticipantSchema>;

/** True for a participant read whole (an administrator's read, or the member's own entry). */
export const isWholeParticipant = (participant: SessionParticipant): participant is Participant =>
  'employeeId' in participant.user;

/** A seat a vacancy bid opened: the seat itself and where it is. */
export const openSeatSchema = z.object({
  seatId: z.string(),
  stationId: z.string(),
  stationNumber: z.number().int(),
  stationName: z.string(),
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
});
export type OpenSeat = z.infer<typeof openSeatSchema>;

/** A seat to open, as the administrator names it: the free seat of that kind with the lowest ordinal is opened. */
export const openSeatRequestSchema = z.object({
  stationId: z.uuid({ error: 'Choose the station of each open seat' }),
  shift: z.enum(SHIFTS, { error: 'Choose the shift of each open seat: A, B or C' }),
  position: z.enum(SEAT_POSITIONS, { error: 'Choose the position of each open seat' }),
});
export type OpenSeatRequest = z.infer<typeof openSeatRequestSchema>;

/** A bid session; its states are in docs/bidding-rules.md, "Session lifecycle". */
export const bidSessionSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  year: z.number().int(),
  status: z.enum(BID_SESSION_STATUSES),
  participantCount: z.number().int(),
  totalParticipants: z.number().int(),
  /** 1-based turn number; 0 before the start; participantCount + 1 once everyone is done. */
  currentParticipant: z.number().int(),
  currentBidEnd: nullableTime,
  /** Seconds left in the turn while paused. */
  pausedRemainingSeconds: z.number().int().nullable(),
  completedBids: z.number().int(),
  /** Minutes. */
  bidWindowDuration: z.number().int(),
  /** Seconds (bidWindowDuration x 60). */
  bidTimeLimit: z.number().int(),
  /** Minutes. */
  autoAssignTimeout: z.number().int(),
  movedToBackCount: z.number().int(),
  startDate: nullableTime,
  endDate: nullableTime,
  scheduledStart: nullableTime,
  scheduledEnd: nullableTime,
  actualStart: nullableTime,
  actualEnd: nullableTime,
  clearAssignments: z.boolean(),
  eligibilityMode: z.enum(ELIGIBILITY_MODES),
  /** A vacancy bid offers the seats the administrator opened, in a chain (bidding-rules.md, "Vacancy bids"). */
  type: z.enum(BID_SESSION_TYPES).default('standard'),
  tieBreakChain: z.array(z.enum(TIE_BREAK_LINKS)),
  randomSeed: z.string().nullable(),
  /** The stations offered; `stationIds` is empty when every active station is. */
  stationIds: z.array(z.string()),
  /** Rounds run one after another (bidding-rules.md, "Rounds"); empty: one round of everyone. */
  rounds: z
    .array(z.object({ name: z.string(), ranks: z.array(z.enum(RANKS)), bidWindowDuration: z.number().int() }))
    // An answer from a server before rounds has none.
    .default([]),
  /**
   * The turn holder, and who comes next, while the session runs: whole for administrators and for
   * the member themselves, the public facts for anyone else (docs/security.md, 17).
   */
  currentTurn: sessionParticipantSchema.nullable(),
  nextParticipant: sessionParticipantSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BidSession = z.infer<typeof bidSessionSchema>;

/** GET /bid-sessions/:id also sends the participants and the stations with live availability. */
export const bidSessionDetailSchema = bidSessionSchema.extend({
  participants: z.array(participantSchema),
  availableStations: z.array(
    stationSummarySchema.extend({
      address: z.string(),
      /** Free seats per shift and seat position in the session's offer. */
      availablePositions: z.object({
        A: z.array(z.object({ position: z.enum(SEAT_POSITIONS), count: z.number().int(), total: z.number().int() })),
        B: z.array(z.object({ position: z.enum(SEAT_POSITIONS), count: z.number().int(), total: z.number().int() })),
        C: z.array(z.object({ position: z.enum(SEAT_POSITIONS), count: z.number().int(), total: z.number().int() })),
      }),
      /** Free seats in total. */
      available: z.number().int(),
      totalCapacity: z.number().int(),
    }),
  ),
  /** A vacancy bid's seats the administrator opened; empty for any other session. */
  openSeats: z.array(openSeatSchema).default([]),
});
export type BidSessionDetail = z.infer<typeof bidSessionDetailSchema>;

/**
 * A session with its participants as a reader gets it (GET /:id, /current, POST /:id/join):
 * administrators read every participant whole; a participant reads their own entry whole and
 * everyone else's public facts; a member who takes no part reads no participants.
 */
export const bidSessionReadDetailSchema = bidSessionDetailSchema.extend({
  participants: z.array(sessionParticipantSchema),
});
export type BidSessionReadDetail = z.infer<typeof bidSessionReadDetailSchema>;

/**
 * A session in the list. The spec's client also reads `participants` (to know whether the member
 * takes part, for its turn panel's "N of M completed", and on its administrators' panel) and
 * `availableStations` as the number of free seats: sent unless `view=summary` asks for the light
 * list (the web app's). Administrators get every participant whole; a participant their own entry
 * whole and everyone else's public facts; a member who takes no part none (docs/security.md, 17).
 */
export const bidSessionListItemSchema = bidSessionSchema.extend({
  participants: z.array(sessionParticipantSchema).optional(),
  availableStations: z.number().int().optional(),
});
export type BidSessionListItem = z.infer<typeof bidSessionListItemSchema>;
export const bidSessionListResponseSchema = z.object({ sessions: z.array(bidSessionListItemSchema) });

/**
 * GET /bid-sessions/:id. `bidSession` repeats `session` and `availableStations` gives each offered
 * station with `availablePositions` as its number of free seats, because the spec's client reads
 * them there. Who is not an administrator or a participant gets `participants: []`; a participant
 * gets the others' public facts (bidSessionReadDetailSchema).
 */
export const bidSessionResponseSchema = z.object({
  session: bidSessionReadDetailSchema,
  bidSession: bidSessionReadDetailSchema.optional(),
  availableStations: z
    .array(stationSummarySchema.extend({ address: z.string(), availablePositions: z.number().int() }))
    .optional(),
});
/** GET /bid-sessions/:id as administrators read it: every participant whole (the web's session details). */
export const adminBidSessionResponseSchema = z.object({ session: bidSessionDetailSchema });
export const bidSessionMutationResponseSchema = z.object({ session: bidSessionDetailSchema, message: z.string() });
/** POST /bid-sessions/:id/join (full view): the session as the joining reader reads it. */
export const joinSessionResponseSchema = z.object({ session: bidSessionReadDetailSchema, message: z.string() });
/** GET /bid-sessions/current: the first active or paused session (else scheduled), or null. */
export const currentBidSessionResponseSchema = z.object({
  session: bidSessionReadDetailSchema.nullable(),
  sessions: z.array(bidSessionSchema),
});
export const participantListResponseSchema = z.object({ participants: z.array(participantSchema) });

/** One entry of a session's history. */
export const sessionHistoryEntrySchema = z.object({
  id: z.string(),
  _id: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  /** The participant the entry is about, or null. */
  userName: z.string().nullable(),
  /** Who caused it: a member, an administrator, or "system". */
  actorName: z.string(),
  stationName: z.string().nullable(),
  stationNumber: z.number().int().nullable(),
  shift: z.enum(SHIFTS).nullable(),
  position: z.enum(SEAT_POSITIONS).nullable(),
  bidPriority: z.number().int().nullable(),
  timestamp: z.string(),
  /** What happened, as one line of text (the spec's client renders it as text). */
  details: z.string(),
  /** The structured facts behind `details`: proxy, reason, source, remainingMs, ... */
  detailsData: z.record(z.string(), z.unknown()),
  /** A later rewind undid this turn (its award, pass or move to the back); the entry stays. */
  undone: z.boolean().optional(),
});
export type SessionHistoryEntry = z.infer<typeof sessionHistoryEntrySchema>;
export const sessionHistoryResponseSchema = z.object({ history: z.array(sessionHistoryEntrySchema) });

export const sessionStatisticsSchema = z.object({
  successfulAssignments: z.number().int(),
  autoAssignments: z.number().int(),
  totalBidsSubmitted: z.number().int(),
  averageBidsPerParticipant: z.number(),
  participantsMovedToBack: z.number().int(),
  skipped: z.number().int(),
  notAssigned: z.number().int(),
});
export type SessionStatistics = z.infer<typeof sessionStatisticsSchema>;

/** GET /bid-sessions/:id/results (docs/api.md, "bid-sessions"; the figures: docs/bidding-rules.md, "Results"). */
/**
 * A participant in the results, with "why this seat" (issue 16): the reason the session's history
 * gives for their outcome (record/reasons.ts), times in the department's zone; null while they wait.
 */
export const resultParticipantSchema = participantSchema.extend({ reason: z.string().nullable() });
export type ResultParticipant = z.infer<typeof resultParticipantSchema>;

export const sessionResultsSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  year: z.number().int(),
  status: z.enum(BID_SESSION_STATUSES),
  totalParticipants: z.number().int(),
  completedBids: z.number().int(),
  statistics: sessionStatisticsSchema,
  /** Minutes from actualStart to actualEnd; null until both exist. */
  sessionDuration: z.number().int().nullable(),
  scheduledStart: nullableTime,
  scheduledEnd: nullableTime,
  actualStart: nullableTime,
  actualEnd: nullableTime,
  participants: z.array(resultParticipantSchema),
  sessionHistory: z.array(sessionHistoryEntrySchema),
});
export type SessionResults = z.infer<typeof sessionResultsSchema>;
export const sessionResultsResponseSchema = z.object({ results: sessionResultsSchema });

/** GET /bid-sessions/:id/export-status (docs/api.md, "bid-sessions"). */
export const exportStatusSchema = z.object({
  canExport: z.boolean(),
  canSendReminders: z.boolean(),
  totalParticipants: z.number().int(),
  participantsWithEmail: z.number().int(),
  participantsWithoutEmail: z.number().int(),
});
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** A seat as the member's outcome card names it. */
const storySeatSchema = z.object({
  stationNumber: z.number().int(),
  stationName: z.string(),
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
});

/**
 * How the member's own turn went, from their entries in the session's history, for the session
 * room's outcome card: only ever the reader's own.
 */
export const turnStorySchema = z.object({
  /** Their move to the back while it stands; `byAdministrator` names who moved them (null: their time ran out). */
  movedToBack: z.object({ at: z.string(), byAdministrator: z.string().nullable() }).nullable(),
  /** The seat they won in the session: when, how, and the seat it replaced (null: they held none, or the same one). */
  award: z
    .object({
      at: z.string(),
      /** own: their bid; phone_in: an administrator's for them; ranked_list: their list when time ran out; standing_bid: their list as the turn began; automatic: the turn clock's pick. */
      source: z.enum(['own', 'phone_in', 'ranked_list', 'standing_bid', 'automatic']),
      /** The 1-based place on their ranked list of the seat it took; null when no list did. */
      listChoice: z.number().int().nullable(),
      /** The administrator who placed a phone-in bid; null otherwise. */
      placedBy: z.string().nullable(),
      seatLeft: storySeatSchema.nullable(),
    })
    .nullable(),
  /** The administrator ended the session before the member's turn came: they keep the seat they hold. */
  endedBeforeTurn: z.boolean(),
});
export type TurnStory = z.infer<typeof turnStorySchema>;

/** GET /bid-sessions/:id/my-participation: the signed-in member's place, or null when not a participant. */
export const myParticipationResponseSchema = z.object({
  participant: participantSchema.nullable(),
  isUserTurn: z.boolean(),
  /** Participants still to bid before this member's turn; 0 when it is their turn or they are done. */
  peopleAhead: z.number().int(),
  /** Seconds left in the member's turn; 0 when it is not their turn. */
  timeRemaining: z.number().int(),
  /**
   * The member's round in a session with rounds: its 0-based index, name, and the turns still to
   * come before it begins (0 once it has); null without rounds or for a non-participant.
   */
  myRound: z.object({ index: z.number().int(), name: z.string(), turnsBefore: z.number().int() }).nullable().optional(),
  /**
   * The member's own certifications as the session counts them (copied into the queue, frozen at
   * the start), for which seats they qualify for; only ever the reader's own. Empty for a non-participant.
   */
  certifications: z.array(z.object({ code: z.string(), expiresOn: z.string().nullable() })).optional(),
  /** How the member's own turn went (moved to the back, the award, an early end); absent for a non-participant or an older server. */
  turnStory: turnStorySchema.optional(),
});

/**
 * GET /bid-sessions/:id/participants/:userId/certifications (administrators): a participant's
 * certifications as the session counts them (frozen at the start), so a phone-in bid offers only
 * the seats they qualify for.
 */
export const participantCertificationsResponseSchema = z.object({
  certifications: z.array(z.object({ code: z.string(), expiresOn: z.string().nullable() })),
});
export type ParticipantCertifications = z.infer<typeof participantCertificationsResponseSchema>;

/** GET /users/bid-status (docs/api.md, "users") plus the session it is about. */
export const bidStatusResponseSchema = z.object({
  /** 1-based place in the queue of the current session, or null when not in one. */
  position: z.number().int().nullable(),
  isUserTurn: z.boolean(),
  /** Seconds. */
  timeRemaining: z.number().int(),
  session: bidSessionSchema.nullable(),
});

/** GET /users/bid-history: the member's own accepted bids. */
export const userBidHistoryEntrySchema = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: z.string(),
  timestamp: z.string(),
  session: z.object({ _id: z.string(), id: z.string(), name: z.string(), year: z.number().int() }),
  station: z.object({ name: z.string(), number: z.number().int() }),
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
  kind: z.enum(['own', 'proxy', 'auto']),
  status: z.enum(['completed', 'active', 'pending', 'cancelled']),
  bidPriority: z.number().int(),
});
export const userBidHistoryResponseSchema = z.object({ bidHistory: z.array(userBidHistoryEntrySchema) });

// ---------------------------------------------------------------------------------------------
// Requests

const minutesSchema = (requiredMessage: string, max: number, maxMessage: string) =>
  z.coerce
    .number({ error: requiredMessage })
    .int(requiredMessage)
    .min(1, BID_MESSAGES.minimumOneMinute)
    .max(max, maxMessage);

/**
 * A date (`2026-03-01`), a time with an offset, or a datetime-local value (`2026-03-01T09:00`, the
 * spec's form) that the route reads in the department's time zone (`resolveSessionTimes`).
 */
const dateSchema = (requiredMessage: string) =>
  z.iso
    .datetime({ offset: true, error: requiredMessage })
    .or(z.iso.date({ error: requiredMessage }))
    .or(z.string().regex(LOCAL_DATE_TIME_PATTERN, requiredMessage));

const scheduleTimeSchema = z.iso
  .datetime({ offset: true })
  .or(z.string().regex(LOCAL_DATE_TIME_PATTERN, 'Expected a date and time, e.g. 2026-03-01T09:00'))
  .nullable()
  .optional();

/**
 * The session form's fields, without defaults: an update changes only
 * the fields it sends. Creating a session fills in the defaults (`createBidSessionRequestSchema`).
 */
const bidSessionFieldsSchema = z.object({
  name: z.string({ error: BID_MESSAGES.nameRequired }).trim().min(1, BID_MESSAGES.nameRequired).max(200),
  description: z.string().trim().max(2000),
  year: z.coerce
    .number({ error: BID_MESSAGES.yearRequired })
    .int(BID_MESSAGES.yearRequired)
    .min(LIMITS.sessionYearMin, BID_MESSAGES.yearMin)
    .max(2100),
  startDate: dateSchema(BID_MESSAGES.startDateRequired),
  endDate: dateSchema(BID_MESSAGES.endDateRequired),
  /** When set, the session is scheduled and starts by itself at this time. */
  scheduledStart: scheduleTimeSchema,
  scheduledEnd: scheduleTimeSchema,
  bidWindowDuration: minutesSchema(
    BID_MESSAGES.bidWindowRequired,
    LIMITS.bidWindowMinutesMax,
    BID_MESSAGES.maximumSixtyMinutes,
  ),
  autoAssignTimeout: minutesSchema(
    BID_MESSAGES.autoAssignRequired,
    LIMITS.autoAssignTimeoutMinutesMax,
    BID_MESSAGES.maximumThirtyMinutes,
  ),
  /** Active members only; the order is decided by seniority, not by this list. */
  participantIds: z.array(z.uuid()).max(10_000),
  /** Stations offered; empty means every active station. */
  stationIds: z.array(z.uuid()).max(5_000),
  clearAssignments: z.boolean(),
  eligibilityMode: z.enum(ELIGIBILITY_MODES),
  tieBreakChain: z
    .array(z.enum(TIE_BREAK_LINKS))
    .max(3)
    .refine((chain) => !chain.slice(0, -1).includes('random'), 'A random draw can only be the last tie-break')
    .refine((chain) => new Set(chain).size === chain.length, 'Each tie-break can be used once'),
  /** Rounds, in order; empty or absent (the older client): one round of everyone. */
  rounds: sessionRoundsSchema,
});

const fields = bidSessionFieldsSchema.shape;

const hasTime = (value: string | null | undefined) => typeof value === 'string' && value !== '';

/**
 * POST /bid-sessions. The spec's form sends `scheduledStart`/`scheduledEnd` and no
 * `startDate`/`endDate`: a missing date is then the day of its scheduled time in the department's
 * time zone (`takeSessionDatesFromSchedule`, in the route); with neither, 400 says so.
 */
export const createBidSessionRequestSchema = bidSessionFieldsSchema
  .extend({
    startDate: fields.startDate.optional(),
    endDate: fields.endDate.optional(),
    description: fields.description.default(''),
    bidWindowDuration: fields.bidWindowDuration.default(LIMITS.bidWindowMinutesDefault),
    autoAssignTimeout: fields.autoAssignTimeout.default(LIMITS.autoAssignTimeoutMinutesDefault),
    stationIds: fields.stationIds.default([]),
    clearAssignments: fields.clearAssignments.default(false),
    eligibilityMode: fields.eligibilityMode.default('rank'),
    tieBreakChain: fields.tieBreakChain.default([...DEFAULT_TIE_BREAK_CHAIN]),
    rounds: fields.rounds.default([]),
    type: z.enum(BID_SESSION_TYPES, { error: 'A session is a standard bid or a vacancy bid' }).default('standard'),
    /** A vacancy bid's open seats; the same seat named twice opens two seats of that kind. */
    openSeats: z
      .array(openSeatRequestSchema)
      .max(LIMITS.vacancyOpenSeatsMax, BID_MESSAGES.vacancyTooManyOpenSeats)
      .default([]),
  })
  .refine((session) => session.type !== 'vacancy' || session.openSeats.length > 0, {
    message: BID_MESSAGES.vacancyNeedsOpenSeat,
    path: ['openSeats'],
  })
  .refine((session) => session.type === 'vacancy' || session.openSeats.length === 0, {
    message: BID_MESSAGES.openSeatsOnlyInVacancy,
    path: ['openSeats'],
  })
  .refine(
    (session) => session.type !== 'vacancy' || ((session.rounds?.length ?? 0) === 0 && !session.clearAssignments),
    {
      message: BID_MESSAGES.vacancyNoRoundsOrClearing,
      path: ['type'],
    },
  )
  .refine((session) => session.startDate !== undefined || hasTime(session.scheduledStart), {
    message: BID_MESSAGES.startDateOrScheduleRequired,
    path: ['startDate'],
  })
  .refine((session) => session.endDate !== undefined || hasTime(session.scheduledEnd), {
    message: BID_MESSAGES.endDateOrScheduleRequired,
    path: ['endDate'],
  })
  .refine(
    (session) =>
      session.startDate === undefined || session.endDate === undefined || session.endDate >= session.startDate,
    { message: BID_MESSAGES.endBeforeStart, path: ['endDate'] },
  );
export type CreateBidSessionRequest = z.input<typeof createBidSessionRequestSchema>;

/**
 * PUT /bid-sessions/:id: any field. Draft and scheduled sessions change freely; active and paused
 * ones only name, description, bid window and auto-assign timeout (bidding-rules.md).
 */
export const updateBidSessionRequestSchema = bidSessionFieldsSchema.partial();
export type UpdateBidSessionRequest = z.input<typeof updateBidSessionRequestSchema>;

type SessionTimes = {
  startDate?: string;
  endDate?: string;
  scheduledStart?: string | null;
  scheduledEnd?: string | null;
};

/**
 * A create or update request's times as the service takes them (contract gap 6, the spec's
 * session form): datetime-local values become ISO 8601 UTC, read in the department's time zone;
 * and when the form gave its start and end as datetime-local but no schedule, the schedule is
 * taken from them (the spec's client reads `scheduledStart`/`scheduledEnd`, and showed 1970 when
 * they were null) as long as the start is still ahead (`now`), so a past start stays a draft.
 * Dates and ISO times with an offset pass unchanged, so our own form's drafts stay drafts.
 */
export function resolveSessionTimes<T extends SessionTimes>(body: T, timeZone: string, now: Date): T {
  const toIso = (value: string) => (isLocalDateTime(value) ? (localDateTimeToIso(value, timeZone) ?? value) : value);
  const resolved: T = { ...body };
  if (body.startDate !== undefined) resolved.startDate = toIso(body.startDate);
  if (body.endDate !== undefined) resolved.endDate = toIso(body.endDate);
  if (typeof body.scheduledStart === 'string') resolved.scheduledStart = toIso(body.scheduledStart);
  if (typeof body.scheduledEnd === 'string') resolved.scheduledEnd = toIso(body.scheduledEnd);
  const isFormStart = isLocalDateTime(body.startDate) && resolved.startDate !== undefined;
  if (body.scheduledStart === undefined && isFormStart && new Date(resolved.startDate as string) > now) {
    resolved.scheduledStart = resolved.startDate;
    if (body.scheduledEnd === undefined && isLocalDateTime(body.endDate)) resolved.scheduledEnd = resolved.endDate;
  }
  return resolved;
}

/**
 * A create request's missing `startDate`/`endDate` taken from its schedule (the spec's form sends
 * only `scheduledStart`/`scheduledEnd`): the day each scheduled time falls on in the department's
 * time zone, as a plain date like our own form's. Apply after `resolveSessionTimes`, so the
 * schedule is already ISO 8601 UTC. Dates given are kept; a date with no schedule stays missing.
 */
export function takeSessionDatesFromSchedule<T extends SessionTimes>(body: T, timeZone: string): T {
  const dayOf = (time: string | null | undefined) =>
    typeof time === 'string' && time !== '' ? isoToLocalDateTime(time, timeZone).slice(0, 10) || undefined : undefined;
  const taken: T = { ...body };
  if (taken.startDate === undefined) {
    const day = dayOf(body.scheduledStart);
    if (day !== undefined) taken.startDate = day;
  }
  if (taken.endDate === undefined) {
    const day = dayOf(body.scheduledEnd);
    if (day !== undefined) taken.endDate = day;
  }
  return taken;
}

export const sessionIdBodySchema = z.object({ sessionId: z.uuid({ error: BID_MESSAGES.sessionNotFound }) });

/**
 * `?view=` of the session reads: `full` (the default) as the spec's client reads them, `summary`
 * without the participants and stations, for a client that follows the session's board.
 */
export const sessionReadViewSchema = z.enum(['full', 'summary'], { error: 'view must be full or summary' }).optional();

/** GET /bid-sessions?status=: one status, or every status the caller may see. */
export const bidSessionListQuerySchema = z.object({
  status: z
    .enum(BID_SESSION_STATUSES, { error: `Status must be one of ${BID_SESSION_STATUSES.join(', ')}` })
    .optional(),
  /** `summary`: without the spec client's `participants` and `availableStations`. */
  view: sessionReadViewSchema,
});

/** DELETE /bid-sessions/:id/participants/:userId. */
export const participantParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  userId: z.uuid({ error: 'Invalid user id' }),
});

/** POST /bid-sessions/:id/participants. */
export const addParticipantsRequestSchema = z.object({ userIds: z.array(z.uuid()).min(1).max(10_000) });

/**
 * POST /bid-sessions/submit-bid: `station` is the station's id (or its number); `position` is the seat
 * position, or a label of the spec's bid dialog (Paramedic, Driver, Officer) that the server reads
 * by the bidder's rank (getSeatPositionForBidLabel). An administrator may add `userId` to bid for
 * the member holding the turn (a phone-in bid).
 */
export const submitBidRequestSchema = z.object({
  sessionId: z.uuid({ error: BID_MESSAGES.sessionNotFound }),
  bidData: z.object(
    {
      station: z.union([z.uuid(), z.coerce.number().int().min(1)], { error: 'Please choose a station' }),
      shift: shiftSchema,
      position: z.enum(BID_POSITION_LABELS, {
        error: 'Please choose a position: Captain, Lieutenant, Engineer or Firefighter (or Paramedic, Driver, Officer)',
      }),
    },
    { error: 'Please fill in all bid details' },
  ),
  userId: z.uuid().optional(),
});
export type SubmitBidRequest = z.input<typeof submitBidRequestSchema>;

/**
 * The bid's answer: the seat won as the spec names it (`station`, `shift`, `position`, the seat
 * position), and again as the spec's client's success message reads it: `assignedStation` (the
 * station's name), `assignedShift`, `assignedPosition`. `session` is as the bidder reads it.
 */
export const submitBidResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  station: stationSummarySchema,
  shift: z.enum(SHIFTS),
  position: z.enum(SEAT_POSITIONS),
  /** The station's name ("Harbor"), as the spec's client shows it. */
  assignedStation: z.string(),
  assignedShift: z.enum(SHIFTS),
  assignedPosition: z.enum(SEAT_POSITIONS),
  session: bidSessionSchema,
});

/** POST /bid-sessions/session-actions (docs/api.md, "bid-sessions"). */
export const sessionActionRequestSchema = z.object({
  sessionId: z.uuid({ error: BID_MESSAGES.sessionNotFound }),
  action: z.enum(['pause', 'resume', 'move-to-back']),
  userId: z.uuid().optional(),
});

/** POST /bid-sessions/:id/move-to-back: the turn holder unless `userId` names them. */
export const moveToBackRequestSchema = z.object({ userId: z.uuid().optional() });

export const checkTimeExpirationResponseSchema = z.object({ timeExpired: z.boolean() });

/** POST /bid-sessions/:id/send-reminders; the answer is reminderResultSchema (schemas/session-messages.ts). */
export const sendRemindersRequestSchema = z.object({ customMessage: z.string().max(2000).nullable().optional() });
