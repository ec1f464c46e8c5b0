import { Center, Loader } from '@mantine/core';
import { TIMERS } from '@stationbid/domain';
import { LoadError } from '../../../components/load-error.tsx';
import { useBidSessionQuery } from '../../bid-sessions/api/get-bid-session.ts';
import { useSessionHistoryQuery } from '../../bid-sessions/api/get-session-history.ts';
import { LiveDraftView } from '../../session-views/components/live-draft-view.tsx';

/**
 * The live draft of one running session, in admin mode. The page follows the session on the live
 * stream, which refetches both queries after every step; they poll every 30 seconds (spec section 9)
 * only while the stream is down.
 */
export function AdminLiveDraft({ sessionId, isFollowedLive }: { sessionId: string; isFollowedLive: boolean }) {
  const session = useBidSessionQuery(sessionId, { refetchInterval: isFollowedLive ? false : TIMERS.liveRefreshMs });
  const history = useSessionHistoryQuery(sessionId);

  if (session.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" role="status" aria-label="Loading the live draft" />
      </Center>
    );
  }
  if (session.isError) {
    return (
      <LoadError
        title="Failed to load session data"
        error={session.error}
        onRetry={() => session.refetch()}
        isRetrying={session.isFetching}
      />
    );
  }
  return <LiveDraftView session={session.data} history={history.data} isAdmin />;
}
