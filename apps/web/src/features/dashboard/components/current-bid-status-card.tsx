import { ActionIcon, Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMinutes, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { useBidStatusQuery } from '../api/get-bid-status.ts';
import { formatSessionPeriod } from '../utils/dashboard-format.ts';

/** The member's session: its state, their place in it, and its terms; refreshed on demand. */
export function CurrentBidStatusCard({ isFollowedLive }: { isFollowedLive: boolean }) {
  const bidStatus = useBidStatusQuery({ isFollowedLive });
  const refresh = (
    <ActionIcon
      variant="subtle"
      aria-label="Refresh bid status"
      onClick={() => bidStatus.refetch()}
      loading={bidStatus.isFetching}
    >
      <IconRefresh aria-hidden size={18} />
    </ActionIcon>
  );

  return (
    <SectionCard title="Current Bid Status" aside={refresh}>
      {bidStatus.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading bid status" />
      ) : bidStatus.isError ? (
        <LoadError
          title="Failed to load current bid session"
          error={bidStatus.error}
          onRetry={() => bidStatus.refetch()}
          isRetrying={bidStatus.isFetching}
        />
      ) : bidStatus.data.session === null ? (
        <Text size="sm" c="dimmed">
          You are not in a bid session right now.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fw={700}>{bidStatus.data.session.name}</Text>
          <Table variant="vertical" withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">Status</Table.Th>
                <Table.Td>
                  <Badge variant="light">{SESSION_STATUS_LABELS[bidStatus.data.session.status]}</Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Your position</Table.Th>
                <Table.Td>
                  {bidStatus.data.position === null ? 'Not a participant' : `#${bidStatus.data.position}`}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Participants</Table.Th>
                <Table.Td>{bidStatus.data.session.participantCount}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Time limit</Table.Th>
                <Table.Td>{formatMinutes(bidStatus.data.session.bidWindowDuration)} per turn</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Session period</Table.Th>
                <Table.Td>
                  {formatSessionPeriod(bidStatus.data.session.startDate, bidStatus.data.session.endDate)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {bidStatus.data.session.description !== '' && <Text size="sm">{bidStatus.data.session.description}</Text>}
        </Stack>
      )}
    </SectionCard>
  );
}
