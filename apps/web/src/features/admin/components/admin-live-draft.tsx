import { Center, Loader } from '@mantine/core';
import { TIMERS } from '@stationbid/domain';
import { LoadError } from '../../../components/load-error.tsx';
import { useSessionBoardQuery, useSessionHistoryQuery } from '../../../lib/session-queries.ts';
import { LiveDraftView } from '../../session-room/index.ts';

/**
 * The live draft of one running session, in admin mode, from its board and history. The page
 * follows the session on the live stream, whose events patch both; they poll every 30 seconds
 * (TIMERS.liveRefreshMs) only while the stream is down.
 */
export function AdminLiveDraft({ sessionId, isFollowedLive }: { sessionId: string; isFollowedLive: boolean }) {
  const pollIntervalMs = isFollowedLive ? false : TIMERS.liveRefreshMs;
  const session = useSessionBoardQuery(sessionId, pollIntervalMs);
  const history = useSessionHistoryQuery(sessionId, pollIntervalMs, true);

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
  return <LiveDraftView board={session.data} history={history.data} isAdmin />;
}
