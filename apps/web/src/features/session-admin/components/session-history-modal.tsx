/**
 * A session's history, oldest first, as the server recorded it: when (in the viewer's zone, named),
 * what happened in words, to whom, by whom, and the seat.
 */
import { Center, Loader, Stack, Table, Text } from '@mantine/core';
import {
  type BidSession,
  HISTORY_COLUMN_LABELS,
  historyActorLabel,
  type SessionHistoryEntry,
} from '@stationbid/domain';
import { HistoryEntryCard } from '../../../components/history-entry-card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatDateTime, formatHistorySeat, HISTORY_ACTION_LABELS } from '../../../lib/session-format.ts';
import { useSessionHistoryQuery } from '../api/bid-session-queries.ts';
import { describeHistoryDetails } from '../utils/session-format.ts';
import { SessionModal } from './session-modal.tsx';

export function SessionHistoryModal({ session, onClose }: { session: BidSession | null; onClose: () => void }) {
  return (
    <SessionModal
      opened={session !== null}
      onClose={onClose}
      title={session === null ? 'Session history' : `History of ${session.name}`}
      size="xl"
    >
      {session !== null && <SessionHistory sessionId={session.id} />}
    </SessionModal>
  );
}

function SessionHistory({ sessionId }: { sessionId: string }) {
  const historyQuery = useSessionHistoryQuery(sessionId);
  const isSmallScreen = useIsSmallScreen();
  if (historyQuery.isPending) {
    return (
      <Center py="md">
        <Loader role="status" aria-label="Loading session history" size="sm" />
      </Center>
    );
  }
  if (historyQuery.isError) {
    return (
      <LoadError
        title="Failed to load session data"
        error={historyQuery.error}
        onRetry={() => historyQuery.refetch()}
        isRetrying={historyQuery.isFetching}
      />
    );
  }
  if (historyQuery.data.length === 0) {
    return (
      <Stack align="center" gap={4} py="md">
        <Text fw={600}>No History Yet</Text>
        <Text size="sm" c="dimmed">
          Starts, bids, pauses and every other change will be listed here.
        </Text>
      </Stack>
    );
  }
  return isSmallScreen ? <HistoryList entries={historyQuery.data} /> : <HistoryTable entries={historyQuery.data} />;
}

/** On a phone: one card per entry, the action first, so nothing hides off the side of the screen. */
function HistoryList({ entries }: { entries: SessionHistoryEntry[] }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <Stack component="ol" gap="xs" p={0} m={0} aria-label="Session history" style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <HistoryEntryCard
          key={entry.id}
          entry={entry}
          time={formatDateTime(entry.timestamp, { timeZone })}
          details={describeHistoryDetails(entry.detailsData)}
        />
      ))}
    </Stack>
  );
}

function HistoryTable({ entries }: { entries: SessionHistoryEntry[] }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label="Session history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{HISTORY_COLUMN_LABELS.time}</Table.Th>
            <Table.Th scope="col">{HISTORY_COLUMN_LABELS.action}</Table.Th>
            <Table.Th scope="col">{HISTORY_COLUMN_LABELS.participant}</Table.Th>
            <Table.Th scope="col">{HISTORY_COLUMN_LABELS.actor}</Table.Th>
            <Table.Th scope="col">{HISTORY_COLUMN_LABELS.seat}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const details = describeHistoryDetails(entry.detailsData);
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp, { timeZone })}</time>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{HISTORY_ACTION_LABELS[entry.action]}</Text>
                  {details !== null && (
                    <Text size="xs" c="dimmed">
                      {details}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {entry.userName ?? '—'}
                  {entry.bidPriority !== null && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (priority #{entry.bidPriority})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{historyActorLabel(entry.actorName)}</Table.Td>
                <Table.Td>{formatHistorySeat(entry) ?? '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
