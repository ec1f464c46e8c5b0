/**
 * The administrators' home page (/admin/dashboard): the system's health, six
 * figures counted by the server, every running session's turn and countdown with Pause/Resume, the
 * live draft of the first running session, shortcuts and the data export, who is online and what
 * happened lately, and a warning while the department's time zone or e-mail is not set (both are
 * on Department Settings, with the rotation and the record-signing key). Each card loads on its
 * own, so one failed call leaves the rest. Running sessions are followed on the live stream, and
 * each of their steps refreshes the figures and activity too.
 */
import { Box, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { TIMERS } from '@stationbid/domain';
import { IconArrowDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  ActiveBidWindows,
  AdminActivityCard,
  AdminLiveDraft,
  AdminQuickActions,
  AdminStatTiles,
  DepartmentSettingsWarning,
  MessageDeliveryCard,
  OnlineUsersCard,
  onAdminDashboardSessionStep,
  useRunningSessionsQuery,
} from '../../../features/admin/index.ts';
import { SystemStatusCard } from '../../../features/dashboard/index.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';

/**
 * Follows one session on the tab's live stream: its board is patched from each step, and the
 * dashboard's own figures and activity (counted by the server across sessions) are read again. Only
 * administrators open this page, a handful of tabs, so that read per step costs little.
 */
function FollowSessionLive({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  useLiveSession(sessionId, {
    onEvent: (event) => {
      if (event.type === 'session.changed') void onAdminDashboardSessionStep(queryClient);
    },
  });
  return null;
}

function AdminDashboardPage() {
  const liveDraftRef = useRef<HTMLDivElement>(null);
  const isMotionReduced = useReducedMotion();
  const sessions = useRunningSessionsQuery();
  // The first active session, else the first paused one (the list is newest first).
  const draftSession = sessions.data?.find((session) => session.status === 'active') ?? sessions.data?.[0];
  const draftSessionId = draftSession?.id ?? null;
  const isDraftFollowedLive = useIsLiveConnected(draftSessionId ?? undefined) && draftSessionId !== null;
  // "5m ago" ages while the page stays open.
  const nowMs = useNow(TIMERS.liveRefreshMs);

  const showLiveDraft = () => {
    liveDraftRef.current?.scrollIntoView({ behavior: isMotionReduced ? 'auto' : 'smooth', block: 'start' });
    liveDraftRef.current?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <PageTitle>Admin Dashboard</PageTitle>
        {draftSessionId !== null && (
          <Button variant="light" leftSection={<IconArrowDown size={16} aria-hidden />} onClick={showLiveDraft}>
            View Live Draft
          </Button>
        )}
      </Group>
      <DepartmentSettingsWarning />
      {sessions.data?.map((session) => (
        <FollowSessionLive key={session.id} sessionId={session.id} />
      ))}
      <AdminStatTiles />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ActiveBidWindows sessions={sessions} />
        <Stack gap="md">
          <SystemStatusCard />
          <MessageDeliveryCard nowMs={nowMs} />
        </Stack>
      </SimpleGrid>
      {draftSessionId !== null && (
        // Focusable so that View Live Draft moves keyboard and screen-reader users there too.
        <Box ref={liveDraftRef} tabIndex={-1} style={{ scrollMarginTop: 72, outline: 'none' }}>
          <AdminLiveDraft sessionId={draftSessionId} isFollowedLive={isDraftFollowedLive} />
        </Box>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <AdminQuickActions />
        <OnlineUsersCard nowMs={nowMs} />
        <AdminActivityCard nowMs={nowMs} />
      </SimpleGrid>
    </Stack>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { AdminDashboardPage as Component };
