/**
 * The profile's bidding cards: bid statistics, the member's current
 * session with their place, and their latest bids. Statistics and latest bids come from the same
 * bid-history call as the Bid History page, so the two screens never disagree.
 */
import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DISPLAY_COUNTS } from '@stationbid/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { SESSION_STATUS_COLORS, SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { useUserBidHistoryQuery, useUserBidStatusQuery } from '../api/bid-history-queries.ts';
import { sortNewestFirst, summarizeBidHistory } from '../utils/bid-history-summary.ts';
import { BID_KIND_LABELS, BID_STATUS_COLORS, BID_STATUS_LABELS, formatDate } from '../utils/results-format.ts';

export function ProfileBidActivity() {
  return (
    <Stack gap="md">
      <BidStatisticsSection />
      <CurrentSessionSection />
      <RecentBidsSection />
    </Stack>
  );
}

function ActivitySection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function LoadingLine({ label }: { label: string }) {
  return <Loader size="sm" role="status" aria-label={label} />;
}

function BidStatisticsSection() {
  const historyQuery = useUserBidHistoryQuery();
  return (
    <ActivitySection title="Bid Statistics">
      {historyQuery.isPending ? (
        <LoadingLine label="Loading bid statistics" />
      ) : historyQuery.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {getErrorMessage(historyQuery.error, 'Failed to load bid history')}
        </Text>
      ) : (
        <StatisticsFigures summary={summarizeBidHistory(historyQuery.data)} />
      )}
    </ActivitySection>
  );
}

function StatisticsFigures({ summary }: { summary: ReturnType<typeof summarizeBidHistory> }) {
  const figures: [label: string, value: string | number][] = [
    ['Total Bids', summary.totalBids],
    ['Successful', summary.successfulBids],
    ['Stations Bid', summary.stationsBid],
    ['Success Rate', `${summary.successRate}%`],
  ];
  return (
    <SimpleGrid component="dl" cols={2} spacing="xs" m={0}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="gray.7">
            {label}
          </Text>
          <Text component="dd" fw={700} size="lg" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function CurrentSessionSection() {
  const statusQuery = useUserBidStatusQuery();
  if (statusQuery.isPending) {
    return (
      <ActivitySection title="Current Bid Sessions">
        <LoadingLine label="Loading current bid sessions" />
      </ActivitySection>
    );
  }
  if (statusQuery.isError) {
    return (
      <ActivitySection title="Current Bid Sessions">
        <Text size="sm" c="red.8" role="alert">
          {getErrorMessage(statusQuery.error, 'Failed to load current bid session')}
        </Text>
      </ActivitySection>
    );
  }
  const { session, position, isUserTurn } = statusQuery.data;
  return (
    <ActivitySection title="Current Bid Sessions">
      {session === null ? (
        <Text size="sm" c="gray.7">
          No Active Sessions
        </Text>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600}>{session.name}</Text>
            <Badge color={SESSION_STATUS_COLORS[session.status]} variant="light" flex="none">
              {SESSION_STATUS_LABELS[session.status]}
            </Badge>
          </Group>
          <Text size="sm">
            {position === null
              ? 'You are not a participant in this session'
              : isUserTurn
                ? `Your place: #${position} (it is your turn)`
                : `Your place: #${position}`}
          </Text>
        </Stack>
      )}
    </ActivitySection>
  );
}

function RecentBidsSection() {
  const timeZone = useDepartmentTimeZone();
  const historyQuery = useUserBidHistoryQuery();
  let content: ReactNode;
  if (historyQuery.isPending) {
    content = <LoadingLine label="Loading recent bids" />;
  } else if (historyQuery.isError) {
    content = (
      <Text size="sm" c="red.8" role="alert">
        {getErrorMessage(historyQuery.error, 'Failed to load bid history')}
      </Text>
    );
  } else if (historyQuery.data.length === 0) {
    content = (
      <Text size="sm" c="gray.7">
        No Bids Yet
      </Text>
    );
  } else {
    const latest = sortNewestFirst(historyQuery.data).slice(0, DISPLAY_COUNTS.profileHistory);
    content = (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Latest bids" style={{ listStyle: 'none' }}>
        {latest.map((entry) => (
          <li key={entry.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  Station {entry.station.number} ({entry.station.name}) · Shift {entry.shift} · {entry.position}
                </Text>
                <Text size="xs" c="gray.7">
                  {entry.session.name} · {BID_KIND_LABELS[entry.kind]} · {formatDate(entry.timestamp, { timeZone })}
                </Text>
              </Stack>
              <Badge color={BID_STATUS_COLORS[entry.status]} variant="light" flex="none">
                {BID_STATUS_LABELS[entry.status]}
              </Badge>
            </Group>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <ActivitySection title="Recent Bid History">
      {content}
      <Anchor component={Link} to={paths.bidHistory} size="sm">
        View all bid history
      </Anchor>
    </ActivitySection>
  );
}
