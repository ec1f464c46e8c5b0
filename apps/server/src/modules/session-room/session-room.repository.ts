/**
 * The session room's own queries: what the board and the member's place show of a department's
 * rules that the shared session queries (session-engine/bid-sessions.repository.ts) do not read.
 */
import type { HeldCertification } from '@stationbid/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { certifications, participants, sessionHistory } from '../../db/schema/index.ts';

/** The member's certifications as the session's queue copied them (frozen at the start); undefined when not in it. */
export async function findOwnCertifications(
  executor: Executor,
  sessionId: string,
  memberId: string,
): Promise<HeldCertification[] | undefined> {
  const [row] = await executor
    .select({ certifications: participants.certifications })
    .from(participants)
    .where(and(eq(participants.sessionId, sessionId), eq(participants.memberId, memberId)))
    .limit(1);
  return row ? (row.certifications as HeldCertification[]) : undefined;
}

/**
 * How far back the board looks for the standing bids of its recent picks: the latest entries of the
 * session's history, read backwards on its (session, id) index, so a board costs the same at the
 * session's first turn and at its ten-thousandth. Recent picks are among the latest entries.
 */
export const STANDING_BID_LOOKBACK = 500;

/** Of these participants, those whose seat a standing bid took (among the latest history entries). */
export async function listStandingBidParticipants(
  executor: Executor,
  sessionId: string,
  participantIds: readonly string[],
): Promise<Set<string>> {
  if (participantIds.length === 0) return new Set();
  const latest = executor
    .select({
      participantId: sessionHistory.participantId,
      action: sessionHistory.action,
      source: sql<string | null>`${sessionHistory.details}->>'source'`.as('source'),
    })
    .from(sessionHistory)
    .where(eq(sessionHistory.sessionId, sessionId))
    .orderBy(desc(sessionHistory.id))
    .limit(STANDING_BID_LOOKBACK)
    .as('latest');
  const rows = await executor
    .select({ participantId: latest.participantId })
    .from(latest)
    .where(
      and(
        eq(latest.action, 'bid_submitted'),
        eq(latest.source, 'standing_bid'),
        inArray(latest.participantId, [...participantIds]),
      ),
    );
  return new Set(rows.flatMap((row) => (row.participantId === null ? [] : [row.participantId])));
}

/** The department's certification names by code now: what a session shows before it freezes its own. */
export async function readCertificationNames(executor: Executor): Promise<Record<string, string>> {
  const rows = await executor.select({ code: certifications.code, name: certifications.name }).from(certifications);
  return Object.fromEntries(rows.map((row) => [row.code, row.name]));
}
