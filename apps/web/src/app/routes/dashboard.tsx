/**
 * The member's home page (/dashboard): who they are, their session (their turn, or their place and
 * the wait as a range), their figures, the session's terms, notifications, activity and shortcuts.
 * Every card about the session shows one truth, worked out once (useDashboardSession) from the
 * member's bid status, the session's board and their own place. The session is followed on the live
 * stream, so a turn or a pause shows at once; the 10-second polls run only while the stream is down
 * or no session exists yet. The system's health is for administrators (their dashboard).
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
  NotificationsCard,
  QuickActionsCard,
  RecentActivityCard,
  SessionBanner,
  StatCards,
  useDashboardSession,
  WelcomeBanner,
} from '../../features/dashboard/index.ts';
import { useNow } from '../../hooks/use-now.ts';

function DashboardPage() {
  const user = useCurrentUser();
  const [isFollowedLive, setIsFollowedLive] = useState(false);
  const session = useDashboardSession({ isFollowedLive });
  const view = session.view;
  // Followed while it may still change; once it has ended, the polls look for the next one.
  const followedSessionId =
    view === undefined || view.kind === 'none' || view.kind === 'ended' ? null : view.session.id;
  // "5m ago" ages while the page stays open.
  const nowMs = useNow(TIMERS.liveRefreshMs);

  return (
    <Stack gap="md">
      <PageTitle>Dashboard</PageTitle>
      {followedSessionId !== null && (
        <FollowSessionLive key={followedSessionId} sessionId={followedSessionId} onLiveChange={setIsFollowedLive} />
      )}
      <WelcomeBanner user={user} />
      {session.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading bid sessions" />
      ) : view === undefined ? (
        <LoadError
          title="Failed to load current bid session"
          error={session.error}
          onRetry={() => session.refetch()}
          isRetrying={session.isFetching}
        />
      ) : (
        <SessionBanner view={view} remainingMs={session.remainingMs} />
      )}
      <StatCards user={user} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CurrentBidStatusCard
          view={view}
          error={session.error}
          isFetching={session.isFetching}
          onRefresh={() => void session.refetch()}
        />
        <NotificationsCard nowMs={nowMs} />
        <RecentActivityCard nowMs={nowMs} />
        <QuickActionsCard />
      </SimpleGrid>
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { DashboardPage as Component };
