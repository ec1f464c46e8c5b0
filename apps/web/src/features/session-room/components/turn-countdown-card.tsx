import { Alert, Stack, Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { isTurnWarning } from '../utils/live-bidding-format.ts';

interface TurnCountdownCardProps {
  /** True while the member holds the turn (until their bid or skip is in). */
  isMyTurn: boolean;
  /** Time left in the turn by the server's clock; null when no turn runs. */
  remainingMs: number | null;
  isPaused: boolean;
}

/**
 * "Your Turn!" (spec sections 2, 4 and 9): the member's own countdown, ticking each second on the
 * server's clock, with a warning at 30 seconds or less; frozen while the session is paused.
 */
export function TurnCountdownCard({ isMyTurn, remainingMs, isPaused }: TurnCountdownCardProps) {
  return (
    <SectionCard title="Your Turn!">
      {isMyTurn && remainingMs !== null ? (
        <Stack gap="xs">
          <Text>
            Time remaining: <CountdownText remainingMs={remainingMs} isPaused={isPaused} size="xl" />
          </Text>
          {isPaused ? (
            <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />} title="Session paused">
              Your time is frozen until the administrator resumes the session.
            </Alert>
          ) : (
            isTurnWarning(remainingMs) && (
              <Text c="red.8" fw={700} role="alert">
                30 seconds or less left: place your bid now!
              </Text>
            )
          )}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          Your countdown starts here when your turn begins.
        </Text>
      )}
    </SectionCard>
  );
}
