/**
 * Assembling a session record from what the server stores, before it is signed. The server and the
 * tests build records with this one function, so the document's shape has one definition.
 */
import { SESSION_RECORD_FORMAT, type SessionRecordDocument } from '../schemas/session-record.ts';
import type { RecordEntry, RecordSettings } from './chain.ts';
import { buildResultReasons, CURRENT_REASON_WORDING } from './reasons.ts';

export type UnsignedSessionRecord = Omit<SessionRecordDocument, 'signature'>;

export interface SessionRecordParts {
  generatedAt: string;
  session: SessionRecordDocument['session'];
  settings: RecordSettings | null;
  settingsHash: string | null;
  /** The chained entries in chain order. */
  history: readonly RecordEntry[];
  unchainedHistory: SessionRecordDocument['unchainedHistory'];
  /** Without their reasons: they are built here, from the history, in `timeZone`. */
  assignments: SessionRecordDocument['assignments'];
  /** The department's time zone (IANA), for the reasons' times. */
  timeZone: string;
}

export function buildUnsignedRecord(parts: SessionRecordParts): UnsignedSessionRecord {
  // The chain hangs from the settings when its first entry says so (a session started since the chain exists).
  const first = parts.history[0];
  const anchoredToSettings =
    parts.settingsHash !== null && (first === undefined || first.previousHash === parts.settingsHash);
  const last = parts.history.at(-1);
  const settings = anchoredToSettings ? parts.settings : null;
  const reasons = buildResultReasons({
    settings,
    history: [...parts.unchainedHistory, ...parts.history],
    timeZone: parts.timeZone,
    wording: CURRENT_REASON_WORDING,
  });
  return {
    format: SESSION_RECORD_FORMAT,
    generatedAt: parts.generatedAt,
    timeZone: parts.timeZone,
    reasonWording: CURRENT_REASON_WORDING,
    session: parts.session,
    // The engine's types are readonly; the document's (from zod) are not: the same values.
    settings: settings as SessionRecordDocument['settings'],
    settingsHash: anchoredToSettings ? parts.settingsHash : null,
    chain: {
      anchoredToSettings,
      length: parts.history.length,
      head: last ? last.hash : anchoredToSettings ? parts.settingsHash : null,
    },
    commands: parts.history.flatMap((entry) =>
      entry.command ? [{ ...entry.command, sequence: entry.sequence }] : [],
    ) as SessionRecordDocument['commands'],
    unchainedHistory: [...parts.unchainedHistory],
    history: [...parts.history] as SessionRecordDocument['history'],
    assignments: parts.assignments.map((assignment) => ({
      ...assignment,
      reason: reasons.get(assignment.participantId)?.text ?? null,
    })),
  };
}
