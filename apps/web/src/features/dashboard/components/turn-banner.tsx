import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlarm, IconPlayerPause } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeCountdown, formatCountdown } from '../../../lib/turn-countdown.ts';
import type { DashboardSessionFacts } from '../utils/dashboard-session.ts';

/** A resumed turn never has less than this (bidding-rules.md, "Session lifecycle"). */
const RESUMED_TURN_MIN_MS = 60_000;

/**
 * The member holds the turn. Running: "It's your turn to bid!" with the time left, ticking on the
 * server's clock, and Bid Now. Paused: no bid can be made, so it does not say it is their turn to bid;
 * it says the turn is on hold and how long they will have when the administrator resumes.
 */
export function TurnBanner({
  session,
  remainingMs,
  isPaused,
}: {
  session: DashboardSessionFacts;
  remainingMs: number | null;
  isPaused: boolean;
}) {
  const sessionPath = generatePath(paths.liveBid, { sessionId: session.id });

  if (isPaused) {
    const resumedMs = remainingMs === null ? null : Math.max(remainingMs, RESUMED_TURN_MIN_MS);
    return (
      <Alert
        color="yellow"
        variant="light"
        radius="md"
        icon={<IconPlayerPause aria-hidden />}
        title="Session paused: your turn is on hold"
        role="region"
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            {resumedMs !== null && (
              <Text>
                You will have{' '}
                <Text span fw={700} ff="monospace" role="timer" aria-label={`${describeCountdown(resumedMs)}, paused`}>
                  {formatCountdown(resumedMs)}
                </Text>{' '}
                when it resumes.
              </Text>
            )}
            <Text size="sm">
              The clock is stopped and no bid can be made until the administrator resumes {session.name}.
            </Text>
          </Stack>
          <Button component={Link} to={sessionPath} variant="default">
            Open Session
          </Button>
        </Group>
      </Alert>
    );
  }

  const hasExpired = remainingMs === 0;
  return (
    <Alert
      color="red"
      variant="filled"
      radius="md"
      icon={<IconAlarm aria-hidden />}
      title="It's your turn to bid!"
      role="region"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          {hasExpired ? (
            <Text fw={700}>Your time is up. What happens next shows here in a moment.</Text>
          ) : (
            remainingMs !== null && (
              <Text>
                Time remaining:{' '}
                <Text span fw={700} ff="monospace" role="timer" aria-label={describeCountdown(remainingMs)}>
                  {formatCountdown(remainingMs)}
                </Text>
              </Text>
            )
          )}
          <Text size="sm">{session.name}</Text>
        </Stack>
        {!hasExpired && (
          <Button component={Link} to={sessionPath} color="white" c="red">
            Bid Now
          </Button>
        )}
      </Group>
    </Alert>
  );
}
