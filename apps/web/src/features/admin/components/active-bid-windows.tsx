import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { BidSession, SessionBoard } from '@stationbid/domain';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { paths } from '../../../config/paths.ts';
import { getParticipantName } from '../../../lib/session-format.ts';
import { useSessionBoardQuery } from '../../../lib/session-queries.ts';
import { useTurnCountdown } from '../../../lib/use-turn-countdown.ts';
import { getSessionProgress, SessionStatusBadge, useSessionAction } from '../../session-admin/index.ts';
import type { useRunningSessionsQuery } from '../api/get-running-sessions.ts';

/** The turn's time left on the server's clock, "Expired" once past, frozen while paused. */
function TurnCountdown({ session }: { session: Parameters<typeof useTurnCountdown>[0] }) {
  const { remainingMs } = useTurnCountdown(session);
  if (remainingMs === null) {
    return (
      <Text size="sm" c="dimmed">
        No turn running
      </Text>
    );
  }
  // The shared countdown: its tones keep 4.5:1 in both colour schemes, and its words say the time.
  return (
    <div>
      <CountdownText remainingMs={remainingMs} isPaused={session.status === 'paused'} size="lg" />
    </div>
  );
}

/** One running session: who holds the turn, their time, progress, and Pause or Resume. */
function BidWindow({ session: listed }: { session: BidSession }) {
  const titleId = useId();
  const sessionAction = useSessionAction();
  // The list is read on status changes only; the turn, its clock and the counts come from the board,
  // which the page's live stream patches after every step.
  const board = useSessionBoardQuery(listed.id).data;
  const session = board === undefined ? listed : { ...listed, ...boardFacts(board) };
  const isPaused = session.status === 'paused';
  const progress =
    board === undefined ? getSessionProgress(listed) : { completed: board.counts.done, total: board.counts.total };
  const turnHolder =
    board === undefined
      ? listed.currentTurn === null
        ? null
        : { name: getParticipantName(listed.currentTurn), rank: listed.currentTurn.user.rank }
      : board.turn;

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>
            {session.name}
          </Title>
          <SessionStatusBadge status={session.status} />
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
          <div>
            <Text size="xs" c="dimmed">
              Current turn
            </Text>
            <Text size="sm" fw={600}>
              {turnHolder === null ? 'Nobody' : `${turnHolder.name} (${turnHolder.rank})`}
            </Text>
          </div>
          <TurnCountdown session={session} />
        </Group>
        <Text size="xs" c="dimmed">
          {progress.completed} of {progress.total} participants done
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            color={isPaused ? 'green' : 'yellow'}
            leftSection={
              isPaused ? <IconPlayerPlay size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />
            }
            loading={sessionAction.isPending}
            onClick={() =>
              sessionAction.mutate({
                sessionId: session.id,
                action: isPaused ? 'resume' : 'pause',
                sessionName: session.name,
              })
            }
            aria-label={`${isPaused ? 'Resume' : 'Pause'} ${session.name}`}
          >
            {isPaused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={paths.admin.bidSessions}
            aria-label={`Open the control panel of ${session.name}`}
          >
            Control Panel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What the board knows newer than the list: status and the turn's clock. */
function boardFacts(board: SessionBoard) {
  return {
    status: board.status,
    currentBidEnd: board.currentBidEnd,
    pausedRemainingSeconds: board.pausedRemainingSeconds,
    currentTurn: null,
  };
}

/** Every active or paused session with its turn and countdown. */
export function ActiveBidWindows({ sessions }: { sessions: ReturnType<typeof useRunningSessionsQuery> }) {
  return (
    <SectionCard title="Active Bid Windows">
      {sessions.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading bid sessions" />
      ) : sessions.isError ? (
        <LoadError
          title="Failed to load active sessions"
          error={sessions.error}
          onRetry={() => sessions.refetch()}
          isRetrying={sessions.isFetching}
        />
      ) : sessions.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Active Sessions
        </Text>
      ) : (
        <Stack gap="sm">
          {sessions.data.map((session) => (
            <BidWindow key={session.id} session={session} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
