import type { ParticipantOutcome } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { scheduleSessionRead } from '../../../lib/session-follow.ts';
import type { TurnClock } from '../../../lib/turn-countdown.ts';
import { checkTurnExpiration } from '../api/check-turn-expiration.ts';

interface TurnExpiryOptions {
  sessionId: string;
  clock: TurnClock;
  remainingMs: number | null;
  isMyTurn: boolean;
  /** The member's outcome in the session as last read (null while undecided or moved to the back). */
  myOutcome: ParticipantOutcome | null;
}

/**
 * A turn that the server ends within this much of its deadline, with no bid or skip of the member's,
 * ran out: the page's once-a-second tick may simply not have reached 0 before the news arrived.
 */
const EXPIRY_TOLERANCE_MS = 2000;

/** Outcomes of something the member (or an administrator for them) did, which end a turn before its time. */
const OUTCOMES_OF_AN_ACTION: ReadonlySet<ParticipantOutcome> = new Set(['bid', 'proxy_bid', 'skipped']);

/**
 * When the running turn's countdown reaches 0: asks the server once per deadline to process it (the
 * server's own turn clock does so within a second anyway; the nudge only moves the page on sooner),
 * and, when it was the member's own turn, raises the member's "time ran out" once (the outcome card in the header's place).
 *
 * The server's clock usually gets there first: its turn clock ticks every 250 ms and the live stream
 * brings the next turn before this page's tick shows 0. So the notice is also raised when the
 * member's turn ends near its deadline without an action of theirs (moved to the back, or a seat
 * assigned automatically).
 */
export function useTurnExpiry({ sessionId, clock, remainingMs, isMyTurn, myOutcome }: TurnExpiryOptions) {
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
      // Every watcher's countdown ends at the same moment: one jittered read, which the event that
      // moves the turn on usually makes unnecessary (it patches the board first).
      .finally(() => scheduleSessionRead(queryClient, sessionId, { includesMemberData: isMyTurn }));
  }, [hasRunOut, deadlineMs, isMyTurn, sessionId, queryClient]);

  // The member's own turn as last seen, so that its end can be told apart from a bid or a skip.
  const myLastTurn = useRef<{ deadlineMs: number; remainingMs: number } | null>(null);
  useEffect(() => {
    if (isMyTurn && deadlineMs !== null && remainingMs !== null) {
      myLastTurn.current = { deadlineMs, remainingMs };
      return;
    }
    const lastTurn = myLastTurn.current;
    if (isMyTurn || lastTurn === null) return;
    myLastTurn.current = null;
    const endedByAction = myOutcome !== null && OUTCOMES_OF_AN_ACTION.has(myOutcome);
    if (!endedByAction && lastTurn.remainingMs <= EXPIRY_TOLERANCE_MS) setExpiredTurnDeadline(lastTurn.deadlineMs);
  }, [isMyTurn, deadlineMs, remainingMs, myOutcome]);

  return {
    /** The running turn has no time left (the banner hides until the server moves on). */
    hasRunOut,
    isExpiredNoticeShown: expiredTurnDeadline !== null,
    dismissExpiredNotice: () => setExpiredTurnDeadline(null),
  };
}
