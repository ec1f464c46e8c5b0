/** Reads of what a session record is made of: the recorded settings, the history and the final seats. */
import type { RecordEntry, RecordSettings, SessionRecordDocument } from '@stationbid/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bids,
  participants,
  sessionHistory,
  sessionRecordFiles,
  sessionRecordSettings,
} from '../../db/schema/index.ts';

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

/** The record file kept for the session at `version` (its completion), if one was kept. */
export async function readKeptRecordFile(
  executor: Executor,
  sessionId: string,
  version: number,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ body: sessionRecordFiles.body })
    .from(sessionRecordFiles)
    .where(and(eq(sessionRecordFiles.sessionId, sessionId), eq(sessionRecordFiles.version, version)));
  return row?.body;
}

/**
 * Keeps `body` as the session's record at `version`, replacing one kept at another version (a
 * completion before a rewind). Answers the body kept: the first one of two downloads at once.
 */
export async function keepRecordFile(
  executor: Executor,
  sessionId: string,
  version: number,
  body: string,
): Promise<string> {
  const [written] = await executor
    .insert(sessionRecordFiles)
    .values({ sessionId, version, body })
    .onConflictDoUpdate({
      target: sessionRecordFiles.sessionId,
      set: { version, body, createdAt: sql`now()` },
      setWhere: ne(sessionRecordFiles.version, version),
    })
    .returning({ body: sessionRecordFiles.body });
  return written?.body ?? (await readKeptRecordFile(executor, sessionId, version)) ?? body;
}
