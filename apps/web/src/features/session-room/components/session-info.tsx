import { Group, Progress, Stack, Text } from '@mantine/core';
import type { BidSession, SessionBoard, SessionHistoryEntry } from '@stationbid/domain';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatSessionDates } from '../../../lib/session-format.ts';
import { describeHistoryEntry, formatMoment, sortHistoryNewestFirst } from '../utils/live-bidding-format.ts';
import { LiveSection } from './live-section.tsx';

interface SessionInfoProps {
  board: SessionBoard;
  /** The session's calendar days (from the sessions list: the board does not carry them); null while unknown. */
  dates: Pick<BidSession, 'startDate' | 'endDate'> | null;
}

/** Bid window, progress (completed bids over participants) and period. */
export function SessionInfo({ board, dates }: SessionInfoProps) {
  const total = board.counts.total;
  const completed = Math.min(board.counts.done, total);
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  const rows: [string, string][] = [
    ['Bid window', `${board.bidWindowDuration} ${board.bidWindowDuration === 1 ? 'minute' : 'minutes'} per turn`],
    ...(dates === null ? [] : [['Period', formatSessionDates(dates)] as [string, string]]),
    ['Year', String(board.year)],
  ];
  return (
    <LiveSection title="Session Info">
      <Stack gap={6}>
        {board.description !== '' && <Text size="sm">{board.description}</Text>}
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </Group>
        ))}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Progress
          </Text>
          <Text size="sm">
            {completed} of {total} completed
          </Text>
        </Group>
        <Progress value={percent} aria-label={`Progress: ${completed} of ${total} completed`} />
      </Stack>
    </LiveSection>
  );
}

/** What happened in the session, newest first, with times in the viewer's zone. */
export function SessionHistory({ history }: { history: SessionHistoryEntry[] | undefined }) {
  const timeZone = useDepartmentTimeZone();
  return (
    <LiveSection title="Session History">
      {history === undefined ? (
        <Text c="dimmed" size="sm">
          Loading history...
        </Text>
      ) : history.length === 0 ? (
        <Text c="dimmed" size="sm">
          No History Yet
        </Text>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          aria-label="Session history, newest first"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {sortHistoryNewestFirst(history).map((entry) => (
            <li key={entry.id}>
              <Text size="sm">{describeHistoryEntry(entry)}</Text>
              <Text size="xs" c="dimmed" component="time" dateTime={entry.timestamp}>
                {formatMoment(entry.timestamp, { timeZone })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </LiveSection>
  );
}
