/**
 * The control panel's watch on the queue: the turn holder and the next ten, whether each is online
 * (joined and seen in the last two minutes), and how the latest notice of their turn went on each
 * channel, from the outbox, so an administrator sees who to phone before a turn runs out untold.
 * Read again as the turn moves and every 15 seconds.
 */
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DELIVERY_CHANNELS,
  type NextInQueueEntry,
  plural,
  type SessionBoard,
  type TurnNotice,
} from '@stationbid/domain';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatTimeOfDay } from '../../../lib/session-format.ts';
import { useNextInQueueQuery } from '../api/bid-session-queries.ts';
import {
  CHANNEL_LABELS,
  DELIVERY_RESULT_COLORS,
  DELIVERY_RESULT_LABELS,
  turnsAwayText,
} from '../utils/delivery-words.ts';

export interface DeliveryLogSubject {
  memberId: string;
  name: string;
}

interface NextInQueuePanelProps {
  board: SessionBoard;
  /** Opens the delivery log, filtered to this member. */
  onShowNotices: (member: DeliveryLogSubject) => void;
}

export function NextInQueuePanel({ board, onShowNotices }: NextInQueuePanelProps) {
  const turn = `${board.status}:${board.currentParticipant}:${board.turn?.participantId ?? ''}:${board.counts.done}`;
  const query = useNextInQueueQuery(board.sessionId, turn);
  const titleId = `next-in-queue-${board.sessionId}`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>
            Next in queue
          </Title>
          {query.data !== undefined && (
            <Text size="xs" c="dimmed">
              {plural(query.data.waiting, 'member')} waiting
            </Text>
          )}
        </Group>
        {query.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the next in queue" />
        ) : query.isError ? (
          <Text size="sm" c="red.8">
            The queue could not be read.{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Text>
        ) : query.data.entries.length === 0 ? (
          <Text size="sm">Nobody is waiting.</Text>
        ) : (
          <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {query.data.entries.map((entry) => (
              <QueueRow key={entry.participantId} entry={entry} onShowNotices={onShowNotices} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function QueueRow({
  entry,
  onShowNotices,
}: {
  entry: NextInQueueEntry;
  onShowNotices: (member: DeliveryLogSubject) => void;
}) {
  const memberId = entry.memberId;
  return (
    <li aria-label={`${turnsAwayText(entry.turnsAway)}: ${entry.name}`}>
      {/* The turn holder is marked by a border, not a tint: text and buttons keep their contrast. */}
      <Paper
        withBorder
        p={6}
        radius="sm"
        style={entry.turnsAway === 0 ? { borderLeft: '4px solid var(--mantine-color-blue-filled)' } : undefined}
      >
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="dimmed" fw={600} w={96}>
                {turnsAwayText(entry.turnsAway)}
              </Text>
              <Text size="sm" fw={600}>
                {entry.name}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.rank}
              </Text>
              {entry.movedToBack && (
                <Badge size="xs" color="orange" variant="light">
                  Second chance
                </Badge>
              )}
            </Group>
            <Badge size="sm" variant={entry.isOnline ? 'filled' : 'light'} color={entry.isOnline ? 'green.8' : 'gray'}>
              {entry.isOnline ? 'Online' : 'Offline'}
            </Badge>
          </Group>
          <Group gap={6} wrap="wrap" justify="space-between">
            <Group gap={4} wrap="wrap">
              {DELIVERY_CHANNELS.map((channel) => (
                <NoticeBadge key={channel} channelLabel={CHANNEL_LABELS[channel]} notice={entry.notices[channel]} />
              ))}
            </Group>
            {memberId !== null && (
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => onShowNotices({ memberId, name: entry.name })}
                aria-label={`Notices to ${entry.name}`}
              >
                All notices
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </li>
  );
}

/**
 * A badge's words wrap on a phone rather than being cut off. Badges here are light (the theme
 * darkens their text to AA) or filled, never outline: grey outline text is under 4.5:1.
 */
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

function NoticeBadge({ channelLabel, notice }: { channelLabel: string; notice: TurnNotice | null }) {
  const timeZone = useDepartmentTimeZone();
  if (notice === null) {
    return (
      <Badge size="sm" variant="light" color="gray" tt="none" styles={WRAPPING_BADGE}>
        {channelLabel}: none sent
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color={DELIVERY_RESULT_COLORS[notice.result]} tt="none" styles={WRAPPING_BADGE}>
      {channelLabel}: {notice.kindLabel} {DELIVERY_RESULT_LABELS[notice.result]}{' '}
      {formatTimeOfDay(notice.at, { timeZone })}
    </Badge>
  );
}
