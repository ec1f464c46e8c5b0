import { Card, Loader, SimpleGrid, Text } from '@mantine/core';
import { type AdminStats, ONLINE_WINDOW_MINUTES } from '@stationbid/domain';
import { LoadError } from '../../../components/load-error.tsx';
import { useAdminStatsQuery } from '../api/admin-dashboard-queries.ts';

interface Tile {
  label: string;
  value: string;
  /** What the figure is made of, e.g. "12 inactive · 3 pending". */
  detail: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The six figures, each from the server's count; nothing here is a fixed text. */
export function buildStatTiles(stats: AdminStats): Tile[] {
  const { members, seats, sessions, bids } = stats;
  return [
    {
      label: 'Active Members',
      value: String(members.active),
      detail: `${members.total} in all · ${members.inactive} inactive · ${members.pending} pending · ${plural(members.admins, 'admin')}`,
    },
    {
      label: 'Online Now',
      value: String(stats.onlineMembers),
      detail: `Seen in the last ${ONLINE_WINDOW_MINUTES} minutes`,
    },
    {
      label: 'Active Stations',
      value: String(stats.stations.active),
      detail: `${stats.stations.total} in all · ${stats.stations.total - stats.stations.active} inactive`,
    },
    {
      label: 'Seats Filled',
      value: `${seats.filled} / ${seats.total}`,
      detail: `${seats.fillRate}% fill rate at active stations`,
    },
    {
      label: 'Running Sessions',
      value: String(sessions.active + sessions.paused),
      detail: `${sessions.active} active · ${sessions.paused} paused · ${sessions.scheduled} scheduled · ${sessions.draft} draft · ${sessions.completed} completed`,
    },
    {
      label: 'Bids Placed',
      value: String(bids.total),
      detail: `${bids.last24Hours} in the last 24 hours · ${bids.last7Days} in the last 7 days`,
    },
  ];
}

/** Six tiles of the department's figures, refreshed by the page's live events and a 30-second poll. */
export function AdminStatTiles() {
  const stats = useAdminStatsQuery();
  if (stats.isPending) return <Loader size="sm" role="status" aria-label="Loading figures" />;
  if (stats.isError) {
    return (
      <LoadError
        title="Failed to load dashboard data"
        error={stats.error}
        onRetry={() => stats.refetch()}
        isRetrying={stats.isFetching}
      />
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      component="ul"
      aria-label="Department figures"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {buildStatTiles(stats.data).map((tile) => (
        <Card key={tile.label} withBorder padding="md" radius="md" component="li" aria-label={tile.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} aria-hidden>
            {tile.label}
          </Text>
          <Text size="xl" fw={700} mt={4}>
            {tile.value}
          </Text>
          <Text size="xs" c="dimmed">
            {tile.detail}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
