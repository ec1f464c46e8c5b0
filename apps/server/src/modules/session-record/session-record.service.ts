/**
 * The session record (issue 16): one signed JSON document with a session's settings, the commands
 * the engine applied, the hash-chained history and the final assignments, which
 * `stationbid-verify` checks without the server. Administrators may take it at any time after the
 * start (it is then signed as of that moment); a participant once the session has completed.
 */
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
import type { Clock } from '../../lib/clock.ts';
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
import { readFinalAssignments, readRecordedHistory, readRecordedSettings } from './session-record.repository.ts';

export const RECORD_MESSAGES = {
  notStarted: 'This session has not started yet: its record begins when it starts.',
  notCompleted:
    'The session record is available to participants once the session has completed. Until then, ask an administrator if you need it.',
} as const;

export interface RecordViewer {
  id: string;
  isAdmin: boolean;
}

export class SessionRecordService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** The department's time zone (IANA): the reasons in the record write their times in it. */
    private readonly departmentZone: TimeZoneSource = fixedTimeZone('UTC'),
  ) {}

  /** The signing key, created on the first start against a database that has none. */
  readonly signingKey: () => Promise<RecordSigningKey> = onceUntilFailure(() => ensureRecordSigningKey(this.db));

  async recordKey(): Promise<RecordKeyResponse> {
    return presentRecordKey(await this.signingKey());
  }

  /** The signed record, as the JSON text that is sent (the signature covers its canonical form). */
  async record(viewer: RecordViewer, sessionId: string): Promise<SessionRecordDocument> {
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

    // Under the session's share lock, like the board: a running session's history and seats are
    // then read between two steps, never across one.
    const { recorded, history, assignments } = await this.db.transaction(async (tx) => {
      await lockSessionRow(tx, sessionId, { share: true });
      return {
        recorded: await readRecordedSettings(tx, sessionId),
        history: await readRecordedHistory(tx, sessionId),
        assignments: await readFinalAssignments(tx, sessionId),
      };
    });
    const timeZone = await this.departmentZone.read();
    const unsigned = buildUnsignedRecord({
      generatedAt: this.clock.now().toISOString(),
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
    return {
      ...unsigned,
      signature: {
        algorithm: RECORD_SIGNATURE_ALGORITHM,
        keyFingerprint: key.fingerprint,
        publicKey: key.publicKeyBase64,
        digest: recordDigestHex(unsigned),
        value: signWithRecordKey(key, recordDigestBytes(unsigned)),
      },
    };
  }
}
