/**
 * The "on the clock" header at the top of the session room: first and largest the countdown, read
 * at arm's length on a phone, with the time the turn ends beside it in the department's zone
 * ("ends 3:14 AM CST") and its state in words; then who holds the turn, "Second chance: 1 minute"
 * when it is one, and for a participant one line about themselves ("3 turns away, about 12
 * minutes"). Once the member's turn has an outcome (a missed turn, a seat won, an early end) a
 * lasting card takes its place (turn-outcome-card.tsx). It holds the page's one polite live region,
 * which announces the start of the member's turn, their award, the last minute and the outcome card. "Your turn" is
 * said here and nowhere else on the page; on it the browser tab shows the countdown too.
 */
import { Alert, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type Participant, plural, type SessionBoard, waitRangeOnBoard } from '@stationbid/domain';
import { IconPlayerPause } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/session-format.ts';
import { describeCountdown, formatCountdown, getCountdownTone } from '../../../lib/turn-countdown.ts';
import { useTurnAnnouncements } from '../hooks/use-turn-announcements.ts';
import { useTurnTabTitle } from '../hooks/use-turn-tab-title.ts';
import { describeParticipantStatus } from '../utils/live-bidding-format.ts';
import {
  countTurnsBeforeMyRound,
  describeCountdownTone,
  describeCurrentRound,
  describeRoundWait,
  describeTurnEnd,
  describeTurnsAway,
  findMyAward,
} from '../utils/on-the-clock.ts';
import type { TurnOutcome } from '../utils/turn-outcome.ts';
import classes from './on-the-clock-header.module.css';
import { announceOutcomeCard, TurnOutcomeCard } from './turn-outcome-card.tsx';

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
  /** How the member's turn went (utils/turn-outcome.ts): told by a lasting card in the header's place. */
  outcome?: TurnOutcome | null;
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
  outcome = null,
}: OnTheClockHeaderProps) {
  const roundName = describeCurrentRound(board);
  const award = findMyAward(board, myEntry);
  const announcement = useTurnAnnouncements({
    isTurnOpen,
    remainingMs,
    isPaused,
    award,
    hasExpired,
    outcomeCard: outcome === null ? null : announceOutcomeCard(outcome, timeZone),
  });
  const isRunning = board.status === 'active' || board.status === 'paused';
  const holdsTurn = isRunning && myEntry !== null && board.turn?.participantId === myEntry.id;
  const isMine = holdsTurn && isTurnOpen;
  useTurnTabTitle(isMine && !isPaused ? remainingMs : null);
  const deadline = board.status === 'active' && board.currentBidEnd !== null ? board.currentBidEnd : null;
  const turnEnd = deadline === null ? null : describeTurnEnd(deadline, timeZone);
  const isSecondChance = isRunning && board.turn?.movedToBack === true;
  const liveRegion = (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );

  // The live region comes first in both branches, so it stays the same element when the card takes
  // the header's place: a region mounted with its words already in it is not read out.
  if (outcome !== null) {
    return (
      <>
        {liveRegion}
        <TurnOutcomeCard
          outcome={outcome}
          sessionId={board.sessionId}
          sessionName={board.name}
          timeZone={timeZone}
          now={isRunning ? { holder: describeHolder(board, holdsTurn, isMine), remainingMs, isPaused } : null}
        />
      </>
    );
  }

  return (
    <>
      {liveRegion}
      <Paper
        component="section"
        aria-label="On the clock"
        withBorder
        p="md"
        radius="md"
        style={isMine ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}
      >
        <Stack gap="xs">
          {isRunning && remainingMs !== null && (
            <div className={classes.clockRow}>
              <span
                role="timer"
                aria-label={isPaused ? `${describeCountdown(remainingMs)}, paused` : describeCountdown(remainingMs)}
                data-tone={isPaused ? 'paused' : getCountdownTone(remainingMs)}
                className={classes.countdown}
              >
                {formatCountdown(remainingMs)}
              </span>
              <span className={classes.clockWords}>
                <Text span fw={700} size="md">
                  {turnEnd ?? 'Clock stopped: session paused'}
                </Text>
                <Text span size="sm" fw={600} c="gray.8">
                  {describeCountdownTone(remainingMs, isPaused)}
                </Text>
              </span>
            </div>
          )}
          <Stack gap={2} miw={0}>
            <Text size="xs" tt="uppercase" fw={700} c="gray.7">
              On the clock{roundName === null ? '' : ` · ${roundName}`}
            </Text>
            <Group gap="xs" wrap="wrap" align="center">
              {isMine && <span className={`${classes.dot} ${classes.pulse}`} aria-hidden />}
              <Title order={2} size="h3">
                {describeHolder(board, holdsTurn, isMine)}
              </Title>
              {isSecondChance && holdsTurn && (
                <Badge color="orange" variant="light" size="lg">
                  Second chance: {plural(board.autoAssignTimeout, 'minute')}
                </Badge>
              )}
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
          {board.status === 'paused' && (
            <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />} title="Session paused">
              The clock is frozen until the administrator resumes the session. Bids and skips wait until then.
            </Alert>
          )}
        </Stack>
      </Paper>
    </>
  );
}

/** Who holds the turn, or where the session stands when no one does. */
export function describeHolder(board: SessionBoard, holdsTurn: boolean, isMine: boolean): string {
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
  if (peopleAhead === null || peopleAhead <= 0) return null;
  // While the session runs the place is the people ahead, never the queue number beside it: "#4 in
  // queue" beside "You're next" (those before have bid) reads as two different places.
  const range = waitRangeOnBoard(board, {
    peopleAhead,
    queuePosition: myEntry.position,
    holderRemainingMs: remainingMs,
  });
  return <Text fw={700}>{describeTurnsAway(range, peopleAhead)}</Text>;
}
