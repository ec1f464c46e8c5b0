/**
 * The Admin Session Control (spec sections 2, 4 and 9): the live view of the session under way (or
 * the next scheduled one), polled every 2 seconds while it runs. It shows who holds the turn and who
 * is next, the turn's countdown (coloured at 3 minutes, 1 minute and 0), the progress and a banner
 * while paused, and lets the administrator pause, resume, move the turn holder to the back, end the
 * session, or bid for the turn holder by phone.
 */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type BidSession, type BidSessionDetail, type Participant, TIMERS } from '@stationbid/domain';
import {
  IconAlertTriangle,
  IconArrowDownBar,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { formatDateTime, formatSeat, getParticipantName } from '../../../lib/session-format.ts';
import { describeCountdown, formatCountdown, getCountdownTone, isFinalMinute } from '../../../lib/turn-countdown.ts';
import { useTurnCountdown } from '../../../lib/use-turn-countdown.ts';
import { ChatWidget } from '../../chat/components/chat-widget.tsx';
import { bidSessionListQueryKey } from '../api/bid-session-query-keys.ts';
import { useBidSessionQuery } from '../api/get-bid-session.ts';
import { useSessionAction } from '../api/run-session-action.ts';
import { useExpiryCheck } from '../hooks/use-expiry-check.ts';
import { getSessionProgress } from '../utils/session-format.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { PhoneInBidForm } from './phone-in-bid-form.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';

function getPollInterval(status: BidSession['status']): number | false {
  if (status === 'active' || status === 'paused') return TIMERS.adminExpirationPollMs;
  // A scheduled session starts by itself: look now and then so the panel follows.
  return status === 'scheduled' ? TIMERS.liveRefreshMs : false;
}

/** The list's copy of a session, without the detail's participants and stations. */
function toListSession({
  participants: _participants,
  availableStations: _stations,
  ...session
}: BidSessionDetail): BidSession {
  return session;
}

export function AdminSessionControl({ session: listedSession }: { session: BidSession }) {
  const queryClient = useQueryClient();
  // The live stream refetches the session after every step; polling only covers for it while it is down.
  useLiveSession(listedSession.id);
  const isLive = useIsLiveConnected(listedSession.id);
  const sessionQuery = useBidSessionQuery(listedSession.id, {
    refetchInterval: isLive ? false : getPollInterval(listedSession.status),
  });
  const session = sessionQuery.data;

  // Each poll also refreshes the session's card, so its status and progress never lag the panel.
  useEffect(() => {
    if (session === undefined) return;
    queryClient.setQueryData<BidSession[]>(bidSessionListQueryKey, (sessions) =>
      sessions?.map((candidate) => (candidate.id === session.id ? toListSession(session) : candidate)),
    );
  }, [session, queryClient]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="admin-session-control-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} size="h3" id="admin-session-control-title">
              Admin Session Control
            </Title>
            <Text size="sm" c="dimmed">
              {listedSession.name}
            </Text>
          </Stack>
          <SessionStatusBadge status={session?.status ?? listedSession.status} />
        </Group>
        {session !== undefined ? (
          <SessionControlBody session={session} />
        ) : sessionQuery.isError ? (
          <LoadError
            title="Failed to load session data"
            error={sessionQuery.error}
            onRetry={() => sessionQuery.refetch()}
            isRetrying={sessionQuery.isFetching}
          />
        ) : (
          <Center py="md">
            <Loader role="status" aria-label="Loading session control" size="sm" />
          </Center>
        )}
      </Stack>
    </Paper>
  );
}

type Confirmation = 'end' | 'move-to-back' | null;

function SessionControlBody({ session }: { session: BidSessionDetail }) {
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const sessionAction = useSessionAction({ onSuccess: () => setConfirmation(null) });
  const pendingAction = sessionAction.isPending ? sessionAction.variables.action : null;
  const run = (action: 'start' | 'pause' | 'resume' | 'end' | 'move-to-back') =>
    sessionAction.mutate({
      sessionId: session.id,
      action,
      userId: action === 'move-to-back' ? (session.currentTurn?.user.id ?? null) : null,
    });

  if (session.status === 'scheduled' || session.status === 'draft') {
    return (
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {session.scheduledStart === null
            ? 'Not started yet.'
            : `Starts by itself at ${formatDateTime(session.scheduledStart)}.`}{' '}
          {session.participantCount} participants are waiting.
        </Text>
        <Button
          color="green"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={pendingAction === 'start'}
          onClick={() => run('start')}
        >
          Start Now
        </Button>
      </Group>
    );
  }
  if (session.status === 'completed') {
    return <Text size="sm">This session has completed.</Text>;
  }

  const turnHolder = session.currentTurn;
  const progress = getSessionProgress(session);
  const isPaused = session.status === 'paused';
  const isBusy = pendingAction !== null;

  return (
    <Stack gap="md">
      <ChatWidget sessionId={session.id} />
      <TurnOverview session={session} />

      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">Progress</Text>
          <Text size="sm" fw={600}>
            {progress.completed} of {progress.total} participants done
          </Text>
        </Group>
        <Progress value={progress.percent} aria-label={`${session.name} progress`} />
      </Stack>

      <Group gap="sm" wrap="wrap">
        <Button
          color="yellow"
          leftSection={<IconPlayerPause size={16} aria-hidden />}
          disabled={isPaused || (isBusy && pendingAction !== 'pause')}
          loading={pendingAction === 'pause'}
          onClick={() => run('pause')}
        >
          Pause
        </Button>
        <Button
          color="green"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          disabled={!isPaused || (isBusy && pendingAction !== 'resume')}
          loading={pendingAction === 'resume'}
          onClick={() => run('resume')}
        >
          Resume
        </Button>
        <Button
          variant="light"
          color="orange"
          leftSection={<IconArrowDownBar size={16} aria-hidden />}
          disabled={turnHolder === null || isBusy}
          onClick={() => setConfirmation('move-to-back')}
        >
          Move to Back
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} aria-hidden />}
          disabled={isBusy}
          onClick={() => setConfirmation('end')}
        >
          End Session
        </Button>
      </Group>

      {turnHolder !== null && (
        <Paper withBorder p="sm" component="section" aria-labelledby="phone-in-bid-title">
          <Stack gap="xs">
            <Title order={3} size="h5" id="phone-in-bid-title">
              Phone-in bid
            </Title>
            {/* A fresh form for each turn: a choice made for one member never carries to the next. */}
            <PhoneInBidForm
              key={`${turnHolder.id}:${session.currentParticipant}`}
              session={session}
              turnHolder={turnHolder}
            />
          </Stack>
        </Paper>
      )}

      <ConfirmDialog
        opened={confirmation === 'move-to-back'}
        title="Move to Back of Queue"
        confirmLabel="Move to Back"
        confirmColor="orange"
        isPending={pendingAction === 'move-to-back'}
        onConfirm={() => run('move-to-back')}
        onClose={() => setConfirmation(null)}
      >
        <Text>
          {turnHolder === null
            ? 'Nobody holds the turn right now.'
            : `Move ${getParticipantName(turnHolder)} to the back of the queue? The next member's turn begins at once, and ${turnHolder.user.firstName} gets a shorter second chance (${session.autoAssignTimeout} min) when the queue comes round.`}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmation === 'end'}
        title="End Bid Session"
        confirmLabel="End Session"
        isPending={pendingAction === 'end'}
        onConfirm={() => run('end')}
        onClose={() => setConfirmation(null)}
      >
        <Text>
          End {session.name} now? Members who have not had their turn keep the seat they hold and are listed as Not
          Assigned. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Who bids now, for how long, and who comes next; the paused banner when the clock is stopped. */
function TurnOverview({ session }: { session: BidSessionDetail }) {
  const { clock, remainingMs } = useTurnCountdown(session);
  useExpiryCheck(session.id, clock.kind === 'running' ? clock.deadlineMs : null, remainingMs);
  const turnHolder = session.currentTurn;
  const isPaused = session.status === 'paused';

  return (
    <Stack gap="sm">
      {isPaused && (
        <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />} title="Session paused">
          {remainingMs === null
            ? 'No turn is running. Resume to go on.'
            : `The clock is stopped with ${formatCountdown(remainingMs)} left in the turn. Resume gives back this time, and never less than 1 minute.`}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <ParticipantPanel label="Current participant" participant={turnHolder} emptyText="Nobody holds the turn." />
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            Time left
          </Text>
          {remainingMs === null ? (
            <Text size="sm">No turn is running.</Text>
          ) : (
            <TurnCountdown remainingMs={remainingMs} isFrozen={isPaused} />
          )}
        </Paper>
        <ParticipantPanel
          label="Next up"
          participant={session.nextParticipant}
          emptyText="Nobody: this is the last turn."
        />
      </SimpleGrid>
    </Stack>
  );
}

function ParticipantPanel({
  label,
  participant,
  emptyText,
}: {
  label: string;
  participant: Participant | null;
  emptyText: string;
}) {
  const seat =
    participant === null
      ? null
      : formatSeat(participant.currentStation, participant.currentShift, participant.currentPosition);
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {participant === null ? (
        <Text size="sm">{emptyText}</Text>
      ) : (
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={700}>{getParticipantName(participant)}</Text>
            {participant.movedToBack && (
              <Badge size="xs" color="orange" variant="light">
                Second chance
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {participant.user.rank} · Priority #{participant.bidPriority} · {participant.user.employeeId}
          </Text>
          <Text size="xs" c="dimmed">
            Holds now: {seat ?? 'no seat'}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

// The darker shades keep the figures readable on white (at least 3:1 for large text).
const TONE_COLORS = { green: 'green.9', yellow: 'yellow.9', orange: 'orange.9', red: 'red.8' } as const;

function TurnCountdown({ remainingMs, isFrozen }: { remainingMs: number; isFrozen: boolean }) {
  const tone = getCountdownTone(remainingMs);
  return (
    <Stack gap={2}>
      <Text
        role="timer"
        aria-label={`${describeCountdown(remainingMs)}${isFrozen ? ', paused' : ''}`}
        fz={32}
        fw={700}
        c={TONE_COLORS[tone]}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatCountdown(remainingMs)}
      </Text>
      {/* Always present, so the warning is announced when it appears, and only then. */}
      <div role="status">
        {isFrozen ? (
          <Text size="xs">Paused</Text>
        ) : remainingMs <= 0 ? (
          <Text size="xs">Moving on to the next turn…</Text>
        ) : (
          isFinalMinute(remainingMs) && (
            <Group gap={4} c="orange.9">
              <IconAlertTriangle size={14} aria-hidden />
              <Text size="xs" fw={600}>
                Less than a minute left
              </Text>
            </Group>
          )
        )}
      </div>
    </Stack>
  );
}
