import { useMyParticipationQuery, useSessionBoardQuery } from '../../../lib/session-queries.ts';
import { useTurnCountdown } from '../../../lib/use-turn-countdown.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { useBidStatusQuery } from '../api/dashboard-queries.ts';
import { RUNNING_SESSION_POLL_MS } from '../api/session-polling.ts';
import { type DashboardSession, describeDashboardSession } from '../utils/dashboard-session.ts';
import { useRefreshBidStatusOnTurnChange } from './use-refresh-bid-status-on-turn-change.ts';

const NO_CLOCK = { status: 'draft', currentBidEnd: null, pausedRemainingSeconds: null } as const;

/**
 * The member's session as every card of the dashboard shows it (utils/dashboard-session.ts): the bid
 * status names the session; its board and the member's own place are read beside it and followed on
 * the live stream. The board and the place are polled every 10 seconds while the stream does not
 * follow the session; the bid status always is, since another session has no id to follow yet.
 */
export function useDashboardSession({ isFollowedLive }: { isFollowedLive: boolean }) {
  const me = useCurrentUser();
  const bidStatus = useBidStatusQuery();
  const session = bidStatus.data?.session ?? null;
  const sessionId = session?.id ?? '';
  const pollMs = isFollowedLive ? false : RUNNING_SESSION_POLL_MS;
  const board = useSessionBoardQuery(sessionId, pollMs);
  // Only a participant has a place to read; the bid status says whether the member is one.
  const participationId = bidStatus.data?.position == null ? '' : sessionId;
  const participation = useMyParticipationQuery(participationId, pollMs);
  const currentBoard = board.data?.sessionId === sessionId ? board.data : undefined;
  const { remainingMs } = useTurnCountdown(currentBoard ?? session ?? NO_CLOCK);
  useRefreshBidStatusOnTurnChange(
    isFollowedLive || bidStatus.data === undefined
      ? undefined
      : currentBoard === undefined
        ? session
        : {
            id: currentBoard.sessionId,
            status: currentBoard.status,
            currentParticipant: currentBoard.currentParticipant,
          },
  );

  const view: DashboardSession | undefined =
    bidStatus.data === undefined
      ? undefined
      : describeDashboardSession({
          bidStatus: bidStatus.data,
          board: currentBoard,
          participation: participation.data,
          memberId: me.id,
          holderRemainingMs: remainingMs,
        });

  return {
    view,
    /** The turn's time left, ticking (frozen while paused); null when no turn runs. */
    remainingMs,
    isPending: bidStatus.isPending,
    isError: bidStatus.isError,
    error: bidStatus.error,
    isFetching: bidStatus.isFetching || board.isFetching || participation.isFetching,
    refetch: () =>
      Promise.all([
        bidStatus.refetch(),
        sessionId === '' ? null : board.refetch(),
        participationId === '' ? null : participation.refetch(),
      ]),
  };
}
