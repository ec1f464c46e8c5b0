import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateAllSessions } from '../../../lib/session-queries.ts';
import { checkTimeExpiration } from '../api/check-time-expiration.ts';

/**
 * When a running turn's countdown reaches 0, asks the server once to process it and reloads the
 * session. The server's turn clock does the same within about a second without being asked; the
 * nudge only makes the screen move on without waiting for the next poll. Once per deadline: a
 * failed nudge is not retried, since the poll will show the server's decision anyway.
 */
export function useExpiryCheck(sessionId: string, deadlineMs: number | null, remainingMs: number | null): void {
  const queryClient = useQueryClient();
  const checkedDeadline = useRef<string | null>(null);

  useEffect(() => {
    if (deadlineMs === null || remainingMs === null || remainingMs > 0) return;
    const key = `${sessionId}:${deadlineMs}`;
    if (checkedDeadline.current === key) return;
    checkedDeadline.current = key;
    checkTimeExpiration(sessionId)
      .catch((error: unknown) => console.error('Failed to check the turn deadline', error))
      .finally(() => invalidateAllSessions(queryClient));
  }, [sessionId, deadlineMs, remainingMs, queryClient]);
}
