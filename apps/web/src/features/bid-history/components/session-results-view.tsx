/**
 * A session's results: tabs Overview, Participants and Session History, a Back button, Export (the
 * .xlsx of a completed session) and Download PDF (the printable bid sheet); the page itself prints
 * through styles/print.css.
 *
 * Each participant's row says what became of them in the words the overview's figures count
 * (resultOutcomeLabel), so "Skipped 1" is one row reading Skipped, and why ("why this seat"): the
 * server words each reason about its member by name, and the signed-in member's own, addressed to
 * them, stands above the tabs. Rows are numbered and ordered by seniority (bid priority), not by the
 * place the queue ended in: a senior member moved to the back is still #1, marked as moved. Every
 * time is the department's, written as the printed bid sheet writes it (formatMoment).
 */
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  formatMoment,
  RESULT_COLUMN_LABELS,
  type ResultParticipant,
  resultOutcomeLabel,
  SESSION_STATISTIC_LABELS,
  type SessionHistoryEntry,
  type SessionResults,
} from '@stationbid/domain';
import { IconArrowLeft, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { HistoryEntryCard } from '../../../components/history-entry-card.tsx';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import {
  formatSeat,
  getParticipantName,
  SESSION_STATUS_COLORS,
  SESSION_STATUS_LABELS,
} from '../../../lib/session-format.ts';
import { useAuth } from '../../auth/index.ts';
import { useDownloadBidSheet, useExportSessionResults } from '../../session-admin/index.ts';
import { DownloadRecordButton, VerifyRecordLink } from '../../session-record/index.ts';
import { useSessionResultsQuery } from '../api/bid-history-queries.ts';
import { formatSessionDuration } from '../utils/bid-history-summary.ts';
import { bySeniority } from '../utils/results-format.ts';

const LOAD_FAILURE_MESSAGE = 'Failed to load session results';

interface SessionResultsViewProps {
  sessionId: string;
  /** Leaves the results (closes the dialog they sit in). */
  onBack: () => void;
}

export function SessionResultsView({ sessionId, onBack }: SessionResultsViewProps) {
  const resultsQuery = useSessionResultsQuery(sessionId);
  const backButton = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
      Back
    </Button>
  );

  if (resultsQuery.isPending) {
    return (
      <Stack gap="md">
        <Group>{backButton}</Group>
        <Center py="xl">
          <Loader role="status" aria-label="Loading session results" />
        </Center>
      </Stack>
    );
  }
  if (resultsQuery.isError) {
    return (
      <Stack gap="md">
        <Group>{backButton}</Group>
        <Paper withBorder p="md" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>{LOAD_FAILURE_MESSAGE}</Text>
            {/* The server's reason when it sent one, else the screen's own words. */}
            <Text size="sm" c="dimmed">
              {getErrorMessage(resultsQuery.error, 'No results available')}
            </Text>
            <Button variant="light" onClick={() => resultsQuery.refetch()} loading={resultsQuery.isFetching}>
              Try Again
            </Button>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  const results = resultsQuery.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          {backButton}
          <Badge color={SESSION_STATUS_COLORS[results.status]} variant="light">
            {SESSION_STATUS_LABELS[results.status]}
          </Badge>
        </Group>
        <Group gap="sm">
          <DownloadPdfButton results={results} />
          <DownloadRecordButton session={results} />
          <ExportButton results={results} />
        </Group>
      </Group>
      {results.status === 'completed' && <VerifyRecordLink />}
      <OwnReason participants={results.participants} />
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="participants">Participants</Tabs.Tab>
          <Tabs.Tab value="history">Session History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <ResultsOverview results={results} />
        </Tabs.Panel>
        <Tabs.Panel value="participants" pt="md">
          <ResultsParticipants participants={results.participants} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <ResultsHistory entries={results.sessionHistory} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Whoever may read the results (administrators, the session's participants) may download them. */
function ExportButton({ results }: { results: SessionResults }) {
  const exportResults = useExportSessionResults();
  if (results.status !== 'completed') return null;
  return (
    <Button
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => exportResults.mutate({ id: results.id, name: results.name })}
      loading={exportResults.isPending}
    >
      Export
    </Button>
  );
}

/** The printable bid sheet (PDF) of a completed session, for the same people as the export. */
function DownloadPdfButton({ results }: { results: SessionResults }) {
  const downloadBidSheet = useDownloadBidSheet();
  if (results.status !== 'completed') return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      onClick={() => downloadBidSheet.mutate({ id: results.id, name: results.name })}
      loading={downloadBidSheet.isPending}
    >
      Download PDF
    </Button>
  );
}

function ResultsOverview({ results }: { results: SessionResults }) {
  const timeZone = useDepartmentTimeZone();
  const { statistics } = results;
  const figures: [label: string, value: string | number][] = [
    [SESSION_STATISTIC_LABELS.participants, results.totalParticipants],
    [SESSION_STATISTIC_LABELS.successfulAssignments, statistics.successfulAssignments],
    [SESSION_STATISTIC_LABELS.autoAssignments, statistics.autoAssignments],
    [SESSION_STATISTIC_LABELS.totalBidsSubmitted, statistics.totalBidsSubmitted],
    [SESSION_STATISTIC_LABELS.averageBidsPerParticipant, statistics.averageBidsPerParticipant.toFixed(1)],
    [SESSION_STATISTIC_LABELS.participantsMovedToBack, statistics.participantsMovedToBack],
    [SESSION_STATISTIC_LABELS.skipped, statistics.skipped],
    [SESSION_STATISTIC_LABELS.notAssigned, statistics.notAssigned],
  ];
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {results.name} ({results.year})
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="sm" m={0}>
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder p="sm">
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={700} size="lg" m={0}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="sm" m={0}>
        <Paper withBorder p="sm">
          <Text component="dt" size="xs" c="dimmed">
            Duration
          </Text>
          <Text component="dd" fw={600} m={0}>
            {formatSessionDuration(results.sessionDuration)}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text component="dt" size="xs" c="dimmed">
            Started
          </Text>
          <Text component="dd" m={0}>
            {formatMoment(results.actualStart, timeZone)}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text component="dt" size="xs" c="dimmed">
            Ended
          </Text>
          <Text component="dd" m={0}>
            {formatMoment(results.actualEnd, timeZone)}
          </Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * "Why this seat" for the signed-in member, when they took part: the reason the session's history
 * gives (issue 16), the same text the signed record carries and `stationbid-verify` rebuilds.
 */
function OwnReason({ participants }: { participants: ResultParticipant[] }) {
  const { user } = useAuth();
  const own = user ? participants.find((participant) => participant.user.id === user.id) : undefined;
  if (!own?.reason) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="own-reason-heading">
      <Title order={2} size="h5" id="own-reason-heading">
        Why this seat
      </Title>
      <Text size="sm" mt={4}>
        {own.reason}
      </Text>
    </Paper>
  );
}

/** The outcome in the overview's words, and whether the member was moved to the back on the way. */
function ParticipantOutcome({ participant }: { participant: ResultParticipant }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={participant.hasBid ? 'green' : 'gray'} variant="light">
        {resultOutcomeLabel(participant)}
      </Badge>
      {participant.movedToBack && <Badge variant="default">Moved to the back</Badge>}
    </Group>
  );
}

function ResultsParticipants({ participants: inQueueOrder }: { participants: ResultParticipant[] }) {
  const isPhone = useIsSmallScreen();
  const participants = bySeniority(inQueueOrder);
  if (participants.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No participants
      </Text>
    );
  }
  const numbering = (
    <Text size="sm" c="dimmed" mb="xs">
      Numbered by seniority. A member moved to the back keeps their number; they only bid later.
    </Text>
  );
  if (isPhone) {
    return (
      <>
        {numbering}
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Participants" style={{ listStyle: 'none' }}>
          {participants.map((participant) => (
            <Paper key={participant.id} component="li" withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Text fw={600}>
                    #{participant.bidPriority} {getParticipantName(participant)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {participant.user.rank}
                  </Text>
                </Stack>
                <ParticipantOutcome participant={participant} />
              </Group>
              <Text size="sm" mt={4}>
                {formatSeat(participant.assignedStation, participant.assignedShift, participant.assignedPosition) ??
                  'No seat'}
              </Text>
              {participant.reason && (
                <Text size="xs" c="dimmed" mt={4}>
                  {participant.reason}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      </>
    );
  }
  return (
    <>
      {numbering}
      <Table.ScrollContainer minWidth={860}>
        <Table striped verticalSpacing="xs" aria-label="Participants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{RESULT_COLUMN_LABELS.seniority}</Table.Th>
              <Table.Th scope="col">{RESULT_COLUMN_LABELS.name}</Table.Th>
              <Table.Th scope="col">{RESULT_COLUMN_LABELS.rank}</Table.Th>
              <Table.Th scope="col">{RESULT_COLUMN_LABELS.outcome}</Table.Th>
              <Table.Th scope="col">{RESULT_COLUMN_LABELS.seat}</Table.Th>
              <Table.Th scope="col">{RESULT_COLUMN_LABELS.reason}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participants.map((participant) => (
              <Table.Tr key={participant.id}>
                <Table.Td>#{participant.bidPriority}</Table.Td>
                <Table.Td>{getParticipantName(participant)}</Table.Td>
                <Table.Td>{participant.user.rank}</Table.Td>
                <Table.Td>
                  <ParticipantOutcome participant={participant} />
                </Table.Td>
                <Table.Td>
                  {formatSeat(participant.assignedStation, participant.assignedShift, participant.assignedPosition) ??
                    '—'}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{participant.reason ?? '—'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Oldest first, as recorded: what happened in words, to whom, the seat, and when in the viewer's zone. */
function ResultsHistory({ entries }: { entries: SessionHistoryEntry[] }) {
  const timeZone = useDepartmentTimeZone();
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No History Yet
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="xs" p={0} m={0} aria-label="Session history" style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <HistoryEntryCard key={entry.id} entry={entry} time={formatMoment(entry.timestamp, timeZone)} />
      ))}
    </Stack>
  );
}
