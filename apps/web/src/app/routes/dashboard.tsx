/**
 * The member's home page (/dashboard): who they are, the running session and their
 * turn, their figures, their session, notifications, activity, shortcuts and the system's health.
 * Each card loads on its own, so one failed call shows its own Try Again and leaves the rest. The
 * session is followed on the live stream, so a turn reaching the member shows at once; the 10-second
 * polls (TIMERS.liveRefreshMs) run only while the stream is down or no session exists yet.
 */
import { Loader, SimpleGrid, Stack } from '@mantine/core';
import { TIMERS } from '@stationbid/domain';
import { useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentUser } from '../../features/auth/index.ts';
import {
  CurrentBidStatusCard,
  FollowSessionLive,
  isRunningSession,
  NotificationsCard,
  QuickActionsCard,
  RecentActivityCard,
  SessionBanner,
  StatCards,
  SystemStatusCard,
  TurnBanner,
  useBidStatusQuery,
  useCurrentBidSessionQuery,
  useRefreshBidStatusOnTurnChange,
  WelcomeBanner,
} from '../../features/dashboard/index.ts';
import { useNow } from '../../hooks/use-now.ts';

function DashboardPage() {
  const user = useCurrentUser();
  const [isFollowedLive, setIsFollowedLive] = useState(false);
  const currentSession = useCurrentBidSessionQuery({ isFollowedLive });
  const bidStatus = useBidStatusQuery({ isFollowedLive });
  // Active, paused or scheduled: a scheduled session's start arrives on the stream as well.
  const followedSessionId = currentSession.data?.session?.id ?? null;
  const runningSession =
    currentSession.data?.session != null && isRunningSession(currentSession.data.session.status)
      ? currentSession.data.session
      : null;
  useRefreshBidStatusOnTurnChange(currentSession.data === undefined ? undefined : runningSession);

  const turnSession = bidStatus.data?.isUserTurn === true ? bidStatus.data.session : null;
  // "5m ago" ages while the page stays open.
  const nowMs = useNow(TIMERS.liveRefreshMs);

  return (
    <Stack gap="md">
      <PageTitle>Dashboard</PageTitle>
      {followedSessionId !== null && (
        <FollowSessionLive key={followedSessionId} sessionId={followedSessionId} onLiveChange={setIsFollowedLive} />
      )}
      <WelcomeBanner user={user} />
      {turnSession !== null && <TurnBanner session={turnSession} />}
      {currentSession.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading bid sessions" />
      ) : currentSession.isError ? (
        <LoadError
          title="Failed to load current bid session"
          error={currentSession.error}
          onRetry={() => currentSession.refetch()}
          isRetrying={currentSession.isFetching}
        />
      ) : (
        <SessionBanner session={runningSession} />
      )}
      <StatCards user={user} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CurrentBidStatusCard isFollowedLive={isFollowedLive} />
        <NotificationsCard nowMs={nowMs} />
        <RecentActivityCard nowMs={nowMs} />
        <QuickActionsCard />
        <SystemStatusCard />
      </SimpleGrid>
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { DashboardPage as Component };
