/**
 * The Admin Session Control (bidding-rules.md, "Session lifecycle"): the live view of the session under way (or
 * the next scheduled one). It follows the session's shared board (docs/decisions/012-session-board.md),
 * patched from the live stream without a request and polled every 2 seconds only while the stream
 * is down. It shows who holds the turn and who is next (their full entries, a one-row read each when
 * the turn moves), the turn's countdown (coloured at 3 minutes, 1 minute and 0), the progress and a
 * banner while paused, and lets the administrator pause, resume, move the turn holder to the back,
 * end the session, or bid for the turn holder by phone. Below the turn, the next ten in the queue:
 * who is online and how their turn notices went (next-in-queue-panel.tsx), and the session's
 * delivery log. Start asks first, with the start check. When the page asks (`scrollIntoView`, after a
 * start), the panel scrolls into view and takes focus: on a phone it sits above a long list of cards.
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
import { type BidSession, type BoardParticipant, plural, type SessionBoard, TIMERS } from '@stationbid/domain';
import {
  IconAlertTriangle,
  IconArrowDownBar,
  IconMailCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { useIsLiveConnected, useLiveSession } from '../../../lib/live-events.ts';
import { formatDateTime, formatSeat } from '../../../lib/session-format.ts';
import { updateListedSession, useSessionBoardQuery } from '../../../lib/session-queries.ts';
import { formatCountdown, isFinalMinute } from '../../../lib/turn-countdown.ts';
import { useTurnCountdown } from '../../../lib/use-turn-countdown.ts';
import { ChatWidget } from '../../chat/index.ts';
import { useParticipantAtQuery } from '../api/bid-session-queries.ts';
import { useSessionAction } from '../api/run-session-action.ts';
import { useExpiryCheck } from '../hooks/use-expiry-check.ts';
import { getSessionActions } from '../utils/session-actions.ts';
import { getSessionProgress } from '../utils/session-format.ts';
import { DeliveryLogModal } from './delivery-log-modal.tsx';
import { type DeliveryLogSubject, NextInQueuePanel } from './next-in-queue-panel.tsx';
import { PhoneInBidForm } from './phone-in-bid-form.tsx';
import { SessionStatusBadge } from './session-status-badge.tsx';
import { StartSessionDialog } from './start-session-dialog.tsx';

function getPollInterval(status: BidSession['status']): number | false {
  if (status === 'active' || status === 'paused') return TIMERS.adminExpirationPollMs;
  // A scheduled session starts by itself: look now and then so the panel follows.
  return status === 'scheduled' ? TIMERS.liveRefreshMs : false;
}

/** The list's copy of a session with what the board knows newer: its status, turn and progress. */
function withBoardFacts(session: BidSession, board: SessionBoard): BidSession {
  return {
    ...session,
    status: board.status,
    currentParticipant: board.currentParticipant,
    currentBidEnd: board.currentBidEnd,
    pausedRemainingSeconds: board.pausedRemainingSeconds,
    actualStart: board.actualStart,
    actualEnd: board.actualEnd,
    completedBids: board.counts.done,
    movedToBackCount: board.counts.movedToBack,
  };
}

interface AdminSessionControlProps {
  session: BidSession;
  /** True once, after a start: bring the panel into view and focus its heading. */
  scrollIntoView?: boolean;
  onScrolledIntoView?: () => void;
}

export function AdminSessionControl({
  session: listedSession,
  scrollIntoView = false,
  onScrolledIntoView,
}: AdminSessionControlProps) {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!scrollIntoView) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
    onScrolledIntoView?.();
  }, [scrollIntoView, onScrolledIntoView]);
  useLiveSession(listedSession.id);
  const isLive = useIsLiveConnected(listedSession.id);
  const boardQuery = useSessionBoardQuery(listedSession.id, isLive ? false : getPollInterval(listedSession.status));
  const board = boardQuery.data;

  // The session's card follows the board, so its status and progress never lag the panel.
  useEffect(() => {
    if (board === undefined) return;
    updateListedSession(queryClient, board.sessionId, (candidate) => withBoardFacts(candidate, board));
  }, [board, queryClient]);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="admin-session-control-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} size="h3" id="admin-session-control-title" ref={headingRef} tabIndex={-1}>
              Admin Session Control
            </Title>
            <Text size="sm" c="dimmed">
              {listedSession.name}
            </Text>
          </Stack>
          <SessionStatusBadge status={board?.status ?? listedSession.status} />
        </Group>
        {board !== undefined ? (
          <SessionControlBody
            board={board}
            sessionName={listedSession.name}
            canMoveToBack={getSessionActions({ status: board.status, type: listedSession.type }).canMoveToBack}
          />
        ) : boardQuery.isError ? (
          <LoadError
            title="Failed to load session data"
            error={boardQuery.error}
            onRetry={() => boardQuery.refetch()}
            isRetrying={boardQuery.isFetching}
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

type Confirmation = 'start' | 'end' | 'move-to-back' | null;

/** `canMoveToBack`: false for a vacancy bid, which has no back of the queue (the board does not say its type). */
function SessionControlBody({
  board,
  sessionName,
  canMoveToBack,
}: {
  board: SessionBoard;
  sessionName: string;
  canMoveToBack: boolean;
}) {
  const timeZone = useDepartmentTimeZone();
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [deliveryLog, setDeliveryLog] = useState<{ member: DeliveryLogSubject | null } | null>(null);
  const sessionAction = useSessionAction({ onSuccess: () => setConfirmation(null) });
  const pendingAction = sessionAction.isPending ? sessionAction.variables.action : null;
  const run = (action: 'start' | 'pause' | 'resume' | 'end' | 'move-to-back') =>
    sessionAction.mutate({
      sessionId: board.sessionId,
      action,
      userId: action === 'move-to-back' ? (board.turn?.memberId ?? null) : null,
      sessionName,
      memberName: action === 'move-to-back' ? (board.turn?.name ?? null) : null,
    });
  const showNotices = (member: DeliveryLogSubject) => setDeliveryLog({ member });
  const deliveryLogModal = (
    <DeliveryLogModal
      session={deliveryLog === null ? null : { id: board.sessionId, name: sessionName }}
      member={deliveryLog?.member ?? null}
      onClose={() => setDeliveryLog(null)}
    />
  );

  if (board.status === 'scheduled' || board.status === 'draft') {
    return (
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">
            {board.scheduledStart === null
              ? 'Not started yet.'
              : `Starts by itself at ${formatDateTime(board.scheduledStart, { timeZone })}.`}{' '}
            {plural(board.counts.total, 'participant')} {board.counts.total === 1 ? 'is' : 'are'} waiting.
          </Text>
          <Button
            color="green"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={pendingAction === 'start'}
            onClick={() => setConfirmation('start')}
          >
            Start Now
          </Button>
        </Group>
        <NextInQueuePanel board={board} onShowNotices={showNotices} />
        <StartSessionDialog
          session={confirmation === 'start' ? { id: board.sessionId, name: sessionName } : null}
          isStarting={pendingAction === 'start'}
          onStart={() => run('start')}
          onClose={() => setConfirmation(null)}
        />
        {deliveryLogModal}
      </Stack>
    );
  }
  if (board.status === 'completed') {
    return <Text size="sm">This session has completed.</Text>;
  }

  const turnHolder = board.turn;
  const progress = getSessionProgress({ completedBids: board.counts.done, participantCount: board.counts.total });
  const isPaused = board.status === 'paused';
  const isBusy = pendingAction !== null;

  return (
    <Stack gap="md">
      <ChatWidget sessionId={board.sessionId} />
      <TurnOverview board={board} />

      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">Progress</Text>
          <Text size="sm" fw={600}>
            {progress.completed} of {progress.total} participants done
          </Text>
        </Group>
        <Progress value={progress.percent} aria-label={`${board.name} progress`} />
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
        {canMoveToBack && (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconArrowDownBar size={16} aria-hidden />}
            disabled={turnHolder === null || isBusy}
            onClick={() => setConfirmation('move-to-back')}
          >
            Move to Back
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} aria-hidden />}
          disabled={isBusy}
          onClick={() => setConfirmation('end')}
        >
          End Session
        </Button>
        <Button
          variant="default"
          leftSection={<IconMailCheck size={16} aria-hidden />}
          onClick={() => setDeliveryLog({ member: null })}
        >
          Delivery Log
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
              key={`${turnHolder.participantId}:${board.currentParticipant}`}
              board={board}
              turnHolder={turnHolder}
            />
          </Stack>
        </Paper>
      )}

      <NextInQueuePanel board={board} onShowNotices={showNotices} />
      {deliveryLogModal}

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
            : `Move ${turnHolder.name} to the back of the queue? The next member's turn begins at once, and ${firstNameOf(turnHolder)} gets a shorter second chance (${board.autoAssignTimeout} min) when the queue comes round.`}
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
          End {board.name} now? Members who have not had their turn keep the seat they hold and are listed as Not
          Assigned. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Who bids now, for how long, and who comes next; the paused banner when the clock is stopped. */
function TurnOverview({ board }: { board: SessionBoard }) {
  const { clock, remainingMs } = useTurnCountdown(board);
  useExpiryCheck(board.sessionId, clock.kind === 'running' ? clock.deadlineMs : null, remainingMs);
  const isPaused = board.status === 'paused';

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
        <ParticipantPanel
          label="Current participant"
          sessionId={board.sessionId}
          participant={board.turn}
          emptyText="Nobody holds the turn."
        />
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
          sessionId={board.sessionId}
          participant={board.upcoming[0] ?? null}
          emptyText="Nobody: this is the last turn."
        />
      </SimpleGrid>
    </Stack>
  );
}

/** "Elena" of "Elena Ramirez": the board names a participant by their full name only. */
function firstNameOf(participant: BoardParticipant): string {
  return participant.name.split(' ')[0] ?? participant.name;
}

/**
 * A participant the board names, with their employee ID and the seat they hold from their full entry
 * (read once per participant named here); the board's facts show at once, the rest when it arrives.
 */
function ParticipantPanel({
  label,
  sessionId,
  participant,
  emptyText,
}: {
  label: string;
  sessionId: string;
  participant: BoardParticipant | null;
  emptyText: string;
}) {
  const entry = useParticipantAtQuery(sessionId, participant).data ?? null;
  const seat = entry === null ? null : formatSeat(entry.currentStation, entry.currentShift, entry.currentPosition);
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
            <Text fw={700}>{participant.name}</Text>
            {participant.movedToBack && (
              <Badge size="xs" color="orange" variant="light">
                Second chance
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {participant.rank} · Priority #{participant.bidPriority}
            {entry === null ? '' : ` · ${entry.user.employeeId}`}
          </Text>
          {entry !== null && (
            <Text size="xs" c="dimmed">
              Holds now: {seat ?? 'no seat'}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function TurnCountdown({ remainingMs, isFrozen }: { remainingMs: number; isFrozen: boolean }) {
  return (
    <Stack gap={2}>
      {/* The shared countdown: its tones keep AA contrast in both schemes (Mantine's yellow.9 was under 3:1). */}
      <CountdownText remainingMs={remainingMs} isPaused={isFrozen} size="32px" />
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
