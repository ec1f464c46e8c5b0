/**
 * The hash chain of a session's history (issue 16, "A hash-chained history").
 *
 * - The session's **settings** (the engine state the start command was applied to, with the
 *   tie-break chain and random seed) are hashed once, when it starts.
 * - Every **history entry** is hashed in its canonical form, which holds the hash of the entry
 *   before it (the settings' hash for the first one), its place in the chain, and, on the first
 *   entry of each engine step, the command that caused the step. Changing, removing or reordering
 *   any entry, or the settings, changes every hash after it.
 *
 * The server builds the chain with these functions inside the step's transaction; the verifier
 * checks it with the same functions, so both agree on every byte.
 */
import type {
  Actor,
  EngineCommand,
  EngineState,
  HistoryAction,
  HistoryEntryDraft,
  ParticipantPreferences,
  SeatChoice,
  SeatRef,
  SeniorityCorrection,
} from '../bid-engine/types.ts';
import type { SeniorityRule } from '../seniority-rule.ts';
import { canonicalJson, hashCanonical, sha256Hex } from './hash.ts';

export const RECORD_SETTINGS_FORMAT = 'stationbid-session-settings/1';

/** Preferences as the settings hold them: none (a participant's are recorded when their turn runs out). */
export const NO_RECORDED_PREFERENCES: ParticipantPreferences = {
  autoBid: false,
  choices: [],
  preferredStationIds: [],
  preferredShifts: [],
};

/**
 * What a session was started with. `state` is the engine state the start command was applied to:
 * the session's rules (bid window, auto-assign timeout, eligibility mode, clear assignments), the
 * participants with their seniority inputs (rank, years of service, employee ID, seniority score)
 * and frozen bid priority and queue place, and every offered seat (station, shift, position) with
 * who held it. Participants' bid preferences are left out: members may change them during the
 * session, so each expired turn's command records the preferences the engine used.
 */
export interface RecordSettings {
  format: typeof RECORD_SETTINGS_FORMAT;
  sessionId: string;
  name: string;
  year: number;
  /** Links after the seniority score, e.g. ["yearsOfService", "employeeId"], maybe ending in "random". */
  tieBreakChain: string[];
  /** The seed of the random tie-break draw, when the chain uses one (and of the rule's lottery). */
  randomSeed: string | null;
  /** The department's seniority rule, frozen at start; absent (older records, or none set): score and tie-break chain. */
  seniorityRule?: SeniorityRule | null;
  state: EngineState;
}

export function buildRecordSettings(input: Omit<RecordSettings, 'format'>): RecordSettings {
  return {
    format: RECORD_SETTINGS_FORMAT,
    sessionId: input.sessionId,
    name: input.name,
    year: input.year,
    tieBreakChain: [...input.tieBreakChain],
    randomSeed: input.randomSeed,
    // Only when set, so a department that never set a rule writes the settings it always did.
    ...(input.seniorityRule ? { seniorityRule: input.seniorityRule } : {}),
    state: {
      session: input.state.session,
      participants: input.state.participants.map((participant) => ({
        ...participant,
        preferences: NO_RECORDED_PREFERENCES,
      })),
      seats: input.state.seats,
    },
  };
}

export function hashSettings(settings: RecordSettings): string {
  return hashCanonical(settings);
}

/**
 * A command the engine applied, as the record keeps it. Besides the command itself it holds what
 * the engine read at that moment that earlier commands do not determine: the session's bid window
 * and auto-assign timeout (an administrator may change them while it runs), and for an expired
 * turn the turn holder's bid preferences. A bid carries the bidder's preferences too: the engine
 * does not read them for a bid, but "why this seat" does (reasons.ts).
 */
export interface RecordCommand {
  type: EngineCommand['type'];
  /** The server's time of the step (ISO 8601, UTC). */
  at: string;
  /** Who gave it; null for the turn clock's `expire`. */
  actor: Actor | null;
  participantId: string | null;
  seat: SeatChoice | null;
  bidWindowMinutes: number;
  autoAssignTimeoutMinutes: number;
  holderPreferences: ParticipantPreferences | null;
  /**
   * The preferences of each participant whose standing bid the step read when their turn began, by
   * participant id; absent when it read none (so a session without standing bids records as before).
   */
  standingBids?: Record<string, ParticipantPreferences>;
  /** A rewind's reason, as the administrator gave it. */
  reason?: string;
  /** A rewind's seniority corrections (absent: none), with each corrected participant's keys and place. */
  corrections?: SeniorityCorrection[];
}

/**
 * The record of a command applied to `state`. `standingBidsRead` names the participants whose
 * standing bids the step read (the engine's result says so), whose preferences are then recorded.
 */
export function toRecordCommand(
  command: EngineCommand,
  state: EngineState,
  standingBidsRead: readonly string[] = [],
): RecordCommand {
  let holderPreferences: ParticipantPreferences | null = null;
  if (command.type === 'expire') {
    const holder = state.participants.find(
      (participant) => participant.queuePosition === state.session.currentParticipant - 1,
    );
    holderPreferences = holder ? holder.preferences : null;
  } else if (command.type === 'bid') {
    // Not used by the engine for a bid, but it is what "why this seat" reads: which choices of the
    // bidder's ranked list came before the seat they took, and who had taken those (reasons.ts).
    const bidder = state.participants.find((participant) => participant.participantId === command.participantId);
    holderPreferences = bidder ? bidder.preferences : null;
  }
  return {
    type: command.type,
    at: new Date(command.now).toISOString(),
    actor: 'actor' in command ? command.actor : null,
    participantId: 'participantId' in command ? command.participantId : null,
    seat: command.type === 'bid' ? command.seat : null,
    bidWindowMinutes: state.session.bidWindowMinutes,
    autoAssignTimeoutMinutes: state.session.autoAssignTimeoutMinutes,
    holderPreferences,
    ...(standingBidsRead.length > 0 ? { standingBids: recordedStandingBids(state, standingBidsRead) } : {}),
    ...(command.type === 'rewind' ? { reason: command.reason } : {}),
    ...(command.type === 'rewind' && command.corrections?.length ? { corrections: [...command.corrections] } : {}),
  };
}

function recordedStandingBids(state: EngineState, participantIds: readonly string[]) {
  const wanted = new Set(participantIds);
  const recorded: Record<string, ParticipantPreferences> = {};
  for (const participant of state.participants) {
    if (wanted.has(participant.participantId)) recorded[participant.participantId] = participant.preferences;
  }
  return recorded;
}

/** The engine command a recorded command stands for; throws with the reason when it is incomplete. */
export function toEngineCommand(command: RecordCommand): EngineCommand {
  const now = Date.parse(command.at);
  if (!Number.isFinite(now)) throw new Error(`the command's time "${command.at}" is not a date`);
  if (command.type === 'expire') return { type: 'expire', now };
  const actor = command.actor;
  if (!actor) throw new Error(`the ${command.type} command names no actor`);
  switch (command.type) {
    case 'start':
    case 'pause':
    case 'resume':
    case 'end':
      return { type: command.type, now, actor };
    case 'bid':
      if (!command.participantId || !command.seat) throw new Error('the bid command names no participant or seat');
      return { type: 'bid', now, actor, participantId: command.participantId, seat: command.seat };
    case 'skip':
    case 'move_to_back':
      if (!command.participantId) throw new Error(`the ${command.type} command names no participant`);
      return { type: command.type, now, actor, participantId: command.participantId };
    case 'rewind':
      if (!command.participantId || command.reason === undefined) {
        throw new Error('the rewind command names no participant or reason');
      }
      return {
        type: 'rewind',
        now,
        actor,
        participantId: command.participantId,
        reason: command.reason,
        ...(command.corrections ? { corrections: command.corrections } : {}),
      };
  }
}

/** What a history entry says, as the engine wrote it (HistoryEntryDraft with its time as ISO 8601). */
export interface RecordEntryFacts {
  action: HistoryAction;
  at: string;
  actorMemberId: string | null;
  actorName: string;
  participantId: string | null;
  userName: string | null;
  seat: SeatRef | null;
  bidPriority: number | null;
  details: Record<string, unknown>;
}

/** The hashed form of one history entry. */
export interface RecordEntryContent extends RecordEntryFacts {
  /** 1-based place in the session's chain. */
  sequence: number;
  /** The hash of the entry before, or of the settings for the first; null when the chain began after the session started. */
  previousHash: string | null;
  /** The command of the step, on the step's first entry; null on the others. */
  command: RecordCommand | null;
}

export interface RecordEntry extends RecordEntryContent {
  /** SHA-256 of the canonical JSON of everything else in the entry. */
  hash: string;
}

/** The end of a session's chain: the last entry's hash (or the settings' before any) and how many entries it has. */
export interface ChainHead {
  hash: string | null;
  length: number;
}

export function toEntryFacts(draft: HistoryEntryDraft): RecordEntryFacts {
  return {
    action: draft.action,
    at: new Date(draft.at).toISOString(),
    actorMemberId: draft.actorMemberId,
    actorName: draft.actorName,
    participantId: draft.participantId,
    userName: draft.userName,
    seat: draft.seat,
    bidPriority: draft.bidPriority,
    details: { ...draft.details },
  };
}

/** The facts of a recorded entry, without its place in the chain. */
export function pickEntryFacts(entry: RecordEntryFacts): RecordEntryFacts {
  return {
    action: entry.action,
    at: entry.at,
    actorMemberId: entry.actorMemberId,
    actorName: entry.actorName,
    participantId: entry.participantId,
    userName: entry.userName,
    seat: entry.seat,
    bidPriority: entry.bidPriority,
    details: entry.details,
  };
}

/** One chained entry as the server stores it: the hashed canonical text and its hash. */
export interface ChainedEntry {
  content: RecordEntryContent;
  canonical: string;
  hash: string;
}

/**
 * Chains one engine step's history entries onto `head`: one canonical form and one hash per entry,
 * nothing read back. The command goes on the step's first entry.
 */
export function chainStep(
  head: ChainHead,
  drafts: readonly HistoryEntryDraft[],
  command: RecordCommand,
): { entries: ChainedEntry[]; head: ChainHead } {
  let previousHash = head.hash;
  let sequence = head.length;
  const entries = drafts.map((draft, index): ChainedEntry => {
    sequence += 1;
    const content: RecordEntryContent = {
      ...toEntryFacts(draft),
      sequence,
      previousHash,
      command: index === 0 ? command : null,
    };
    const canonical = canonicalJson(content);
    const hash = sha256Hex(canonical);
    previousHash = hash;
    return { content, canonical, hash };
  });
  return { entries, head: { hash: previousHash, length: sequence } };
}

/** The hash an entry must carry: of its canonical form without the hash itself. */
export function computeEntryHash(entry: RecordEntryContent): string {
  const { hash: _ignored, ...content } = entry as RecordEntry;
  return hashCanonical(content);
}

export type ChainCheck =
  | { ok: true; length: number; head: string | null }
  | { ok: false; sequence: number | null; reason: string };

/**
 * Checks a chain from its anchor (the settings' hash, or null when the chain began after the
 * session started): places 1, 2, 3..., each entry's previousHash is the hash before it, and each
 * hash is the hash of the entry. Stops at the first entry that fails, saying why.
 */
export function checkChain(entries: readonly RecordEntry[], anchor: string | null): ChainCheck {
  let previousHash = anchor;
  for (const [index, entry] of entries.entries()) {
    const expectedSequence = index + 1;
    if (entry.sequence !== expectedSequence) {
      return {
        ok: false,
        sequence: entry.sequence ?? null,
        reason: `entry ${expectedSequence} of the chain says it is entry ${entry.sequence}: an entry was removed, added or moved`,
      };
    }
    if (entry.previousHash !== previousHash) {
      return {
        ok: false,
        sequence: entry.sequence,
        reason:
          index === 0
            ? `the first entry chains from ${entry.previousHash ?? 'nothing'}, but the settings hash to ${previousHash ?? 'nothing'}: the settings were changed`
            : `entry ${entry.sequence} chains from ${entry.previousHash}, but entry ${entry.sequence - 1} hashes to ${previousHash}: an entry before it was changed, removed or moved`,
      };
    }
    const hash = computeEntryHash(entry);
    if (hash !== entry.hash) {
      return {
        ok: false,
        sequence: entry.sequence,
        reason: `entry ${entry.sequence} (${entry.action} at ${entry.at}) hashes to ${hash}, but it says ${entry.hash}: its content was changed`,
      };
    }
    previousHash = hash;
  }
  return { ok: true, length: entries.length, head: previousHash };
}
