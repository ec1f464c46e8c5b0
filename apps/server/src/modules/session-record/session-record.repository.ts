/** Reads of what a session record is made of: the recorded settings, the history and the final seats. */
import type { RecordEntry, RecordSettings, SessionRecordDocument } from '@stationbid/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bids, participants, sessionHistory, sessionRecordSettings } from '../../db/schema/index.ts';

export async function readRecordedSettings(
  executor: Executor,
  sessionId: string,
): Promise<{ settings: RecordSettings; settingsHash: string } | undefined> {
  const [row] = await executor
    .select()
    .from(sessionRecordSettings)
    .where(eq(sessionRecordSettings.sessionId, sessionId));
  return row ? { settings: JSON.parse(row.settings) as RecordSettings, settingsHash: row.settingsHash } : undefined;
}

/**
 * The history in order, split into the chained entries (as they were hashed, with their hash) and
 * those written before the chain existed (from their columns; no hash covers them).
 */
export async function readRecordedHistory(
  executor: Executor,
  sessionId: string,
): Promise<{ chained: RecordEntry[]; unchained: SessionRecordDocument['unchainedHistory'] }> {
  const rows = await executor
    .select()
    .from(sessionHistory)
    .where(eq(sessionHistory.sessionId, sessionId))
    .orderBy(asc(sessionHistory.id));
  const chained: RecordEntry[] = [];
  const unchained: SessionRecordDocument['unchainedHistory'] = [];
  for (const row of rows) {
    if (row.recordEntry !== null && row.entryHash !== null) {
      chained.push({ ...(JSON.parse(row.recordEntry) as Omit<RecordEntry, 'hash'>), hash: row.entryHash });
      continue;
    }
    unchained.push({
      action: row.action as RecordEntry['action'],
      at: row.createdAt.toISOString(),
      actorMemberId: row.actorId,
      actorName: row.actorName,
      participantId: row.participantId,
      userName: row.userName,
      seat:
        row.stationNumber !== null && row.stationName !== null && row.shift !== null && row.seatPosition !== null
          ? {
              stationNumber: row.stationNumber,
              stationName: row.stationName,
              shift: row.shift as 'A',
              seatPosition: row.seatPosition as 'Captain',
            }
          : null,
      bidPriority: row.bidPriority,
      details: (row.details ?? {}) as Record<string, unknown>,
    });
  }
  return { chained, unchained };
}

/** Every participant's outcome and seat won, in queue order. */
export async function readFinalAssignments(
  executor: Executor,
  sessionId: string,
): Promise<SessionRecordDocument['assignments']> {
  const rows = await executor
    .select({ participant: participants, seatId: bids.seatId })
    .from(participants)
    .leftJoin(bids, and(eq(bids.participantId, participants.id), isNull(bids.undoneAt)))
    .where(eq(participants.sessionId, sessionId))
    .orderBy(asc(participants.queuePosition), asc(participants.bidPriority));
  return rows.map(({ participant, seatId }) => ({
    participantId: participant.id,
    name: `${participant.firstName} ${participant.lastName}`,
    employeeId: participant.employeeId,
    bidPriority: participant.bidPriority,
    queuePosition: participant.queuePosition,
    outcome: participant.outcome as SessionRecordDocument['assignments'][number]['outcome'],
    seat:
      participant.assignedStationNumber !== null &&
      participant.assignedStationName !== null &&
      participant.assignedShift !== null &&
      participant.assignedSeatPosition !== null
        ? {
            seatId,
            stationId: participant.assignedStationId,
            stationNumber: participant.assignedStationNumber,
            stationName: participant.assignedStationName,
            shift: participant.assignedShift as 'A',
            seatPosition: participant.assignedSeatPosition as 'Captain',
          }
        : null,
  }));
}
