import { ActionIcon, Badge, Box, Loader, Stack, Text } from '@mantine/core';
import { describeMinutes } from '@stationbid/domain';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { formatSessionPeriod } from '../utils/dashboard-format.ts';
import type { DashboardSession } from '../utils/dashboard-session.ts';

export interface CurrentBidStatusCardProps {
  /** The member's session as the whole dashboard shows it (useDashboardSession); undefined while it loads. */
  view: DashboardSession | undefined;
  error: Error | null;
  isFetching: boolean;
  onRefresh: () => void;
}

/**
 * The terms of the member's session: its state, size, turn lengths and period. Where the member
 * stands in it is said once, in the session banner above, from the same source.
 */
export function CurrentBidStatusCard({ view, error, isFetching, onRefresh }: CurrentBidStatusCardProps) {
  const refresh = (
    <ActionIcon variant="subtle" aria-label="Refresh bid status" onClick={onRefresh} loading={isFetching}>
      <IconRefresh aria-hidden size={18} />
    </ActionIcon>
  );

  return (
    <SectionCard title="Current Bid Status" aside={refresh}>
      {view === undefined && error === null ? (
        <Loader size="sm" role="status" aria-label="Loading bid status" />
      ) : view === undefined ? (
        <LoadError
          title="Failed to load current bid session"
          error={error}
          onRetry={onRefresh}
          isRetrying={isFetching}
        />
      ) : view.kind === 'none' ? (
        <Text size="sm" c="dimmed">
          You are not in a bid session right now.
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fw={700}>{view.session.name}</Text>
          {/* A description list, not Mantine's Table: Table brings its ScrollArea and @floating-ui
              (about 18 kB) into the dashboard's first load. */}
          <Box
            component="dl"
            m={0}
            fz="sm"
            style={{ display: 'grid', gridTemplateColumns: '45% 1fr', gap: '4px var(--mantine-spacing-sm)' }}
          >
            <Fact term="Status">
              <Badge variant="light">{SESSION_STATUS_LABELS[view.session.status]}</Badge>
            </Fact>
            <Fact term="Participants">{view.session.participantCount}</Fact>
            <Fact term="Time per turn">{describeMinutes(view.session.turnMinutes)}</Fact>
            <Fact term="Second chance">{describeMinutes(view.session.secondChanceMinutes)}</Fact>
            <Fact term="Session period">{formatSessionPeriod(view.session.startDate, view.session.endDate)}</Fact>
          </Box>
          {view.session.description !== '' && <Text size="sm">{view.session.description}</Text>}
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
