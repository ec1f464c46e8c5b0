import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlarm, IconPlayerPause, IconPlayerSkipForward } from '@tabler/icons-react';
import { useId } from 'react';
import { CountdownText } from '../../../components/countdown-text.tsx';

interface YourTurnBannerProps {
  remainingMs: number | null;
  isPaused: boolean;
  isSkipping: boolean;
  onBidNow: () => void;
  onSkip: () => void;
}

/** "It's Your Turn!" with BID NOW (spec section 2), and Skip Turn; both wait while the session is paused. */
export function YourTurnBanner({ remainingMs, isPaused, isSkipping, onBidNow, onSkip }: YourTurnBannerProps) {
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
            It's Your Turn!
          </Title>
        </Group>
        {remainingMs !== null && (
          <Text>
            Time remaining: <CountdownText remainingMs={remainingMs} isPaused={isPaused} size="lg" />
          </Text>
        )}
        {isPaused && (
          <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />}>
            The session is paused: bids and skips wait until the administrator resumes it.
          </Alert>
        )}
        <Group gap="sm">
          <Button color="red" onClick={onBidNow} disabled={isPaused}>
            BID NOW
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
