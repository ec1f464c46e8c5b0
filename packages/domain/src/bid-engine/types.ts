/**
 * The bid engine's contract (bidding-rules.md): a session's state, the commands that change it, and
 * what a step answers. The engine is pure: `applyCommand(state, command)` returns the new state and
 * the events it caused, or a refusal, and never reads a clock or a database. The server loads the
 * state in a transaction that holds the session's lock, applies one command, and writes back what
 * changed; the property tests drive the same functions over random departments.
 *
 * Times are epoch milliseconds (UTC). Arrays are never mutated: a step returns new objects for what
 * it changed and keeps the others, so the server can write back only what differs.
 */
import type { Rank, SeatPosition, Shift } from '../constants.ts';
import type { ErrorCode } from '../errors.ts';

export const BID_SESSION_STATUSES = ['draft', 'scheduled', 'active', 'paused', 'completed'] as const;
export type BidSessionStatus = (typeof BID_SESSION_STATUSES)[number];

/** "rank": the seat position must match the member's rank (getSeatPositionForRank); "any": any seat. */
export const ELIGIBILITY_MODES = ['rank', 'any'] as const;
/** "standard": one bid of everyone for the seats offered; "vacancy": open seats offered in a chain (bidding-rules.md). */
export const BID_SESSION_TYPES = ['standard', 'vacancy'] as const;
export type BidSessionType = (typeof BID_SESSION_TYPES)[number];
/** How likely a choice is free at a member's turn (bid-engine/forecast.ts): here, so the API schema needs no engine code. */
export const FORECAST_CHANCES = ['likely', 'possible', 'unlikely', 'closed'] as const;
export type EligibilityMode = (typeof ELIGIBILITY_MODES)[number];

/** Links of the tie-break chain after the seniority score; "random" may only be the last link. */
export const TIE_BREAK_LINKS = ['yearsOfService', 'employeeId', 'random'] as const;
export type TieBreakLink = (typeof TIE_BREAK_LINKS)[number];
export const DEFAULT_TIE_BREAK_CHAIN: readonly TieBreakLink[] = ['yearsOfService', 'employeeId'];

/**
 * How a participant's session ended: `bid` (own bid), `proxy_bid` (an administrator's phone-in bid),
 * `auto_assigned` (the turn clock: auto-bid list or fallback), `skipped` (passed), `not_assigned`
 * (the session ended before their turn, or no eligible seat was left).
 */
export const PARTICIPANT_OUTCOMES = ['bid', 'proxy_bid', 'auto_assigned', 'skipped', 'not_assigned'] as const;
export type ParticipantOutcome = (typeof PARTICIPANT_OUTCOMES)[number];

/** The actions of the session history (the `action` of sessionHistoryEntrySchema, schemas/bid-session.ts). */
export const HISTORY_ACTIONS = [
  'session_started',
  'session_paused',
  'session_resumed',
  'session_completed',
  'bid_submitted',
  'turn_skipped',
  'moved_to_back',
  'auto_assigned',
  /** The first turn of a round is about to begin (sessions with rounds only). */
  'round_started',
  /** An administrator rewound the bid to a member's turn (bidding-rules.md, "Rewind"). */
  'session_rewound',
  /** A turn a rewind undid: its award, pass or move to the back no longer stands. */
  'turn_undone',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** One seat, with enough of its station to name it in history and results without another lookup. */
export interface SeatRef {
  seatId: string;
  stationId: string;
  stationNumber: number;
  stationName: string;
  shift: Shift;
  seatPosition: SeatPosition;
}

/** A seat the session offers (active stations chosen for the session), and who holds it now. */
export interface EngineSeat extends SeatRef {
  /** Order among the seats of one station, shift and position (1-based); picks are lowest first. */
  ordinal: number;
  /** The member holding it now (a participant or anyone else), or null when free. */
  holderMemberId: string | null;
  /** Certification codes a member must hold, valid on the session's effective date; absent: none. */
  requires?: readonly string[];
  /** Minimum staffing: the engine never lets this seat become impossible to fill (bidding-rules.md). */
  mustFill?: boolean;
}

/** A seat as a member asks for it: the engine picks the free seat of that kind with the lowest ordinal. */
export interface SeatChoice {
  stationId: string;
  shift: Shift;
  seatPosition: SeatPosition;
}

/** What the engine uses of a member's bid preferences when their turn runs out. */
export interface ParticipantPreferences {
  /** Award the first still-free choice of `choices` when the turn runs out. */
  autoBid: boolean;
  /** Ranked seat choices, best first. */
  choices: readonly SeatChoice[];
  /** Preferred stations and shifts, used by the last-resort auto-assignment. */
  preferredStationIds: readonly string[];
  preferredShifts: readonly Shift[];
  /** A standing bid: award the first free qualified choice as soon as the turn begins, with no countdown. */
  standingBid?: boolean;
}

/** A certification a participant holds: valid through `expiresOn` (YYYY-MM-DD, inclusive), or without end when null. */
export interface HeldCertification {
  code: string;
  expiresOn: string | null;
}

/** One round of a session: the ranks that bid in it, and its own bid window. */
export interface SessionRound {
  name: string;
  ranks: readonly Rank[];
  bidWindowMinutes: number;
}

export interface EngineParticipant {
  participantId: string;
  /** Null once the member has been deleted; the participant keeps their name. */
  memberId: string | null;
  /** "First Last", frozen when they joined. */
  name: string;
  employeeId: string;
  rank: Rank;
  yearsOfService: number;
  seniorityScore: number;
  /** Seniority keys a department's rule may read (YYYY-MM-DD dates; lower list numbers first), frozen at start. */
  hireDate?: string | null;
  rankDate?: string | null;
  listNumber?: number | null;
  /** Certifications held when the session started, with their expiry; absent: none. */
  certifications?: readonly HeldCertification[];
  /** 0-based index into the session's rounds; absent: 0. */
  round?: number;
  /** 1-based place in the seniority order, frozen at start. */
  bidPriority: number;
  /** 0-based place in the queue; moving to the back changes it. */
  queuePosition: number;
  movedToBack: boolean;
  /** Null while waiting or holding the turn. */
  outcome: ParticipantOutcome | null;
  /** The deadline of the participant's current or last turn. */
  turnDeadline: number | null;
  /** The seat the member holds now (anywhere, also outside the session's stations), or null. */
  currentSeat: SeatRef | null;
  /** The seat won in this session (own, proxy or automatic), or null. */
  awardedSeat: SeatRef | null;
  /**
   * The seat held when the session started (none after a clear-assignments start), which a rewind
   * gives back. Read from the record's settings only for a rewind (withSeatsAtStart); absent: unknown.
   */
  seatAtStart?: SeatRef | null;
  preferences: ParticipantPreferences;
}

export interface EngineSession {
  status: BidSessionStatus;
  /** 1-based turn number: the participant at queue position currentParticipant - 1 holds the turn; 0 before start. */
  currentParticipant: number;
  /** Deadline of the current turn while active; null otherwise. */
  currentBidEnd: number | null;
  /** Time left in the turn, kept while paused. */
  pausedRemainingMs: number | null;
  bidWindowMinutes: number;
  autoAssignTimeoutMinutes: number;
  eligibilityMode: EligibilityMode;
  clearAssignments: boolean;
  actualStart: number | null;
  actualEnd: number | null;
  /** Rounds run one after another; absent or empty: one round of everyone. */
  rounds?: readonly SessionRound[];
  /** The day certifications must be valid on (YYYY-MM-DD, the session's start in the department's zone). */
  effectiveDate?: string | null;
  /** Certification names by code, frozen at start, for refusals and reasons ("needs Paramedic"). */
  certificationNames?: Readonly<Record<string, string>>;
  /**
   * A vacancy bid (bidding-rules.md, "Vacancy bids"): the seats are the open ones and those the
   * participants hold, so a free seat is an open one. A member's move opens the seat they leave,
   * and the offer begins again from the top for everyone who has not moved; a missed turn is a pass.
   */
  vacancy?: boolean;
}

export interface EngineState {
  session: EngineSession;
  /** Ordered by queuePosition, which runs 0..n-1 without gaps. */
  participants: readonly EngineParticipant[];
  /** The seats the session offers. */
  seats: readonly EngineSeat[];
}

/** Who caused a step: a member, an administrator, or the turn clock (memberId null, name "system"). */
export interface Actor {
  memberId: string | null;
  name: string;
  isAdmin: boolean;
}

export const SYSTEM_ACTOR: Actor = { memberId: null, name: 'system', isAdmin: false };

/**
 * A participant's seniority as corrected during a session: their keys as their member's record now
 * holds them, and the place the session's frozen rule gives them with those keys. A rewind applies
 * it; the record keeps it with the rewind's command.
 */
export interface SeniorityCorrection {
  participantId: string;
  bidPriority: number;
  yearsOfService: number;
  seniorityScore: number;
  hireDate: string | null;
  rankDate: string | null;
  listNumber: number | null;
}

export type EngineCommand =
  | { type: 'start'; now: number; actor: Actor }
  | { type: 'pause'; now: number; actor: Actor }
  | { type: 'resume'; now: number; actor: Actor }
  /** Completes the session early; waiting participants become not_assigned and keep their seats. */
  | { type: 'end'; now: number; actor: Actor }
  /**
   * A bid for the turn holder `participantId`. A member may bid only for themselves; an
   * administrator may bid for the turn holder (a phone-in bid, outcome proxy_bid).
   */
  | { type: 'bid'; now: number; actor: Actor; participantId: string; seat: SeatChoice }
  /** The turn holder passes, keeping the seat they hold. Only the turn holder themselves. */
  | { type: 'skip'; now: number; actor: Actor; participantId: string }
  /** An administrator sends the turn holder to the back of the queue; the next turn begins. */
  | { type: 'move_to_back'; now: number; actor: Actor; participantId: string }
  /** The turn clock: processes the current turn if its deadline has passed; otherwise changes nothing. */
  | { type: 'expire'; now: number }
  /**
   * An administrator undoes every turn from `participantId`'s on and bidding begins again from the
   * senior affected member (bidding-rules.md, "Rewind"), with corrected seniority if any.
   */
  | {
      type: 'rewind';
      now: number;
      actor: Actor;
      participantId: string;
      reason: string;
      corrections?: readonly SeniorityCorrection[];
    };

export interface HistoryEntryDraft {
  action: HistoryAction;
  at: number;
  actorMemberId: string | null;
  /** The administrator's or member's name, or "system". */
  actorName: string;
  participantId: string | null;
  /** The participant's name, when the entry is about one. */
  userName: string | null;
  seat: SeatRef | null;
  bidPriority: number | null;
  /** Further facts, e.g. { proxy: true }, { reason: 'no eligible seat left' }, { remainingMs }, { endedEarly: true }. */
  details: Readonly<Record<string, unknown>>;
}

export type EngineNotification =
  /** A participant's turn has begun; `deadline` is exact. */
  | { type: 'turn_started'; memberId: string; participantId: string; deadline: number }
  /** A participant won a seat (own, proxy or automatic bid). */
  | { type: 'bid_success'; memberId: string; participantId: string; seat: SeatRef; outcome: ParticipantOutcome }
  /** A rewind undid the participant's turn (their award, if any, is `seat`); their turn comes again. */
  | {
      type: 'turn_undone';
      memberId: string;
      participantId: string;
      seat: SeatRef | null;
      reason: string;
      /** Whose turn the bid begins again from. */
      rewoundTo: string;
    }
  /** The session completed; one per participant with their result (seat null when Not Assigned). */
  | {
      type: 'session_completed';
      memberId: string;
      participantId: string;
      outcome: ParticipantOutcome;
      seat: SeatRef | null;
    };

export type EngineEvent =
  | { kind: 'history'; entry: HistoryEntryDraft }
  | { kind: 'notification'; notification: EngineNotification };

export interface EngineRefusal {
  /** The API error code the server answers with (409 for a state that forbids it, 403, 400, 404). */
  code: ErrorCode;
  /** What the person reads, e.g. "It is not your turn". */
  message: string;
}

export type EngineResult =
  | {
      ok: true;
      state: EngineState;
      events: readonly EngineEvent[];
      /**
       * Participants whose standing bid the step read when their turn began (absent: none). Members
       * may change their lists at any time, so the record keeps what the engine read.
       */
      standingBidsRead?: readonly string[];
    }
  | { ok: false; refusal: EngineRefusal };
