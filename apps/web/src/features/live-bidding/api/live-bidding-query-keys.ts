/**
 * The cache keys of the live bidding page. They follow the convention of lib/live-events.ts (start
 * with 'bid-sessions', contain the session id), so every live event of the session refreshes them.
 */
export function liveSessionQueryKey(sessionId: string) {
  return ['bid-sessions', 'detail', sessionId] as const;
}

export function myParticipationQueryKey(sessionId: string) {
  return ['bid-sessions', 'my-participation', sessionId] as const;
}

export function liveHistoryQueryKey(sessionId: string) {
  return ['bid-sessions', 'history', sessionId] as const;
}

/** Every query of one session, to refresh after the member's own bid or skip. */
export function isLiveSessionQueryKey(queryKey: readonly unknown[], sessionId: string): boolean {
  return queryKey[0] === 'bid-sessions' && queryKey.includes(sessionId);
}
