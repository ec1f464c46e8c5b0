/**
 * The session record: one signed JSON document with a session's settings, the commands the engine
 * applied, the hash-chained history and the final assignments, which the verifier (`verify.mjs`,
 * packages/verify) checks without the server. Administrators may take it at any time after the
 * start; a participant once the session has completed.
 *
 * A record is a function of the session's steps, never of the moment it is downloaded: its time
 * (`generatedAt`) is the session's completion, or, while it runs, its last step's, and the Ed25519
 * signature over it is deterministic. So a completed session has one record, the same bytes at
 * every download, whose SHA-256 the bid sheet prints (recordFile); a running session's record
 * changes only with its next step. A completed session's file is kept as first sent, so neither an
 * upgrade that words the reasons anew nor a new department time zone (the reasons write their
 * times in it) changes it; only a rewind that reopens the session does (it completes again later,
 * and that record is kept instead).
 */

import { createHash } from 'node:crypto';
import {
  BID_MESSAGES,
  type BidSessionStatus,
  buildUnsignedRecord,
  RECORD_SIGNATURE_ALGORITHM,
  type RecordKeyResponse,
  recordDigestBytes,
  recordDigestHex,
  type SessionRecordDocument,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, forbidden } from '../../lib/app-error.ts';
import { onceUntilFailure } from '../../lib/once-until-failure.ts';
import { fixedTimeZone, type TimeZoneSource } from '../department-settings/department-zone.ts';
import { findParticipantByMember, findSessionById } from '../session-engine/bid-sessions.repository.ts';
import { lockSessionRow } from '../session-engine/engine-state-loader.repository.ts';
import {
  ensureRecordSigningKey,
  presentRecordKey,
  type RecordSigningKey,
  signWithRecordKey,
} from './record-signing-key.ts';
import {
  keepRecordFile,
  readFinalAssignments,
  readKeptRecordFile,
  readRecordedHistory,
  readRecordedSettings,
} from './session-record.repository.ts';

export const RECORD_MESSAGES = {
  notStarted: 'This session has not started yet: its record begins when it starts.',
  notCompleted:
    'The session record is available to participants once the session has completed. Until then, ask an administrator if you need it.',
} as const;

export interface RecordViewer {
  id: string;
  isAdmin: boolean;
}

/** A record as the file that is downloaded: its exact bytes, and their SHA-256 (what `sha256sum` prints). */
export interface SessionRecordFile {
  record: SessionRecordDocument;
  bytes: Buffer;
  sha256: string;
  fileName: string;
}

export class SessionRecordService {
  constructor(
    private readonly db: Database,
    /** The department's time zone (IANA): the reasons in the record write their times in it. */
    private readonly departmentZone: TimeZoneSource = fixedTimeZone('UTC'),
  ) {}

  /** The signing key, created on the first start against a database that has none. */
  readonly signingKey: () => Promise<RecordSigningKey> = onceUntilFailure(() => ensureRecordSigningKey(this.db));

  async recordKey(): Promise<RecordKeyResponse> {
    return presentRecordKey(await this.signingKey());
  }

  /**
   * The record as the file that is sent. A completed session's is kept the first time it is sent
   * (`session_record_files`), and every later download is those bytes; a running session's is
   * built at each download, the same bytes for the same steps.
   */
  async recordFile(viewer: RecordViewer, sessionId: string): Promise<SessionRecordFile> {
    const session = await this.readableSession(viewer, sessionId);
    const kept =
      session.status === 'completed' ? await readKeptRecordFile(this.db, sessionId, session.version) : undefined;
    if (kept !== undefined) return toRecordFile(sessionId, kept);
    const built = await this.buildRecord(sessionId);
    const body = JSON.stringify(built.record);
    if (built.status !== 'completed') return toRecordFile(sessionId, body);
    return toRecordFile(sessionId, await keepRecordFile(this.db, sessionId, built.version, body));
  }

  /** The session, when the viewer may have its record now. */
  private async readableSession(viewer: RecordViewer, sessionId: string) {
    const session = await findSessionById(this.db, sessionId);
    // Members never see a draft: the same answer as an unknown id.
    if (!session || (!viewer.isAdmin && session.status === 'draft')) {
      throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    }
    if (!viewer.isAdmin) {
      if (!(await findParticipantByMember(this.db, sessionId, viewer.id))) throw forbidden(BID_MESSAGES.notParticipant);
      if (session.status !== 'completed') throw conflict(RECORD_MESSAGES.notCompleted);
    }
    if (session.status === 'draft' || session.status === 'scheduled') throw conflict(RECORD_MESSAGES.notStarted);
    return session;
  }

  /**
   * The signed record (the signature covers its canonical form), with the session's version and
   * status it was built at.
   */
  private async buildRecord(
    sessionId: string,
  ): Promise<{ record: SessionRecordDocument; version: number; status: string }> {
    // Under the session's share lock, like the board: a running session's history and seats are
    // then read between two steps, never across one.
    const { session, recorded, history, assignments } = await this.db.transaction(async (tx) => {
      const locked = await lockSessionRow(tx, sessionId, { share: true });
      if (!locked) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
      return {
        session: locked,
        recorded: await readRecordedSettings(tx, sessionId),
        history: await readRecordedHistory(tx, sessionId),
        assignments: await readFinalAssignments(tx, sessionId),
      };
    });
    const timeZone = await this.departmentZone.read();
    const unsigned = buildUnsignedRecord({
      generatedAt: recordTime(session, history).toISOString(),
      session: {
        id: session.id,
        name: session.name,
        year: session.year,
        status: session.status as BidSessionStatus,
        actualStart: session.actualStart?.toISOString() ?? null,
        actualEnd: session.actualEnd?.toISOString() ?? null,
      },
      settings: recorded?.settings ?? null,
      settingsHash: recorded?.settingsHash ?? null,
      history: history.chained,
      unchainedHistory: history.unchained,
      assignments,
      timeZone,
    });
    const key = await this.signingKey();
    const record: SessionRecordDocument = {
      ...unsigned,
      signature: {
        algorithm: RECORD_SIGNATURE_ALGORITHM,
        keyFingerprint: key.fingerprint,
        publicKey: key.publicKeyBase64,
        digest: recordDigestHex(unsigned),
        value: signWithRecordKey(key, recordDigestBytes(unsigned)),
      },
    };
    return { record, version: session.version, status: session.status };
  }
}

function toRecordFile(sessionId: string, body: string): SessionRecordFile {
  const bytes = Buffer.from(body, 'utf8');
  return {
    record: JSON.parse(body) as SessionRecordDocument,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fileName: `session-record-${sessionId}.json`,
  };
}

/**
 * The moment a record speaks for: a completed session's end; before that, its last history
 * entry's (the last step the record shows), or the start.
 */
function recordTime(
  session: { status: string; actualStart: Date | null; actualEnd: Date | null; updatedAt: Date },
  history: { chained: readonly { at: string }[]; unchained: readonly { at: string }[] },
): Date {
  if (session.status === 'completed' && session.actualEnd) return session.actualEnd;
  const lastStep = history.chained.at(-1)?.at ?? history.unchained.at(-1)?.at;
  if (lastStep !== undefined) return new Date(lastStep);
  return session.actualStart ?? session.updatedAt;
}
