/**
 * The member's live bidding page, /live-bid/:sessionId (issues 5 and 15): the
 * session's status, the "on the clock" header (who holds the turn, the countdown, how far away the
 * member's own turn is), on the member's turn the one bid action (their ranked list, another free
 * seat, Bid, Skip turn), the latest picks, the free seats (the shared Station Assignments panel with
 * its filters), the participants, who is connected, the session's facts and history, the chat, and
 * the Live Updates bell while the session is active. Everything shared comes from the session's board, which live events patch in place
 * (a bid by someone else costs no request); the member's own place comes from /my-participation.
 * Polling every 30 seconds (TIMERS.liveRefreshMs) covers only while the stream is down.
 */
import { Badge, Button, Center, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type Participant, type SessionBoard, TIMERS } from '@stationbid/domain';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { LazyChatWidget, preloadChatWidget } from '../../features/chat/index.ts';
import { LazyTurnNoticeSwitches } from '../../features/notifications/index.ts';
import {
  isUnknownSession,
  LazyLiveSidePanels,
  LazyParticipantsList,
  LazyStationAssignmentsPanel,
  type LiveUpdates,
  LiveUpdatesBell,
  preloadLiveSidePanels,
  preloadStationAssignmentsPanel,
  SessionNotFound,
  SessionTurnArea,
  type SessionTurnAreaProps,
  toAssignmentStations,
  useJoinLiveSession,
  useLiveUpdates,
} from '../../features/session-room/index.ts';
import { useIsLiveConnected, useLiveSession } from '../../lib/live-events.ts';
import { SESSION_STATUS_COLORS, SESSION_STATUS_LABELS } from '../../lib/session-format.ts';
import {
  sessionListQueryOptions,
  useMyParticipationQuery,
  useSessionBoardQuery,
  useSessionHistoryQuery,
} from '../../lib/session-queries.ts';

function LiveBidPage() {
  const { sessionId = '' } = useParams();
  const me = useCurrentUser();
  const liveUpdates = useLiveUpdates();
  useLiveSession(sessionId, { onEvent: liveUpdates.addEvent, memberId: me.id });
  const isLive = useIsLiveConnected(sessionId);
  const pollIntervalMs = isLive ? false : TIMERS.liveRefreshMs;
  const sessionQuery = useSessionBoardQuery(sessionId, pollIntervalMs);
  const participationQuery = useMyParticipationQuery(sessionId, pollIntervalMs);
  // The stations panel, the side column and the chat are loaded on demand (the page's first load
  // stays within issue 14's budget); fetching their code while the session is read means they are
  // normally there when the board is.
  useEffect(() => {
    preloadStationAssignmentsPanel();
    preloadLiveSidePanels();
    preloadChatWidget();
  }, []);

  // The page waits for the member's own place too, so it never shows them as a mere watcher first.
  if (sessionQuery.data !== undefined && !participationQuery.isPending) {
    return (
      <LiveBidView
        board={sessionQuery.data}
        myEntry={participationQuery.data?.participant ?? null}
        serverPeopleAhead={participationQuery.data?.peopleAhead ?? null}
        ownRules={participationQuery.data ?? null}
        pollIntervalMs={pollIntervalMs}
        liveUpdates={liveUpdates}
      />
    );
  }
  if (sessionQuery.isError && isUnknownSession(sessionQuery.error)) return <SessionNotFound />;
  if (sessionQuery.isError) {
    return (
      <Stack gap="md">
        <PageTitle>Live Bidding</PageTitle>
        <LoadError
          title="Failed to load session data"
          error={sessionQuery.error}
          onRetry={() => sessionQuery.refetch()}
          isRetrying={sessionQuery.isFetching}
        />
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading session" />
    </Center>
  );
}

interface LiveBidViewProps {
  board: SessionBoard;
  myEntry: Participant | null;
  serverPeopleAhead: number | null;
  /** The member's own round and certifications, from their own place. */
  ownRules: SessionTurnAreaProps['ownRules'];
  pollIntervalMs: number | false;
  liveUpdates: LiveUpdates;
}

function LiveBidView({ board, myEntry, serverPeopleAhead, ownRules, pollIntervalMs, liveUpdates }: LiveBidViewProps) {
  const session = { id: board.sessionId };
  const isParticipant = myEntry !== null;
  const historyQuery = useSessionHistoryQuery(session.id, pollIntervalMs, true);
  // The calendar days and the session's type: the board does not carry them, the (small) sessions list does.
  const datesQuery = useQuery(sessionListQueryOptions());
  const dates = datesQuery.data?.find((listed) => listed.id === session.id) ?? null;
  // The stations change only with an event: the panel's rows are not rebuilt on every render.
  const assignmentStations = useMemo(() => toAssignmentStations(board.stations), [board.stations]);

  const join = useJoinLiveSession();
  const hasJoined = useRef(false);
  useEffect(() => {
    if (!isParticipant || hasJoined.current) return;
    hasJoined.current = true;
    join.mutate(session.id);
  }, [isParticipant, session.id, join]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <SessionName name={board.name} />
          <Group gap="xs">
            <Badge
              color={SESSION_STATUS_COLORS[board.status]}
              variant="light"
              aria-label={`Status: ${SESSION_STATUS_LABELS[board.status]}`}
            >
              {SESSION_STATUS_LABELS[board.status]}
            </Badge>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {board.status === 'active' && <LiveUpdatesBell liveUpdates={liveUpdates} />}
          <Button component={Link} to={paths.bidding} variant="default" leftSection={<IconX size={16} aria-hidden />}>
            Close
          </Button>
        </Group>
      </Group>

      <SessionTurnArea board={board} myEntry={myEntry} serverPeopleAhead={serverPeopleAhead} ownRules={ownRules} />
      {isParticipant && board.status !== 'completed' && <LazyTurnNoticeSwitches />}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {/* A completed session has no seats left to choose: its results say who got which. */}
            {board.status !== 'completed' && (
              <LazyStationAssignmentsPanel stations={assignmentStations} sessionId={session.id} />
            )}
            <LazyParticipantsList sessionId={session.id} sessionStatus={board.status} total={board.counts.total} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LazyLiveSidePanels board={board} dates={dates} sessionType={dates?.type} history={historyQuery.data} />
        </Grid.Col>
      </Grid>

      <LazyChatWidget sessionId={session.id} />
    </Stack>
  );
}

/**
 * The session's name as the page's h1 and tab title, on one line (a long name ends in an ellipsis,
 * in full on hover), so on a phone the countdown below stays on the first screen.
 */
function SessionName({ name }: { name: string }) {
  useDocumentTitle(`${name} · StationBid`);
  return (
    <Title order={1} lineClamp={1} title={name} style={{ overflowWrap: 'anywhere' }}>
      {name}
    </Title>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { LiveBidPage as Component };
