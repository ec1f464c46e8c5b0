import { ActionIcon, Badge, Box, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMinutes, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { useBidStatusQuery } from '../api/dashboard-queries.ts';
import { formatSessionPeriod } from '../utils/dashboard-format.ts';

/** The member's session: its state, their place in it, and its terms; refreshed on demand. */
export function CurrentBidStatusCard({ isFollowedLive }: { isFollowedLive: boolean }) {
  const bidStatus = useBidStatusQuery({ isFollowedLive });
  const refresh = (
    <ActionIcon
      variant="subtle"
      aria-label="Refresh bid status"
      onClick={() => bidStatus.refetch()}
      loading={bidStatus.isFetching}
    >
      <IconRefresh aria-hidden size={18} />
    </ActionIcon>
  );

  return (
    <SectionCard title="Current Bid Status" aside={refresh}>
      {bidStatus.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading bid status" />
      ) : bidStatus.isError ? (
        <LoadError
          title="Failed to load current bid session"
          error={bidStatus.error}
          onRetry={() => bidStatus.refetch()}
          isRetrying={bidStatus.isFetching}
        />
      ) : bidStatus.data.session === null ? (
        <Text size="sm" c="dimmed">
          You are not in a bid session right now.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fw={700}>{bidStatus.data.session.name}</Text>
          {/* A description list, not Mantine's Table: Table brings its ScrollArea and @floating-ui
              (about 18 kB) into the dashboard's first load (issue 14's 250 kB). */}
          <Box
            component="dl"
            m={0}
            fz="sm"
            style={{ display: 'grid', gridTemplateColumns: '45% 1fr', gap: '4px var(--mantine-spacing-sm)' }}
          >
            <Fact term="Status">
              <Badge variant="light">{SESSION_STATUS_LABELS[bidStatus.data.session.status]}</Badge>
            </Fact>
            <Fact term="Your position">
              {bidStatus.data.position === null ? 'Not a participant' : `#${bidStatus.data.position}`}
            </Fact>
            <Fact term="Participants">{bidStatus.data.session.participantCount}</Fact>
            <Fact term="Time limit">{formatMinutes(bidStatus.data.session.bidWindowDuration)} per turn</Fact>
            <Fact term="Session period">
              {formatSessionPeriod(bidStatus.data.session.startDate, bidStatus.data.session.endDate)}
            </Fact>
          </Box>
          {bidStatus.data.session.description !== '' && <Text size="sm">{bidStatus.data.session.description}</Text>}
        </Stack>
      )}
    </SectionCard>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" fw={700}>
        {term}
      </Box>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </>
  );
}
