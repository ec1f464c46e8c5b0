/**
 * The "on the clock" header at the top of the session room (issue 15): who holds the turn, the
 * countdown (its colour always carried by words too, the deadline and its time zone in a tooltip),
 * and for a participant one line about themselves: "You're on the clock", "3 turns away, about 12
 * minutes" (the queue and the pace of the last turns), or "Your seat: Station 4, B shift, Engineer".
 * It holds the page's one polite live region, which announces the start of the member's turn,
 * their award and the last minute. "Your turn" is said here and nowhere else on the page.
 */
import { Alert, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Participant, SessionBoard } from '@stationbid/domain';
import { IconPlayerPause } from '@tabler/icons-react';
import { useId } from 'react';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { formatDateTime } from '../../../lib/session-format.ts';
import { useTurnAnnouncements } from '../hooks/use-turn-announcements.ts';
import { describeParticipantStatus } from '../utils/live-bidding-format.ts';
import {
  countTurnsBeforeMyRound,
  describeCountdownTone,
  describeCurrentRound,
  describeDeadline,
  describeRoundWait,
  describeTurnsAway,
  estimateTurnPaceMs,
  estimateWaitMs,
  findMyAward,
} from '../utils/on-the-clock.ts';
import classes from './on-the-clock-header.module.css';

export interface OnTheClockHeaderProps {
  board: SessionBoard;
  /** The member's own entry, or null for a watcher (an administrator). */
  myEntry: Participant | null;
  /** Those still to bid before the member, the turn holder included (countPeopleAhead); null when unknown. */
  peopleAhead: number | null;
  remainingMs: number | null;
  isPaused: boolean;
  /** The member holds the turn and has not bid or skipped yet. */
  isTurnOpen: boolean;
  /** The member's turn ran out without a bid or skip of theirs (announced). */
  hasExpired?: boolean;
  /** The zone the deadline is shown in: the department's (lib/department-time-zone.ts). */
  timeZone: string;
  /** The member's round and the turns before it, as their own place last said; absent without rounds. */
  myRound?: MyRound | null;
}

/** The member's round as my-participation gives it. */
export interface MyRound {
  index: number;
  name: string;
  turnsBefore: number;
}

export function OnTheClockHeader({
  board,
  myEntry,
  peopleAhead,
  remainingMs,
  isPaused,
  isTurnOpen,
  hasExpired = false,
  timeZone,
  myRound = null,
}: OnTheClockHeaderProps) {
  const roundName = describeCurrentRound(board);
  const tipId = useId();
  const award = findMyAward(board, myEntry);
  const announcement = useTurnAnnouncements({ isTurnOpen, remainingMs, isPaused, award, hasExpired });
  const isRunning = board.status === 'active' || board.status === 'paused';
  const holdsTurn = isRunning && myEntry !== null && board.turn?.participantId === myEntry.id;
  const isMine = holdsTurn && isTurnOpen;
  const deadline = board.status === 'active' && board.currentBidEnd !== null ? board.currentBidEnd : null;
  const deadlineText = deadline === null ? null : describeDeadline(deadline, timeZone);

  return (
    <Paper
      component="section"
      aria-label="On the clock"
      withBorder
      p="md"
      radius="md"
      style={isMine ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} miw={0} flex="1 1 220px">
            <Text size="xs" tt="uppercase" fw={700} c="gray.7">
              On the clock{roundName === null ? '' : ` · ${roundName}`}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              {isMine && <span className={`${classes.dot} ${classes.pulse}`} aria-hidden />}
              <Title order={2} size="h3">
                {describeHolder(board, holdsTurn, isMine)}
              </Title>
            </Group>
            <MemberLine
              board={board}
              myEntry={myEntry}
              peopleAhead={peopleAhead}
              remainingMs={remainingMs}
              award={award}
              holdsTurn={holdsTurn}
              timeZone={timeZone}
              roundName={roundName}
              myRound={myRound}
            />
          </Stack>
          {isRunning && remainingMs !== null && (
            <Stack gap={0} align="flex-end">
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that the deadline's tooltip opens by keyboard and by a tap as well as by mouse */}
              <span className={classes.deadline} tabIndex={0} aria-describedby={tipId}>
                <CountdownText remainingMs={remainingMs} isPaused={isPaused} size="xl" />
                <span role="tooltip" id={tipId} className={classes.tip}>
                  {deadlineText ?? 'The clock is stopped while the session is paused'}
                </span>
              </span>
              <Text size="sm" fw={600}>
                {describeCountdownTone(remainingMs, isPaused)}
              </Text>
            </Stack>
          )}
        </Group>
        {board.status === 'paused' && (
          <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />} title="Session paused">
            The clock is frozen until the administrator resumes the session. Bids and skips wait until then.
          </Alert>
        )}
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}

/** Who holds the turn, or where the session stands when no one does. */
function describeHolder(board: SessionBoard, holdsTurn: boolean, isMine: boolean): string {
  if (board.status === 'draft' || board.status === 'scheduled') return 'Not started yet';
  if (board.status === 'completed') return 'Session completed';
  if (isMine) return "You're on the clock";
  if (holdsTurn) return 'Your turn is being recorded';
  return board.turn === null ? 'Between turns' : `${board.turn.name} is on the clock`;
}

function MemberLine({
  board,
  myEntry,
  peopleAhead,
  remainingMs,
  award,
  holdsTurn,
  timeZone,
  roundName,
  myRound,
}: {
  board: SessionBoard;
  myEntry: Participant | null;
  peopleAhead: number | null;
  remainingMs: number | null;
  award: string | null;
  holdsTurn: boolean;
  timeZone: string;
  roundName: string | null;
  myRound: MyRound | null;
}) {
  if (myEntry === null) {
    return <Text size="sm">You are watching this session; you are not one of its participants.</Text>;
  }
  if (award !== null) {
    return <Text fw={600}>Your seat: {award}</Text>;
  }
  const place = `#${myEntry.position + 1} in queue`;
  const turnsBeforeRound = myEntry.outcome === null ? countTurnsBeforeMyRound(board, myRound) : null;
  if (turnsBeforeRound !== null && roundName !== null && myRound !== null) {
    // A later round than the one under way: the wait is told in turns before that round begins.
    return (
      <Text>
        <Text span fw={700}>
          {describeRoundWait(roundName, turnsBeforeRound)}
        </Text>
        <Text span size="sm" c="gray.7">
          {' '}
          · you bid in {myRound.name} · {place}
        </Text>
      </Text>
    );
  }
  if (board.status === 'draft' || board.status === 'scheduled') {
    const start =
      board.scheduledStart === null
        ? ''
        : ` It is scheduled to start ${formatDateTime(board.scheduledStart, { timeZone })}.`;
    return (
      <Text size="sm">
        {place}.{start}
      </Text>
    );
  }
  if (holdsTurn) return null;
  const status = describeParticipantStatus(myEntry, board.status);
  const isWaiting = myEntry.outcome === null && board.status !== 'completed';
  if (!isWaiting) return <Text size="sm">Your turn is done: {status.label}.</Text>;
  if (peopleAhead === null || peopleAhead <= 0) return <Text size="sm">{place}</Text>;
  const waitMs = estimateWaitMs(peopleAhead, estimateTurnPaceMs(board), remainingMs);
  return (
    <Text>
      <Text span fw={700}>
        {describeTurnsAway(peopleAhead, waitMs)}
      </Text>
      <Text span size="sm" c="gray.7">
        {' '}
        · {place}
      </Text>
    </Text>
  );
}
