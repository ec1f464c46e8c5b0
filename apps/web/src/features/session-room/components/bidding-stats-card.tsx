import { Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SessionResultsDialog, useUserBidHistoryQuery } from '../../bid-history/index.ts';
import { findLatestCompletedSession, summarizeBiddingStats } from '../utils/bidding-format.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} component="li">
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The member's own record (GET /users/bid-history): bids, bids in completed sessions, sessions bid
 * in and the success rate; and the results of the latest completed session they
 * bid in, over the whole screen.
 */
export function BiddingStatsCard() {
  const historyQuery = useUserBidHistoryQuery();
  const [openSession, setOpenSession] = useState<{ id: string; name: string } | null>(null);

  return (
    <SectionCard title="Bidding Stats">
      {historyQuery.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading bidding stats" />
      ) : historyQuery.isError ? (
        <LoadError
          title="Failed to load bid history"
          error={historyQuery.error}
          onRetry={() => historyQuery.refetch()}
          isRetrying={historyQuery.isFetching}
        />
      ) : (
        <BiddingStatsContent entries={historyQuery.data} onViewResults={setOpenSession} />
      )}
      <SessionResultsDialog session={openSession} onClose={() => setOpenSession(null)} />
    </SectionCard>
  );
}

function BiddingStatsContent({
  entries,
  onViewResults,
}: {
  entries: Parameters<typeof summarizeBiddingStats>[0];
  onViewResults: (session: { id: string; name: string }) => void;
}) {
  const stats = summarizeBiddingStats(entries);
  const latestCompleted = findLatestCompletedSession(entries);
  return (
    <Stack gap="sm">
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        aria-label="Your bidding figures"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        <Figure label="Total Bids" value={String(stats.totalBids)} />
        <Figure label="Completed" value={String(stats.completedBids)} />
        <Figure label="Sessions Bid In" value={String(stats.sessionsBidIn)} />
        <Figure label="Success Rate" value={`${stats.successRate}%`} />
      </SimpleGrid>
      {latestCompleted !== null && (
        <Button
          variant="light"
          onClick={() => onViewResults(latestCompleted)}
          aria-label={`View Results of ${latestCompleted.name}`}
        >
          View Results
        </Button>
      )}
    </Stack>
  );
}
