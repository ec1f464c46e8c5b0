/**
 * The live draft view: the session's status, the
 * latest seat awards (with an "Admin View" tag for administrators), who bids next, the session's
 * figures, and every award in a table that opens on demand. Awards come from the session's
 * history; who is next and the figures from its participants, as the server counts them.
 */
import {
  Badge,
  Button,
  Collapse,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type SessionBoard, type SessionHistoryEntry, TIMERS } from '@stationbid/domain';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { formatHistorySeat, SESSION_STATUS_COLORS, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { formatMoment } from '../utils/live-bidding-format.ts';
import {
  describeAwardMethod,
  findTurnHolder,
  getAwardee,
  listRecentAwards,
  listSeatAwards,
  listUpcomingParticipants,
  summarizeDraft,
} from '../utils/live-draft.ts';

export interface LiveDraftViewProps {
  /** The session's board: its status, turn holder, who is next and the counts. */
  board: SessionBoard;
  /** The session's history (GET /api/bid-sessions/history?sessionId=…), undefined while loading. */
  history: readonly SessionHistoryEntry[] | undefined;
  isAdmin: boolean;
}

export function LiveDraftView({ board, history, isAdmin }: LiveDraftViewProps) {
  const titleId = useId();
  // The draft refreshes every 30 seconds (TIMERS.liveRefreshMs); "2m ago" ages at the same pace.
  const nowMs = useNow(TIMERS.liveRefreshMs);
  const awards = useMemo(() => (history === undefined ? undefined : listSeatAwards(history)), [history]);

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0} miw={0}>
            <Title order={2} size="h4" id={titleId}>
              Live Draft
            </Title>
            <Text size="sm" c="gray.7">
              {board.name}
            </Text>
          </Stack>
          <Badge color={SESSION_STATUS_COLORS[board.status]} variant="light" size="lg">
            {SESSION_STATUS_LABELS[board.status]}
          </Badge>
        </Group>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <RecentBids history={history} isAdmin={isAdmin} nowMs={nowMs} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Upcoming board={board} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <SessionStats board={board} history={history} />
          </Grid.Col>
        </Grid>

        <AllBidsHistory awards={awards} />
      </Stack>
    </Paper>
  );
}

function DraftCard({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="sm" h="100%">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function LoadingBids() {
  return (
    <Group gap="xs">
      <Loader size="xs" role="status" aria-label="Loading bids" />
      <Text size="sm" c="gray.7">
        Loading bids…
      </Text>
    </Group>
  );
}

function RecentBids({
  history,
  isAdmin,
  nowMs,
}: {
  history: readonly SessionHistoryEntry[] | undefined;
  isAdmin: boolean;
  nowMs: number;
}) {
  const timeZone = useDepartmentTimeZone();
  const recent = useMemo(() => (history === undefined ? undefined : listRecentAwards(history)), [history]);
  return (
    <DraftCard
      title="Recent Bids"
      badge={
        isAdmin && (
          <Badge color="grape" variant="light">
            Admin View
          </Badge>
        )
      }
    >
      {recent === undefined ? (
        <LoadingBids />
      ) : recent.length === 0 ? (
        <Text size="sm" c="gray.7">
          No seats awarded yet.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Latest seat awards">
          {recent.map((entry) => (
            <Stack key={entry.id} component="li" gap={0}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {getAwardee(entry)}
                </Text>
                <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.timestamp} title={formatMoment(entry.timestamp, { timeZone })}>
                    {formatRelativeTime(entry.timestamp, nowMs, { timeZone })}
                  </time>
                </Text>
              </Group>
              <Text size="sm">{formatHistorySeat(entry)}</Text>
              <Text size="xs" c="gray.7">
                {describeAwardMethod(entry)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </DraftCard>
  );
}

function Upcoming({ board }: { board: SessionBoard }) {
  const holder = findTurnHolder(board);
  const upcoming = listUpcomingParticipants(board);
  return (
    <DraftCard title="Upcoming">
      {holder !== null && (
        <Text size="sm">
          Bidding now: <strong>{holder.name}</strong>
        </Text>
      )}
      {upcoming.length === 0 ? (
        <Text size="sm" c="gray.7">
          {board.status === 'completed' ? 'Everyone has had their turn.' : 'No one else is waiting.'}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Next in queue">
          {upcoming.map((participant) => (
            <Group key={participant.participantId} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  #{participant.queuePosition + 1} {participant.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {participant.rank} · priority {participant.bidPriority}
                </Text>
              </Stack>
              {participant.movedToBack && (
                <Badge color="orange" variant="light" tt="none">
                  Moved to back
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </DraftCard>
  );
}

function SessionStats({
  board,
  history,
}: {
  board: SessionBoard;
  history: readonly SessionHistoryEntry[] | undefined;
}) {
  const stats = summarizeDraft(board.counts, history);
  const figures: { label: string; value: number }[] = [
    { label: 'Participants', value: stats.participants },
    { label: 'Bids Completed', value: stats.completedBids },
    { label: 'Remaining', value: stats.remaining },
    { label: 'Own Bids', value: stats.ownBids },
    { label: 'Phone-in Bids', value: stats.phoneInBids },
    { label: 'Auto-assigned', value: stats.autoAssigned },
    { label: 'Skipped', value: stats.skipped },
    { label: 'Not Assigned', value: stats.notAssigned },
    { label: 'Moved to Back', value: stats.movedToBack },
  ];
  return (
    <DraftCard title="Session Stats">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">Progress</Text>
          <Text size="sm" fw={700}>
            {stats.progressPercent}%
          </Text>
        </Group>
        <Progress value={stats.progressPercent} aria-label="Session progress" size="sm" />
      </Stack>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
        {figures.map((figure) => (
          <Stack key={figure.label} gap={0}>
            <Text component="dt" size="xs" c="gray.7">
              {figure.label}
            </Text>
            <Text component="dd" fw={700} m={0}>
              {figure.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </DraftCard>
  );
}

function AllBidsHistory({ awards }: { awards: SessionHistoryEntry[] | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailId = useId();
  const isSmallScreen = useIsSmallScreen();
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        justify="space-between"
        aria-expanded={isOpen}
        aria-controls={detailId}
        onClick={() => setIsOpen((open) => !open)}
        rightSection={isOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
      >
        All Bids History{awards === undefined ? '' : ` (${awards.length})`}
      </Button>
      <Collapse expanded={isOpen} id={detailId}>
        {awards === undefined ? (
          <LoadingBids />
        ) : awards.length === 0 ? (
          <Text size="sm" c="gray.7">
            No seats awarded yet.
          </Text>
        ) : isSmallScreen ? (
          <AwardList awards={awards} />
        ) : (
          <AwardTable awards={awards} />
        )}
      </Collapse>
    </Stack>
  );
}

/** "#3", or a dash for an entry that names no participant's place. */
function formatQueuePlace(entry: SessionHistoryEntry): string {
  return entry.bidPriority === null ? '–' : `#${entry.bidPriority}`;
}

function formatStation(entry: SessionHistoryEntry): string {
  if (entry.stationName === null) return '–';
  return entry.stationNumber === null ? entry.stationName : `Station ${entry.stationNumber} (${entry.stationName})`;
}

function AwardTable({ awards }: { awards: SessionHistoryEntry[] }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" fz="sm" aria-label="All bids">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Queue #</Table.Th>
            <Table.Th scope="col">Member</Table.Th>
            <Table.Th scope="col">Station</Table.Th>
            <Table.Th scope="col">Shift</Table.Th>
            <Table.Th scope="col">Position</Table.Th>
            <Table.Th scope="col">How</Table.Th>
            <Table.Th scope="col">Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {awards.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatQueuePlace(entry)}</Table.Td>
              <Table.Th scope="row" fw={600}>
                {getAwardee(entry)}
              </Table.Th>
              <Table.Td>{formatStation(entry)}</Table.Td>
              <Table.Td>{entry.shift ?? '–'}</Table.Td>
              <Table.Td>{entry.position ?? '–'}</Table.Td>
              <Table.Td>{describeAwardMethod(entry)}</Table.Td>
              <Table.Td>
                <time dateTime={entry.timestamp}>{formatMoment(entry.timestamp, { timeZone })}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same awards on a phone, one card each, so nothing scrolls sideways. */
function AwardList({ awards }: { awards: SessionHistoryEntry[] }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="All bids">
      {awards.map((entry) => (
        <Paper key={entry.id} component="li" withBorder p="xs">
          <Text size="sm" fw={600}>
            {formatQueuePlace(entry)} {getAwardee(entry)}
          </Text>
          <Text size="sm">{formatHistorySeat(entry)}</Text>
          <Text size="xs" c="gray.7">
            {describeAwardMethod(entry)} ·{' '}
            <time dateTime={entry.timestamp}>{formatMoment(entry.timestamp, { timeZone })}</time>
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
