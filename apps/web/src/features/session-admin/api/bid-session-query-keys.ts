/**
 * The cache keys of everything about bid sessions. Every key starts with `bidSessionsQueryKey`, so
 * one invalidation after a change (start, bid, edit, delete) refreshes the list, the open session,
 * its participants and its history together.
 */
export const bidSessionsQueryKey = ['bid-sessions'] as const;

export const bidSessionListQueryKey = [...bidSessionsQueryKey, 'list'] as const;

export function bidSessionQueryKey(sessionId: string) {
  return [...bidSessionsQueryKey, 'detail', sessionId] as const;
}

export function sessionParticipantsQueryKey(sessionId: string) {
  return [...bidSessionsQueryKey, 'participants', sessionId] as const;
}

/** Each participant's "why this seat" of a completed session (from its results). */
export function sessionReasonsQueryKey(sessionId: string) {
  return [...bidSessionsQueryKey, 'reasons', sessionId] as const;
}

export function sessionHistoryQueryKey(sessionId: string) {
  return [...bidSessionsQueryKey, 'history', sessionId] as const;
}

export function exportStatusQueryKey(sessionId: string) {
  return [...bidSessionsQueryKey, 'export-status', sessionId] as const;
}
