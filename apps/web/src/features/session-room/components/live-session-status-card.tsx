import { Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { SessionBoard } from '@stationbid/domain';
import { useId } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { calculateSessionProgress, isRunningStatus } from '../utils/bidding-format.ts';
import { describeRoundProgress } from '../utils/on-the-clock.ts';

interface LiveSessionStatusCardProps {
  board: SessionBoard;
}

/**
 * The active-session panel: who is next after the turn holder and the progress of
 * completed bids over participants. Who holds the turn, the countdown and the member's own turn
 * are in the "on the clock" header above, said once for the whole page.
 */
export function LiveSessionStatusCard({ board }: LiveSessionStatusCardProps) {
  const progressLabelId = useId();
  const isRunning = isRunningStatus(board.status);
  const participantCount = board.counts.total;
  const completedBids = board.counts.done;
  const progress = calculateSessionProgress(completedBids, participantCount);
  const progressText = `${completedBids} of ${participantCount} bids completed`;
  const nextParticipant = board.upcoming[0] ?? null;
  const round = describeRoundProgress(board);

  return (
    <SectionCard title="Live Session Status">
      <Stack gap="sm">
        {isRunning && (
          <Table variant="vertical" withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              {round !== null && (
                <Table.Tr>
                  <Table.Th w="45%">Round</Table.Th>
                  <Table.Td>{round}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th w="45%">Next in queue</Table.Th>
                <Table.Td>{nextParticipant === null ? 'No one' : nextParticipant.name}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
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
      </Stack>
    </SectionCard>
  );
}
