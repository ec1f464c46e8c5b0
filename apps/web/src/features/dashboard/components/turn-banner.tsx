import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { BidSession } from '@stationbid/domain';
import { IconAlarm } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeCountdown, formatCountdown } from '../../../lib/turn-countdown.ts';
import { useTurnCountdown } from '../../../lib/use-turn-countdown.ts';

/**
 * "It's your turn to bid!" with the time left, ticking each second on the server's clock
 * (bidding-rules.md, "A turn"). Paused, the time left is frozen; at zero the turn has passed and the next poll moves on.
 */
export function TurnBanner({ session }: { session: BidSession }) {
  const { clock, remainingMs } = useTurnCountdown(session);
  const isPaused = clock.kind === 'frozen';
  const hasExpired = remainingMs === 0 && !isPaused;

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
            <Text fw={700}>Time expired! Your turn has passed.</Text>
          ) : (
            remainingMs !== null && (
              <Text>
                Time remaining:{' '}
                <Text
                  span
                  fw={700}
                  ff="monospace"
                  role="timer"
                  aria-label={isPaused ? `${describeCountdown(remainingMs)}, paused` : describeCountdown(remainingMs)}
                >
                  {formatCountdown(remainingMs)}
                </Text>
                {isPaused && ' (session paused)'}
              </Text>
            )
          )}
          <Text size="sm">{session.name}</Text>
        </Stack>
        {!hasExpired && (
          <Button component={Link} to={generatePath(paths.liveBid, { sessionId: session.id })} color="white" c="red">
            Bid Now
          </Button>
        )}
      </Group>
    </Alert>
  );
}
