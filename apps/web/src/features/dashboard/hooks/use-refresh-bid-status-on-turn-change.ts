import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onMemberTurnMayHaveChanged } from '../../../lib/member-queries.ts';

/** Where a session's turn stands: which session, its status and its turn number. */
export interface TurnSignatureSource {
  id: string;
  status: string;
  currentParticipant: number;
}

/**
 * While the live stream is down, the dashboard learns of a turn that moved from its polls; when the
 * followed session, its status or its turn changes, the bid status is asked again at once, and so are
 * the notifications, which a new turn adds to. Pass undefined while the stream follows the session:
 * its events refresh what concerns the member, and a read per step per tab is what the stream avoids.
 */
export function useRefreshBidStatusOnTurnChange(session: TurnSignatureSource | null | undefined): void {
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
