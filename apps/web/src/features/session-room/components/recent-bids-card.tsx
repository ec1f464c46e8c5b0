import { Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { SessionHistoryEntry } from '@stationbid/domain';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { describeHistorySeat, listRecentBids } from '../utils/bidding-format.ts';

interface RecentBidsCardProps {
  /** The session's history; undefined while loading or when the member may not read it. */
  history: readonly SessionHistoryEntry[] | undefined;
  /** Only participants and administrators may read a session's history. */
  canReadHistory: boolean;
  /** Why the history did not load, or null. */
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
  nowMs: number;
}

/** The newest 10 seats won in the session (spec sections 2 and 9), newest first. */
export function RecentBidsCard({ history, canReadHistory, error, onRetry, isRetrying, nowMs }: RecentBidsCardProps) {
  return (
    <SectionCard
      title={
        <>
          Recent Bids
          {/* The Live Draft card has its own, shorter "Recent Bids": this one's name tells them apart. */}
          <VisuallyHidden>: the newest 10 of this session</VisuallyHidden>
        </>
      }
    >
      {!canReadHistory ? (
        <Text size="sm" c="gray.7">
          The session's bids are shown to its participants.
        </Text>
      ) : history === undefined && error !== null ? (
        <LoadError title="Failed to load session data" error={error} onRetry={onRetry} isRetrying={isRetrying} />
      ) : history === undefined ? (
        <Loader size="sm" role="status" aria-label="Loading recent bids" />
      ) : (
        <RecentBidsList entries={listRecentBids(history)} nowMs={nowMs} />
      )}
    </SectionCard>
  );
}

function RecentBidsList({ entries, nowMs }: { entries: readonly SessionHistoryEntry[]; nowMs: number }) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No Recent Bids
      </Text>
    );
  }
  return (
    <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <Text size="sm" fw={600}>
            {entry.userName ?? entry.actorName}
            {entry.action === 'auto_assigned' && ' (auto-assigned)'}
          </Text>
          <Text size="sm">{describeHistorySeat(entry)}</Text>
          <Text size="xs" c="gray.7">
            {formatRelativeTime(entry.timestamp, nowMs)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
