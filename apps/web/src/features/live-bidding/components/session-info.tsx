import { Group, Progress, Stack, Text } from '@mantine/core';
import type { BidSessionDetail, SessionHistoryEntry } from '@stationbid/domain';
import { formatSessionDates } from '../../../lib/session-format.ts';
import { describeHistoryEntry, formatMoment, sortHistoryNewestFirst } from '../utils/live-bidding-format.ts';
import { LiveSection } from './live-section.tsx';

/** Bid window, progress (completed bids over participants) and period. */
export function SessionInfo({ session }: { session: BidSessionDetail }) {
  const total = session.participantCount;
  const completed = Math.min(session.completedBids, total);
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  const rows: [string, string][] = [
    ['Bid window', `${session.bidWindowDuration} ${session.bidWindowDuration === 1 ? 'minute' : 'minutes'} per turn`],
    ['Period', formatSessionDates(session)],
    ['Year', String(session.year)],
  ];
  return (
    <LiveSection title="Session Info">
      <Stack gap={6}>
        {session.description !== '' && <Text size="sm">{session.description}</Text>}
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
                {formatMoment(entry.timestamp)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </LiveSection>
  );
}
