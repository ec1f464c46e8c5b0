/**
 * The member's Bidding page, /bidding (issue 5). It centres on the first active or
 * paused session, else the next scheduled one (the server picks it in GET
 * /bid-sessions/current), follows it on the tab's live stream, and polls every 30 seconds only
 * while the stream is down (TIMERS.liveRefreshMs). At the top, the "on the clock" header and, on the
 * member's turn, their one bid action (session-turn-area.tsx). Every figure comes from the API; with no session: "No Active Bid Session" and Refresh. /bid/:sessionId (BidPage)
 * is the same page centred on the session named in the address, as links in notifications need.
 */
import { Badge, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type BidSession, TIMERS } from '@stationbid/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { SESSION_STATUS_COLORS, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { refreshBiddingPage } from '../../../lib/session-queries.ts';
import { NotificationsCard } from '../../dashboard/index.ts';
import { useBiddingSessionsQuery } from '../api/get-bidding-sessions.ts';
import { ActiveSessionsCard } from './active-sessions-card.tsx';
import { BiddingQuickActionsCard } from './bidding-quick-actions-card.tsx';
import { BiddingSessionView } from './bidding-session-view.tsx';
import { BiddingStatsCard } from './bidding-stats-card.tsx';

/** `focusedSession`: centre on this session rather than the one the server calls current. */
export function BiddingBoard({ focusedSession }: { focusedSession?: BidSession }) {
  const sessionsQuery = useBiddingSessionsQuery();
  const queryClient = useQueryClient();
  const [isRefreshing, setIsRefreshing] = useState(false);
  // "5m ago" on the notifications ages with this clock rather than with whatever re-renders the page.
  const nowMs = useNow(TIMERS.liveRefreshMs);

  // Everything the page shows is read again: the sessions, the followed session's queries, the
  // member's bids and notifications.
  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await refreshBiddingPage(queryClient);
    } finally {
      setIsRefreshing(false);
    }
  };

  const header = (status: BidSession['status'] | null, hasRefresh = true) => (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm" align="center">
        <PageTitle>Bidding</PageTitle>
        {status !== null && (
          <Badge
            color={SESSION_STATUS_COLORS[status]}
            variant="light"
            size="lg"
            aria-label={`Session status: ${SESSION_STATUS_LABELS[status]}`}
          >
            {SESSION_STATUS_LABELS[status]}
          </Badge>
        )}
      </Group>
      {hasRefresh && (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={refresh}
          loading={isRefreshing}
        >
          Refresh
        </Button>
      )}
    </Group>
  );

  if (sessionsQuery.isPending) {
    return (
      <Stack gap="md">
        {header(null)}
        <Center py="xl">
          <Loader role="status" aria-label="Loading bid sessions" />
        </Center>
      </Stack>
    );
  }
  if (sessionsQuery.isError) {
    return (
      <Stack gap="md">
        {header(null)}
        <LoadError
          title="Failed to load active sessions"
          error={sessionsQuery.error}
          onRetry={() => sessionsQuery.refetch()}
          isRetrying={sessionsQuery.isFetching}
        />
      </Stack>
    );
  }

  const centredSession = focusedSession ?? sessionsQuery.data.session;
  if (centredSession === null) {
    return (
      <Stack gap="md">
        {header(null, false)}
        <NoSessionNotice onRefresh={refresh} isRefreshing={isRefreshing} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <BiddingStatsCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <BiddingQuickActionsCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NotificationsCard nowMs={nowMs} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  return (
    <BiddingSessionView
      // A different centred session starts afresh: no selection, no open modal, no old notice.
      key={centredSession.id}
      initialSession={centredSession}
      renderHeader={header}
      sideCards={
        <>
          <ActiveSessionsCard sessions={sessionsQuery.data.sessions} />
          <BiddingStatsCard />
          <BiddingQuickActionsCard />
          <NotificationsCard nowMs={nowMs} />
        </>
      }
    />
  );
}

function NoSessionNotice({ onRefresh, isRefreshing }: { onRefresh: () => void; isRefreshing: boolean }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <Title order={2} size="h3">
          No Active Bid Session
        </Title>
        <Text c="gray.7" ta="center">
          No session is active, paused or scheduled right now. This page checks again every{' '}
          {TIMERS.liveRefreshMs / 1000} seconds.
        </Text>
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRefresh} loading={isRefreshing}>
          Refresh
        </Button>
      </Stack>
    </Paper>
  );
}
