/**
 * Cache keys of the member's own bidding record. They sit under their own root, so a bid placed
 * elsewhere can refresh the history by invalidating `bidHistoryRootQueryKey` alone.
 */
export const bidHistoryRootQueryKey = ['bid-history'] as const;

export const userBidHistoryQueryKey = [...bidHistoryRootQueryKey, 'mine'] as const;

export const userBidStatusQueryKey = [...bidHistoryRootQueryKey, 'bid-status'] as const;

export function sessionResultsQueryKey(sessionId: string) {
  return [...bidHistoryRootQueryKey, 'results', sessionId] as const;
}
