/**
 * Bid History (/bid-history): the member's own bids, newest first, with summary
 * tiles (Total Bids, Successful, Stations Bid, Last Bid), a table that turns into cards on a phone,
 * and View Results opening the session's results over the whole screen.
 */
import { Badge, Button, Center, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import {
  BID_KIND_LABELS,
  BID_STATUS_COLORS,
  BID_STATUS_LABELS,
  formatDate,
  SessionResultsDialog,
  sortNewestFirst,
  summarizeBidHistory,
  type UserBidHistoryEntry,
  useUserBidHistoryQuery,
} from '../../features/bid-history/index.ts';
import { useIsSmallScreen } from '../../hooks/use-is-small-screen.ts';
import { getErrorMessage } from '../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../lib/department-time-zone.ts';

type SessionRef = UserBidHistoryEntry['session'];

function BidHistoryPage() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Bid History</PageTitle>
        <Text c="dimmed">Every seat you have bid for, and the results of each session.</Text>
      </Stack>
      <BidHistoryContent />
    </Stack>
  );
}

function BidHistoryContent() {
  const historyQuery = useUserBidHistoryQuery();
  const [openSession, setOpenSession] = useState<SessionRef | null>(null);

  if (historyQuery.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading bid history" />
      </Center>
    );
  }
  if (historyQuery.isError) {
    return (
      <Paper withBorder p="xl" role="alert">
        <Stack align="center" gap="sm">
          <IconAlertCircle size={32} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={2} size="h3">
            Error Loading History
          </Title>
          <Text c="dimmed" ta="center">
            {getErrorMessage(historyQuery.error, 'Failed to load bid history')}
          </Text>
          <Button onClick={() => historyQuery.refetch()} loading={historyQuery.isFetching}>
            Retry
          </Button>
        </Stack>
      </Paper>
    );
  }

  const entries = sortNewestFirst(historyQuery.data);
  return (
    <Stack gap="lg">
      <SummaryTiles entries={entries} />
      {entries.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap={4}>
            <IconHistory size={32} aria-hidden />
            <Title order={2} size="h3">
              No Bids Yet
            </Title>
            <Text c="dimmed" ta="center">
              Your bids appear here once you have bid in a session.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <BidList entries={entries} onViewResults={setOpenSession} />
      )}
      <SessionResultsDialog session={openSession} onClose={() => setOpenSession(null)} />
    </Stack>
  );
}

function SummaryTiles({ entries }: { entries: UserBidHistoryEntry[] }) {
  const timeZone = useDepartmentTimeZone();
  const summary = summarizeBidHistory(entries);
  const tiles: [label: string, value: string | number][] = [
    ['Total Bids', summary.totalBids],
    ['Successful', summary.successfulBids],
    ['Stations Bid', summary.stationsBid],
    ['Last Bid', summary.lastBidAt === null ? 'None' : formatDate(summary.lastBidAt, { timeZone })],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0} aria-label="Bid summary">
      {tiles.map(([label, value]) => (
        <Paper key={label} withBorder p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

interface BidListProps {
  entries: UserBidHistoryEntry[];
  onViewResults: (session: SessionRef) => void;
}

function ViewResultsButton({
  session,
  onViewResults,
}: {
  session: SessionRef;
  onViewResults: BidListProps['onViewResults'];
}) {
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`View Results of ${session.name}`}
      onClick={() => onViewResults(session)}
    >
      View Results
    </Button>
  );
}

function StatusBadge({ status }: { status: UserBidHistoryEntry['status'] }) {
  return (
    <Badge color={BID_STATUS_COLORS[status]} variant="light">
      {BID_STATUS_LABELS[status]}
    </Badge>
  );
}

function BidList({ entries, onViewResults }: BidListProps) {
  const timeZone = useDepartmentTimeZone();
  const isPhone = useIsSmallScreen();
  if (isPhone) {
    return (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Your bids" style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Paper key={entry.id} component="li" withBorder p="md">
            <Stack gap={6}>
              <Text fw={600}>
                {entry.session.name} ({entry.session.year})
              </Text>
              <Text size="sm">
                Station {entry.station.number} ({entry.station.name}) · Shift {entry.shift} · {entry.position}
              </Text>
              <Text size="sm" c="dimmed">
                {BID_KIND_LABELS[entry.kind]} ·{' '}
                <time dateTime={entry.timestamp}>{formatDate(entry.timestamp, { timeZone })}</time>
              </Text>
              <StatusBadge status={entry.status} />
              <ViewResultsButton session={entry.session} onViewResults={onViewResults} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Your bids">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Session</Table.Th>
            <Table.Th scope="col">Year</Table.Th>
            <Table.Th scope="col">Station</Table.Th>
            <Table.Th scope="col">Shift</Table.Th>
            <Table.Th scope="col">Position</Table.Th>
            <Table.Th scope="col">How</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Results</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{entry.session.name}</Table.Td>
              <Table.Td>{entry.session.year}</Table.Td>
              <Table.Td>
                Station {entry.station.number} ({entry.station.name})
              </Table.Td>
              <Table.Td>{entry.shift}</Table.Td>
              <Table.Td>{entry.position}</Table.Td>
              <Table.Td>{BID_KIND_LABELS[entry.kind]}</Table.Td>
              <Table.Td>
                <StatusBadge status={entry.status} />
              </Table.Td>
              <Table.Td>
                <time dateTime={entry.timestamp}>{formatDate(entry.timestamp, { timeZone })}</time>
              </Table.Td>
              <Table.Td>
                <ViewResultsButton session={entry.session} onViewResults={onViewResults} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { BidHistoryPage as Component };
