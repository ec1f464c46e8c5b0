import { Alert, Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { SessionBoard } from '@stationbid/domain';
import { IconPlayerPause } from '@tabler/icons-react';
import { useId } from 'react';
import { CountdownText } from '../../../components/countdown-text.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/session-format.ts';
import { isFinalMinute } from '../../../lib/turn-countdown.ts';
import { calculateSessionProgress, isRunningStatus } from '../utils/bidding-format.ts';

interface LiveSessionStatusCardProps {
  board: SessionBoard;
  /** Time left in the current turn by the server's clock; null when no turn runs. */
  remainingMs: number | null;
  /** The member holds the turn and has not bid or skipped yet. */
  isMyTurn: boolean;
  onBidNow: () => void;
}

/**
 * The active-session panel (spec section 2): who bids now and who is next, the turn's countdown
 * (colours of section 4, a warning in its last minute), the progress of completed bids over
 * participants, a notice while paused, and on the member's own turn YOUR TURN! with Bid Now.
 */
export function LiveSessionStatusCard({ board, remainingMs, isMyTurn, onBidNow }: LiveSessionStatusCardProps) {
  const progressLabelId = useId();
  const isRunning = isRunningStatus(board.status);
  const isPaused = board.status === 'paused';
  const participantCount = board.counts.total;
  const completedBids = board.counts.done;
  const progress = calculateSessionProgress(completedBids, participantCount);
  const progressText = `${completedBids} of ${participantCount} bids completed`;
  const nextParticipant = board.upcoming[0] ?? null;

  return (
    <SectionCard
      title="Live Session Status"
      aside={
        isMyTurn && (
          <Badge color="red" size="lg" variant="filled">
            YOUR TURN!
          </Badge>
        )
      }
    >
      <Stack gap="sm">
        {isPaused && (
          <Alert color="yellow" variant="light" icon={<IconPlayerPause aria-hidden />} title="Session paused">
            The administrator has paused the session. The turn's time is frozen until it resumes.
          </Alert>
        )}
        {board.status === 'scheduled' && (
          <Text size="sm">
            The session has not started yet.
            {board.scheduledStart !== null && ` It is scheduled to start ${formatDateTime(board.scheduledStart)}.`}
          </Text>
        )}
        {board.status === 'completed' && <Text size="sm">This session has completed.</Text>}
        {isRunning && (
          <Table variant="vertical" withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">Bidding now</Table.Th>
                <Table.Td>{board.turn === null ? 'No one' : board.turn.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Next in queue</Table.Th>
                <Table.Td>{nextParticipant === null ? 'No one' : nextParticipant.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Time left in turn</Table.Th>
                <Table.Td>
                  {remainingMs === null ? (
                    'No turn running'
                  ) : (
                    <CountdownText remainingMs={remainingMs} isPaused={isPaused} size="sm" />
                  )}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        {isRunning && !isPaused && remainingMs !== null && isFinalMinute(remainingMs) && (
          <Text size="sm" c="orange.9" fw={600}>
            Less than a minute is left in this turn.
          </Text>
        )}
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600} id={progressLabelId}>
              Session progress
            </Text>
            <Text size="sm">{progressText}</Text>
          </Group>
          <Progress.Root size="lg" radius="xl">
            <Progress.Section
              value={progress}
              color="blue"
              withAria={false}
              role="progressbar"
              aria-labelledby={progressLabelId}
              aria-valuemin={0}
              aria-valuemax={participantCount}
              aria-valuenow={completedBids}
              aria-valuetext={progressText}
            />
          </Progress.Root>
        </Stack>
        {isMyTurn && (
          <Group>
            <Button color="red" onClick={onBidNow} disabled={isPaused}>
              Bid Now
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
