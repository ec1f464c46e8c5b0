/**
 * Fire Stations (/stations, spec section 2): every active station as a card with its seats and
 * free seats per shift, for members deciding where to bid.
 */
import { Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Station } from '@stationbid/domain';
import { IconMapPin } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useStationsQuery } from '../api/get-stations.ts';
import { countAllFreeSeats } from '../utils/station-rules.ts';
import { ShiftCapacityList } from './shift-capacity-list.tsx';

export function StationsPage() {
  const stationsQuery = useStationsQuery();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Fire Stations</PageTitle>
        <Text c="dimmed">Active stations with their seats and free seats on each shift.</Text>
      </Stack>
      <StationCards query={stationsQuery} />
    </Stack>
  );
}

function StationCards({ query }: { query: ReturnType<typeof useStationsQuery> }) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading stations" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="Failed to load stations"
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  // The server sends only active stations here; the spec's rule is kept anyway, so a change there cannot list closed ones.
  const stations = query.data.filter((station) => station.isActive);
  if (stations.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        No stations available
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {stations.map((station) => (
        <MemberStationCard key={station.id} station={station} />
      ))}
    </SimpleGrid>
  );
}

function MemberStationCard({ station }: { station: Station }) {
  const freeSeats = countAllFreeSeats(station);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`station-${station.id}-name`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed" fw={600}>
              Station {station.number}
            </Text>
            <Title order={2} size="h4" id={`station-${station.id}-name`}>
              {station.name}
            </Title>
          </Stack>
          <Badge variant="light" color={freeSeats > 0 ? 'green' : 'gray'} flex="none">
            {freeSeats} of {station.totalCapacity} free
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">{station.address}</Text>
        </Group>
        <ShiftCapacityList station={station} />
      </Stack>
    </Card>
  );
}
