/**
 * What the member's outcome card is told from: their own entries in the session's history (moved to
 * the back, the award) with the session's end, and the seat they held when the session started.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessionHistory, sessionRecordSettings } from '../../db/schema/index.ts';

/** The history actions the outcome card tells. */
const STORY_ACTIONS = ['moved_to_back', 'bid_submitted', 'auto_assigned', 'session_completed'] as const;

export interface TurnStoryRow {
  action: string;
  actorName: string;
  actorId: string | null;
  participantId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The participant's entries of those actions, and the session's end, oldest first: one member's
 * rows, read on the session's history index.
 */
export async function listTurnStoryRows(
  executor: Executor,
  sessionId: string,
  participantId: string,
): Promise<TurnStoryRow[]> {
  const rows = await executor
    .select({
      action: sessionHistory.action,
      actorName: sessionHistory.actorName,
      actorId: sessionHistory.actorId,
      participantId: sessionHistory.participantId,
      details: sessionHistory.details,
      createdAt: sessionHistory.createdAt,
    })
    .from(sessionHistory)
    .where(
      and(
        eq(sessionHistory.sessionId, sessionId),
        inArray(sessionHistory.action, [...STORY_ACTIONS]),
        or(
          eq(sessionHistory.participantId, participantId),
          and(eq(sessionHistory.action, 'session_completed'), isNull(sessionHistory.participantId)),
        ),
      ),
    )
    .orderBy(asc(sessionHistory.id));
  return rows.map((row) => ({ ...row, details: (row.details ?? {}) as Record<string, unknown> }));
}

/** The seat a participant held as the session started, as its signed settings keep it. */
export interface StartSeat {
  stationNumber: number;
  stationName: string;
  shift: string;
  seatPosition: string;
}

/**
 * Every participant's seat at the start, from the settings the start step wrote (null before the
 * start): read once per session, since the settings never change after it.
 */
export async function readStartSeats(
  executor: Executor,
  sessionId: string,
): Promise<Map<string, StartSeat | null> | null> {
  const [row] = await executor
    .select({ settings: sessionRecordSettings.settings })
    .from(sessionRecordSettings)
    .where(eq(sessionRecordSettings.sessionId, sessionId));
  if (!row) return null;
  const settings = JSON.parse(row.settings) as {
    state?: { participants?: { participantId: string; currentSeat: StartSeat | null }[] };
  };
  return new Map(
    (settings.state?.participants ?? []).map((participant) => [participant.participantId, participant.currentSeat]),
  );
}
