/**
 * What a PUT /:id asks to change: which fields differ from the stored session, which of them a
 * running session refuses, and the column changes to write. Pure: the service reads the stored
 * rows and owns the transaction.
 */
import { toSessionRounds, type updateBidSessionRequestSchema } from '@stationbid/domain';
import type { z } from 'zod';
import type { SessionChanges, SessionRow } from '../session-engine/bid-sessions.repository.ts';

export type ParsedUpdateRequest = z.output<typeof updateBidSessionRequestSchema>;

/** Fields a running session may still change (bidding-rules.md, "Session lifecycle"). */
const LIVE_EDITABLE_FIELDS: readonly string[] = ['name', 'description', 'bidWindowDuration', 'autoAssignTimeout'];

export const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export const isBeforeStart = (status: string) => status === 'draft' || status === 'scheduled';

/** The session's stations and participants as stored, read only when the request names them. */
export interface StoredLinks {
  stationIds: readonly string[];
  participantMemberIds: readonly (string | null)[];
}

/** The names of the request's fields whose value differs from the stored session. */
export function listChangedFields(session: SessionRow, body: ParsedUpdateRequest, stored: StoredLinks): string[] {
  const sameTime = (value: string | null | undefined, storedTime: Date | null) =>
    (toDate(value)?.getTime() ?? null) === (storedTime?.getTime() ?? null);
  const sameSet = (a: readonly string[], b: readonly (string | null)[]) =>
    new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));
  const checks: Record<keyof ParsedUpdateRequest, () => boolean> = {
    name: () => body.name === session.name,
    description: () => body.description === session.description,
    year: () => body.year === session.year,
    startDate: () => sameTime(body.startDate, session.startDate),
    endDate: () => sameTime(body.endDate, session.endDate),
    scheduledStart: () => sameTime(body.scheduledStart, session.scheduledStart),
    scheduledEnd: () => sameTime(body.scheduledEnd, session.scheduledEnd),
    bidWindowDuration: () => body.bidWindowDuration === session.bidWindowMinutes,
    autoAssignTimeout: () => body.autoAssignTimeout === session.autoAssignTimeoutMinutes,
    clearAssignments: () => body.clearAssignments === session.clearAssignments,
    eligibilityMode: () => body.eligibilityMode === session.eligibilityMode,
    tieBreakChain: () => JSON.stringify(body.tieBreakChain) === JSON.stringify(session.tieBreakChain),
    rounds: () => JSON.stringify(toSessionRounds(body.rounds ?? [])) === JSON.stringify(session.rounds),
    stationIds: () => sameSet(body.stationIds ?? [], stored.stationIds),
    participantIds: () => sameSet(body.participantIds ?? [], stored.participantMemberIds),
  };
  return Object.entries(checks).flatMap(([field, isSame]) =>
    body[field as keyof ParsedUpdateRequest] !== undefined && !isSame() ? [field] : [],
  );
}

/** Of `changed`, the fields a running session refuses to change. */
export function listFieldsRefusedWhileRunning(changed: readonly string[]): string[] {
  return changed.filter((field) => !LIVE_EDITABLE_FIELDS.includes(field));
}

export function liveEditRefusal(fields: readonly string[]): string {
  return `While a session is running only its name, description, bid window and auto-assign timeout can change (not: ${fields.join(', ')})`;
}

/**
 * The column changes a request asks for; status follows the scheduled start before the session
 * starts. `newRandomSeed` is called when the chain gains the random tie-break.
 */
export function buildSessionChanges(
  session: SessionRow,
  body: ParsedUpdateRequest,
  now: Date,
  newRandomSeed: () => string,
): SessionChanges {
  const changes: SessionChanges = { updatedAt: now };
  if (body.name !== undefined) changes.name = body.name;
  if (body.description !== undefined) changes.description = body.description;
  if (body.year !== undefined) changes.year = body.year;
  if (body.startDate !== undefined) changes.startDate = toDate(body.startDate);
  if (body.endDate !== undefined) changes.endDate = toDate(body.endDate);
  if (body.scheduledStart !== undefined) changes.scheduledStart = toDate(body.scheduledStart);
  if (body.scheduledEnd !== undefined) changes.scheduledEnd = toDate(body.scheduledEnd);
  if (body.bidWindowDuration !== undefined) changes.bidWindowMinutes = body.bidWindowDuration;
  if (body.autoAssignTimeout !== undefined) changes.autoAssignTimeoutMinutes = body.autoAssignTimeout;
  if (body.clearAssignments !== undefined) changes.clearAssignments = body.clearAssignments;
  if (body.eligibilityMode !== undefined) changes.eligibilityMode = body.eligibilityMode;
  if (body.tieBreakChain !== undefined) {
    changes.tieBreakChain = [...body.tieBreakChain];
    const hadRandom = session.tieBreakChain.includes('random');
    const hasRandom = body.tieBreakChain.includes('random');
    if (hasRandom !== hadRandom) changes.randomSeed = hasRandom ? newRandomSeed() : null;
  }
  if (body.rounds !== undefined) changes.rounds = toSessionRounds(body.rounds);
  if (isBeforeStart(session.status) && body.scheduledStart !== undefined) {
    changes.status = body.scheduledStart ? 'scheduled' : 'draft';
  }
  return changes;
}
