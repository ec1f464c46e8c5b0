/**
 * Checks a session record's content (issue 16): the settings' hash, the hash chain, the commands
 * list, the seniority order, the replay of every command through the engine, and the final
 * assignments, then that the signature's digest covers the document. What is left is checking the
 * Ed25519 signature itself over that digest, which needs a crypto library: the CLI does it with
 * node:crypto (packages/verify), a browser would with WebCrypto.
 */
import { orderQueue } from '../bid-engine/queue-order.ts';
import type { EngineState, SeatRef, TieBreakLink } from '../bid-engine/types.ts';
import { type SessionRecordDocument, sessionRecordSchema } from '../schemas/session-record.ts';
import { checkChain, hashSettings, type RecordEntry, type RecordSettings } from './chain.ts';
import { canonicalJson, sha256Bytes, sha256Hex } from './hash.ts';
import { buildResultReasons, type ResultReason, UnknownTimeZoneError } from './reasons.ts';
import { describeSeat, replayHistory } from './replay.ts';

/** The canonical JSON of a record without its signature: what the signature's digest is taken of. */
export function unsignedRecordText(record: object): string {
  const { signature: _signature, ...unsigned } = record as Record<string, unknown>;
  return canonicalJson(unsigned);
}

/** SHA-256 of the unsigned record, hex (the `signature.digest`). */
export function recordDigestHex(record: object): string {
  return sha256Hex(unsignedRecordText(record));
}

/** SHA-256 of the unsigned record, as the 32 bytes the Ed25519 signature signs. */
export function recordDigestBytes(record: object): Uint8Array {
  return sha256Bytes(unsignedRecordText(record));
}

export interface RecordCheckSuccess {
  ok: true;
  record: SessionRecordDocument;
  /** Seats won in the session that the replay (or, without settings, the history) gives to the same participant. */
  awardsReproduced: number;
  participants: number;
  entries: number;
  commands: number;
  /** False for a session started before the history was chained: there are no settings to replay from. */
  replayed: boolean;
  /** Entries written before the chain began, covered by the signature only. */
  unchainedEntries: number;
  /** Participants' reasons ("why this seat") built again from the history and found as recorded; null for a record without reasons. */
  reasonsRebuilt: number | null;
}

export interface RecordCheckFailure {
  ok: false;
  /** The chained entry at fault, when one is. */
  sequence: number | null;
  reason: string;
}

export type RecordCheckResult = RecordCheckSuccess | RecordCheckFailure;

const fail = (reason: string, sequence: number | null = null): RecordCheckFailure => ({ ok: false, sequence, reason });

/** Zod's first problem as "history.3.hash: ..." for a person reading the verifier's output. */
function describeSchemaProblem(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not have the shape of a session record';
  const where = issue.path.map(String).join('.') || 'the document';
  return `${where}: ${issue.message}`;
}

/** The queue the settings' seniority inputs and tie-break chain give must be the frozen bid priorities. */
function checkSeniorityOrder(settings: RecordSettings): string | undefined {
  const candidates = settings.state.participants.map((participant) => ({
    ...participant,
    // As the server orders a queue: a participant whose member was deleted is ordered by their own id.
    memberId: participant.memberId ?? participant.participantId,
  }));
  const rule = settings.seniorityRule ?? null;
  const ordered = orderQueue(candidates, settings.tieBreakChain as TieBreakLink[], settings.randomSeed, rule);
  for (const [index, participant] of ordered.entries()) {
    if (participant.bidPriority !== index + 1) {
      if (rule) {
        const keys = rule.keys.map((entry) => `${entry.key} ${entry.direction}`).join(', ');
        return `${participant.name} (${participant.employeeId}) has bid priority ${participant.bidPriority}, but the seniority rule (${keys}) and their frozen keys (hire date ${participant.hireDate ?? 'none'}, date in rank ${participant.rankDate ?? 'none'}, list number ${participant.listNumber ?? 'none'}) put them at ${index + 1}`;
      }
      return `${participant.name} (${participant.employeeId}) has bid priority ${participant.bidPriority}, but seniority score ${participant.seniorityScore}, ${participant.yearsOfService} years and the tie-break chain ${settings.tieBreakChain.join(', ')} put them at ${index + 1}`;
    }
  }
  return undefined;
}

const seatKey = (seat: { stationNumber: number; shift: string; seatPosition: string } | null) =>
  seat ? `${seat.stationNumber}/${seat.shift}/${seat.seatPosition}` : 'none';

/** The recorded assignments against the replay's final state: same outcome and seat for everyone. */
function checkAssignments(
  record: SessionRecordDocument,
  finalState: EngineState,
): { awards: number } | { reason: string } {
  const replayed = new Map(finalState.participants.map((participant) => [participant.participantId, participant]));
  if (record.assignments.length !== replayed.size) {
    return { reason: `the record lists ${record.assignments.length} assignments for ${replayed.size} participants` };
  }
  let awards = 0;
  for (const assignment of record.assignments) {
    const participant = replayed.get(assignment.participantId);
    if (!participant) return { reason: `${assignment.name} is in the assignments but not among the participants` };
    if (assignment.outcome !== participant.outcome) {
      return {
        reason: `${assignment.name}'s outcome is ${assignment.outcome ?? 'none'} in the record, ${participant.outcome ?? 'none'} on replay`,
      };
    }
    if (seatKey(assignment.seat) !== seatKey(participant.awardedSeat)) {
      return {
        reason: `${assignment.name} holds ${describeSeat(assignment.seat)} in the record, but the replay gives ${describeSeat(participant.awardedSeat)}`,
      };
    }
    if (participant.awardedSeat) awards += 1;
  }
  return { awards };
}

/** Without settings: each assignment's seat must be the seat the history last awarded that participant. */
function checkAssignmentsAgainstHistory(record: SessionRecordDocument): { awards: number } | { reason: string } {
  const awarded = new Map<string, Pick<SeatRef, 'stationNumber' | 'shift' | 'seatPosition'>>();
  for (const entry of [...record.unchainedHistory, ...record.history]) {
    if ((entry.action === 'bid_submitted' || entry.action === 'auto_assigned') && entry.seat && entry.participantId) {
      awarded.set(entry.participantId, entry.seat);
    }
    if (entry.action === 'turn_undone' && entry.participantId) awarded.delete(entry.participantId);
  }
  let awards = 0;
  for (const assignment of record.assignments) {
    const fromHistory = awarded.get(assignment.participantId) ?? null;
    if (seatKey(assignment.seat) !== seatKey(fromHistory)) {
      return {
        reason: `${assignment.name} holds ${describeSeat(assignment.seat)} in the record, but the history awards ${describeSeat(fromHistory)}`,
      };
    }
    if (fromHistory) awards += 1;
  }
  return { awards };
}

/**
 * Each assignment's reason must be the one its history gives (record/reasons.ts), in the record's
 * time zone; a record made before reasons existed has neither and is not checked for them.
 */
function checkReasons(
  record: SessionRecordDocument,
  settings: RecordSettings | null,
  history: readonly RecordEntry[],
): RecordCheckFailure | { rebuilt: number | null } {
  const hasReasons = record.assignments.some((assignment) => assignment.reason !== undefined);
  if (record.timeZone === undefined) {
    return hasReasons
      ? fail('the record gives reasons but names no time zone to read their times in')
      : { rebuilt: null };
  }
  let reasons: Map<string, ResultReason>;
  try {
    reasons = buildResultReasons({
      settings,
      history: [...record.unchainedHistory, ...history],
      timeZone: record.timeZone,
      wording: record.reasonWording ?? 1,
    });
  } catch (error) {
    if (error instanceof UnknownTimeZoneError) return fail(`the record's time zone: ${error.message}`);
    throw error;
  }
  let rebuiltCount = 0;
  for (const assignment of record.assignments) {
    const rebuilt = reasons.get(assignment.participantId);
    if (rebuilt) rebuiltCount += 1;
    const expected = rebuilt?.text ?? null;
    const given = assignment.reason ?? null;
    if (given !== expected) {
      const where = rebuilt?.sequence ? ` (entry ${rebuilt.sequence})` : '';
      return fail(
        `the reason given for ${assignment.name} is not the one the history gives${where}: the record says ${JSON.stringify(given)}, the history gives ${JSON.stringify(expected)}`,
        rebuilt?.sequence ?? null,
      );
    }
  }
  return { rebuilt: rebuiltCount };
}

/**
 * Everything a record's content must satisfy, in the order a reader would want to hear of a
 * failure: shape, settings, chain, commands, replay, assignments, and last the digest the signature
 * covers. `raw` is the document as read (JSON.parse of the file); it is hashed as it is.
 */
export function checkRecordContent(raw: unknown): RecordCheckResult {
  const parsed = sessionRecordSchema.safeParse(raw);
  if (!parsed.success) return fail(`this is not a StationBid session record: ${describeSchemaProblem(parsed.error)}`);
  // Hash what was read, not zod's copy (which drops fields it does not know).
  const record = raw as SessionRecordDocument;
  const history = record.history as RecordEntry[];
  const settings = record.settings as RecordSettings | null;

  if (settings) {
    if (settings.sessionId !== record.session.id) {
      return fail(`the settings are of session ${settings.sessionId}, the record of ${record.session.id}`);
    }
    const settingsHash = hashSettings(settings);
    if (settingsHash !== record.settingsHash) {
      return fail(
        `the settings hash to ${settingsHash}, but the record says ${record.settingsHash}: the settings were changed`,
      );
    }
    const orderProblem = checkSeniorityOrder(settings);
    if (orderProblem) return fail(`the queue does not follow the seniority order: ${orderProblem}`);
  } else if (record.chain.anchoredToSettings) {
    return fail('the record says its chain starts from the settings, but it has none');
  }

  const anchor = record.chain.anchoredToSettings ? record.settingsHash : null;
  const chain = checkChain(history, anchor);
  if (!chain.ok) return fail(chain.reason, chain.sequence);
  if (chain.length !== record.chain.length || chain.head !== record.chain.head) {
    return fail(
      `the chain has ${chain.length} entries ending in ${chain.head}, but the record says ${record.chain.length} ending in ${record.chain.head}`,
    );
  }

  const chainedCommands = history.flatMap((entry) =>
    entry.command ? [canonicalJson({ ...entry.command, sequence: entry.sequence })] : [],
  );
  if (chainedCommands.length !== record.commands.length) {
    return fail(
      `the record lists ${record.commands.length} commands, but its chained history holds ${chainedCommands.length}`,
    );
  }
  for (const [index, command] of record.commands.entries()) {
    if (canonicalJson(command) !== chainedCommands[index]) {
      return fail(
        `command ${index + 1} (${command.type} at ${command.at}) is not the command chained in entry ${command.sequence}`,
        command.sequence,
      );
    }
  }

  let awards: { awards: number } | { reason: string };
  if (settings) {
    const replay = replayHistory(settings, history);
    if (!replay.ok) return fail(replay.reason, replay.sequence);
    awards = checkAssignments(record, replay.state);
  } else {
    awards = checkAssignmentsAgainstHistory(record);
  }
  if ('reason' in awards) return fail(`the final assignments do not match: ${awards.reason}`);
  const reasons = checkReasons(record, settings, history);
  if ('ok' in reasons) return reasons;

  const digest = recordDigestHex(record);
  if (digest !== record.signature.digest) {
    return fail(
      `the record hashes to ${digest}, but its signature covers ${record.signature.digest}: something outside the chain (the session, the assignments, the lists) was changed`,
    );
  }
  return {
    ok: true,
    record,
    awardsReproduced: awards.awards,
    participants: record.assignments.length,
    entries: history.length,
    commands: record.commands.length,
    replayed: settings !== null,
    unchainedEntries: record.unchainedHistory.length,
    reasonsRebuilt: reasons.rebuilt,
  };
}
