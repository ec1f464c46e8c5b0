/**
 * Fire Stations (/stations): every active station in the shared Station Assignments
 * panel, with its free seats per shift and, on demand, each position's filled seats, for members
 * deciding where to bid. Search, location, Available Only and paging come with the panel.
 */
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { StationAssignmentsPanel, toAssignmentStationsFromList } from '../../features/session-room/index.ts';
import { useStationsQuery } from '../../features/stations/index.ts';

function StationsPage() {
  const stationsQuery = useStationsQuery();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Fire Stations</PageTitle>
        <Text c="gray.7">Active stations with their seats and free seats on each shift.</Text>
      </Stack>
      <StationList query={stationsQuery} />
    </Stack>
  );
}

function StationList({ query }: { query: ReturnType<typeof useStationsQuery> }) {
  // The server sends only active stations here; the spec's rule is kept anyway, so a change there cannot list closed ones.
  const stations = useMemo(
    () => toAssignmentStationsFromList((query.data ?? []).filter((station) => station.isActive)),
    [query.data],
  );
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
  return <StationAssignmentsPanel stations={stations} />;
}

/** What React Router renders for this route (route modules are loaded lazily by app/router.tsx). */
export { StationsPage as Component };
