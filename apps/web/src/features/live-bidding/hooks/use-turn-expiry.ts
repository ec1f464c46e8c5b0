import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TurnClock } from '../../../lib/turn-countdown.ts';
import { checkTurnExpiration } from '../api/check-turn-expiration.ts';
import { isLiveSessionQueryKey } from '../api/live-bidding-query-keys.ts';

interface TurnExpiryOptions {
  sessionId: string;
  clock: TurnClock;
  remainingMs: number | null;
  isMyTurn: boolean;
}

/**
 * When the running turn's countdown reaches 0: asks the server once per deadline to process it (the
 * server's own turn clock does so within a second anyway; the nudge only moves the page on sooner),
 * and, when it was the member's own turn, raises "Time expired! Your turn has passed." once.
 */
export function useTurnExpiry({ sessionId, clock, remainingMs, isMyTurn }: TurnExpiryOptions) {
  const queryClient = useQueryClient();
  const checkedDeadline = useRef<number | null>(null);
  const [expiredTurnDeadline, setExpiredTurnDeadline] = useState<number | null>(null);
  const deadlineMs = clock.kind === 'running' ? clock.deadlineMs : null;
  const hasRunOut = deadlineMs !== null && remainingMs === 0;

  useEffect(() => {
    if (!hasRunOut || deadlineMs === null || checkedDeadline.current === deadlineMs) return;
    checkedDeadline.current = deadlineMs;
    if (isMyTurn) setExpiredTurnDeadline(deadlineMs);
    checkTurnExpiration(sessionId)
      .catch((error: unknown) => console.error('Failed to check the turn deadline', error))
      .finally(() =>
        queryClient.invalidateQueries({ predicate: (query) => isLiveSessionQueryKey(query.queryKey, sessionId) }),
      );
  }, [hasRunOut, deadlineMs, isMyTurn, sessionId, queryClient]);

  return {
    /** The running turn has no time left (the banner hides until the server moves on). */
    hasRunOut,
    isExpiredNoticeShown: expiredTurnDeadline !== null,
    dismissExpiredNotice: () => setExpiredTurnDeadline(null),
  };
}
