/**
 * The turn banner (spec sections 2, 4 and 9): on the member's own turn, "It's your turn!" with the
 * countdown on the server's clock (green, yellow at 3 minutes, orange at 1, red at 0, and a warning
 * at 30 seconds or less), Place Your Bid and Skip Turn; frozen while the session is paused.
 * Otherwise the member's place in the queue and who holds the turn now, with their countdown.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Participant, SessionBoard } from '@stationbid/domain';
import { IconAlarm, IconPlayerPause, IconPlayerSkipForward } from '@tabler/icons-react';
import { useId } from 'react';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { describeParticipantStatus, describeQueuePlace, isTurnWarning } from '../utils/live-bidding-format.ts';

interface MyTurnBannerProps {
  remainingMs: number | null;
  isPaused: boolean;
  isSkipping: boolean;
  onPlaceBid: () => void;
  onSkip: () => void;
  /** The spec words the two screens differently: "It's your turn!" here, "It's Your Turn!" on /bidding. */
  title?: string;
  /** "Place Your Bid" here, "BID NOW" on /bidding. */
  bidLabel?: string;
  /** The 30-second warning; /bidding shows it in its countdown card instead. */
  showsWarning?: boolean;
}

/** The member's own turn: the countdown, bid and skip (both wait while the session is paused). Used by the live page and /bidding. */
export function MyTurnBanner({
  remainingMs,
  isPaused,
  isSkipping,
  onPlaceBid,
  onSkip,
  title = "It's your turn!",
  bidLabel = 'Place Your Bid',
  showsWarning = true,
}: MyTurnBannerProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="md"
      radius="md"
      style={{ borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlarm aria-hidden color="var(--mantine-color-red-7)" />
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
        </Group>
        {remainingMs !== null && (
          <Text>
            Time remaining: <CountdownText remainingMs={remainingMs} isPaused={isPaused} size="xl" />
          </Text>
        )}
        {isPaused ? (
          <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />} title="Session paused">
            Your time is frozen until the administrator resumes the session. Bids and skips wait until then.
          </Alert>
        ) : (
          showsWarning &&
          remainingMs !== null &&
          isTurnWarning(remainingMs) && (
            <Text c="red.8" fw={700}>
              30 seconds or less left: place your bid now!
            </Text>
          )
        )}
        <Group gap="sm">
          <Button color="red" onClick={onPlaceBid} disabled={isPaused}>
            {bidLabel}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlayerSkipForward size={16} aria-hidden />}
            onClick={onSkip}
            disabled={isPaused}
            loading={isSkipping}
          >
            Skip Turn
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface QueueBannerProps {
  board: SessionBoard;
  /** The member's own entry, or null when they only watch (an administrator). */
  myEntry: Participant | null;
  peopleAhead: number | null;
  remainingMs: number | null;
  isPaused: boolean;
}

/** "#N in queue", how many are ahead, and who is bidding now with their countdown. */
export function QueueBanner({ board, myEntry, peopleAhead, remainingMs, isPaused }: QueueBannerProps) {
  const titleId = useId();
  const turnHolder = board.turn;
  const isRunning = board.status === 'active' || board.status === 'paused';
  const myStatus = myEntry === null ? null : describeParticipantStatus(myEntry, board.status);
  const isWaiting = myStatus !== null && (myStatus.label === 'Waiting' || myStatus.label === 'Moved to back');
  const queuePlace =
    myEntry !== null && isWaiting && peopleAhead !== null ? describeQueuePlace(myEntry.position, peopleAhead) : null;

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h3" id={titleId}>
          Your Position
        </Title>
        {myEntry === null ? (
          <Text>You are watching this session; you are not one of its participants.</Text>
        ) : queuePlace !== null ? (
          <Group gap="sm" align="baseline">
            <Text size="xl" fw={700}>
              {queuePlace.place}
            </Text>
            <Text>{queuePlace.ahead}</Text>
          </Group>
        ) : (
          myStatus !== null && <Text>Your turn is done: {myStatus.label}.</Text>
        )}
        {board.status === 'draft' || board.status === 'scheduled' ? (
          <Text c="dimmed">The session has not started yet.</Text>
        ) : board.status === 'completed' ? (
          <Text c="dimmed">This session has completed.</Text>
        ) : (
          isRunning &&
          turnHolder !== null && (
            <Group gap="xs" wrap="wrap">
              <Text>Bidding now:</Text>
              <Text fw={600}>{turnHolder.name}</Text>
              {remainingMs !== null && <CountdownText remainingMs={remainingMs} isPaused={isPaused} size="md" />}
              {isPaused && (
                <Badge color="yellow" variant="light">
                  Paused
                </Badge>
              )}
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}
