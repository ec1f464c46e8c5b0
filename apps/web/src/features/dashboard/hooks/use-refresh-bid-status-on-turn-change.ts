import type { BidSession } from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onMemberTurnMayHaveChanged } from '../../../lib/member-queries.ts';

/**
 * The bid status is polled only while the member's session runs, so it would not notice a session
 * that starts (or a turn that moves) while it sleeps. The current-session poll notices; when the
 * running session, its status or its turn changes, the bid status is asked again at once, and so are
 * the notifications, which a new turn adds to.
 */
export function useRefreshBidStatusOnTurnChange(session: BidSession | null | undefined): void {
  const queryClient = useQueryClient();
  const turnSignature =
    session === undefined
      ? undefined
      : session === null
        ? 'none'
        : `${session.id}:${session.status}:${session.currentParticipant}`;
  const previousSignature = useRef(turnSignature);

  useEffect(() => {
    if (turnSignature === undefined) return;
    const previous = previousSignature.current;
    previousSignature.current = turnSignature;
    // The first answer is not a change: the bid status loads on its own beside it.
    if (previous === undefined || previous === turnSignature) return;
    void onMemberTurnMayHaveChanged(queryClient);
  }, [turnSignature, queryClient]);
}
