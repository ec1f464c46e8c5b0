/**
 * The PDF bid sheet of a session: the same people may print it as may see and export
 * the results (administrators and the session's participants), and only once the session has
 * completed, since a sheet of a running session would be out of date as soon as it was printed.
 */
import { AppError, conflict } from '../../lib/app-error.ts';
import type { TimeZoneSource } from '../department-settings/department-zone.ts';
import type { SessionViewer } from '../session-engine/session-access.ts';
import type { SessionRecordService } from '../session-record/session-record.service.ts';
import type { SessionRoomService } from '../session-room/session-room.service.ts';
import { buildBidSheetPdf } from './bid-sheet-pdf.ts';

export const BID_SHEET_MESSAGES = {
  notCompleted:
    'The bid sheet can be printed once the session has completed. Until then, follow the live board or the results page.',
} as const;

export class BidSheetService {
  constructor(
    private readonly sessionRoom: SessionRoomService,
    private readonly sessionRecords: SessionRecordService,
    private readonly departmentZone: TimeZoneSource,
  ) {}

  async bidSheet(viewer: SessionViewer, sessionId: string, printedAt: Date): Promise<{ name: string; pdf: Buffer }> {
    // The export's check (who may, and completed only), with this sheet's own word for "not yet".
    // Each participant's reason ("why this seat") with its times in the department's zone.
    const timeZone = await this.departmentZone.read();
    const { session, results } = await this.sessionRoom
      .resultsForExport(viewer, sessionId, { timeZone })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'CONFLICT') throw conflict(BID_SHEET_MESSAGES.notCompleted);
        throw error;
      });
    // The footer's hashes are those of the session's record: a completed session has one, the same
    // bytes at every download, so the file's SHA-256 printed here matches `sha256sum` of any copy.
    const { record, sha256 } = await this.sessionRecords.recordFile(viewer, sessionId);
    const pdf = await buildBidSheetPdf({
      session,
      departmentTimeZone: timeZone,
      reasons: new Map(results.participants.map((participant) => [participant.id, participant.reason])),
      printedAt,
      record: {
        fileSha256: sha256,
        generatedAt: record.generatedAt,
        chainHead: record.chain.head,
        keyFingerprint: record.signature.keyFingerprint,
      },
    });
    return { name: session.name, pdf };
  }
}
