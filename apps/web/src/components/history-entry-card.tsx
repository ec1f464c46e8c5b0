/**
 * One session-history entry as a card in an ordered list: the action and whom it concerns, when and
 * by whom, the seat, and any details worth reading. Session results and the administrator's history
 * dialog both list history this way on a phone.
 */
import { Paper, Text } from '@mantine/core';
import { historyActorLabel, type SessionHistoryEntry } from '@stationbid/domain';
import { formatHistorySeat, HISTORY_ACTION_LABELS } from '../lib/session-format.ts';

interface HistoryEntryCardProps {
  entry: SessionHistoryEntry;
  /** The entry's moment already in words, as the screen wants it (with or without seconds). */
  time: string;
  /** Extra facts from the entry's details, when the screen shows them. */
  details?: string | null;
}

export function HistoryEntryCard({ entry, time, details = null }: HistoryEntryCardProps) {
  const seat = formatHistorySeat(entry);
  return (
    <Paper component="li" withBorder p="sm">
      <Text size="sm" fw={600}>
        {HISTORY_ACTION_LABELS[entry.action]}
        {entry.userName !== null && `: ${entry.userName}`}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={entry.timestamp}>{time}</time> · by {historyActorLabel(entry.actorName)}
      </Text>
      {seat !== null && <Text size="sm">{seat}</Text>}
      {details !== null && (
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      )}
    </Paper>
  );
}
