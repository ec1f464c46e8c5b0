/**
 * The Station List tab of /admin/stations: summary figures over every station,
 * search and filters, cards or rows, and pages of 12. Everything shown is derived from the one
 * station list the API sent.
 */
import { Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useStationsQuery } from '../api/station-queries.ts';
import {
  countPages,
  filterStations,
  hasStationFilters,
  listStationLocations,
  NO_STATION_FILTERS,
  pageOf,
  type StationFilters,
  type StationStatusFilter,
  summarizeStations,
} from '../utils/station-rules.ts';
import { type StationLayout, StationLayoutSwitch, StationPageFooter } from './station-list-controls.tsx';
import { type StationActions, StationCardGrid, StationTable } from './station-list-views.tsx';

const STATUS_OPTIONS: { value: StationStatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const ALL_LOCATIONS = 'all';

interface StationListTabProps extends StationActions {
  onCreate: () => void;
}

export function StationListTab({ onCreate, ...actions }: StationListTabProps) {
  const stationsQuery = useStationsQuery({ includeInactive: true });
  const [filters, setFilters] = useState<StationFilters>(NO_STATION_FILTERS);
  const [page, setPage] = useState(1);
  const [layout, setLayout] = useState<StationLayout>('grid');

  const stations = stationsQuery.data;
  const summary = useMemo(() => summarizeStations(stations ?? []), [stations]);
  const locations = useMemo(() => listStationLocations(stations ?? []), [stations]);
  // A location whose last station went away (deleted, or its address changed) filters nothing any more.
  const location = filters.location !== null && locations.includes(filters.location) ? filters.location : null;
  const activeFilters = useMemo(() => ({ ...filters, location }), [filters, location]);
  const filteredStations = useMemo(() => filterStations(stations ?? [], activeFilters), [stations, activeFilters]);

  const pageCount = countPages(filteredStations.length);
  // A deletion or a refresh may leave fewer pages than the one open.
  const currentPage = Math.min(page, pageCount);
  const visibleStations = pageOf(filteredStations, currentPage);

  const changeFilters = (changes: Partial<StationFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };
  const clearFilters = () => changeFilters(NO_STATION_FILTERS);

  if (stationsQuery.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading stations" />
      </Center>
    );
  }
  if (stationsQuery.isError) {
    return (
      <LoadError
        title="Failed to load stations"
        error={stationsQuery.error}
        onRetry={() => stationsQuery.refetch()}
        isRetrying={stationsQuery.isFetching}
      />
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid component="section" aria-label="Station summary" cols={{ base: 2, sm: 4 }} spacing="sm">
        <SummaryFigure label="Total Stations" value={String(summary.totalStations)} />
        <SummaryFigure label="Active" value={String(summary.activeStations)} />
        <SummaryFigure label="Total Capacity" value={String(summary.totalCapacity)} />
        <SummaryFigure label="Avg Fill Rate" value={`${summary.averageFillRate}%`} />
      </SimpleGrid>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, number or address"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => changeFilters({ search: event.currentTarget.value })}
          flex="1 1 220px"
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => changeFilters({ status: (value as StationStatusFilter | null) ?? 'all' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label="Location"
          data={[{ value: ALL_LOCATIONS, label: 'All locations' }, ...locations]}
          value={location ?? ALL_LOCATIONS}
          onChange={(value) => changeFilters({ location: value === ALL_LOCATIONS ? null : value })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <StationLayoutSwitch value={layout} onChange={setLayout} />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => stationsQuery.refetch()}
          loading={stationsQuery.isFetching}
        >
          Refresh
        </Button>
      </Group>

      {filteredStations.length === 0 ? (
        <NoStationsFound
          isFiltered={hasStationFilters(activeFilters)}
          onCreate={onCreate}
          onClearFilters={clearFilters}
        />
      ) : (
        <>
          {layout === 'grid' ? (
            <StationCardGrid stations={visibleStations} {...actions} />
          ) : (
            <StationTable stations={visibleStations} {...actions} />
          )}
          <StationPageFooter
            currentPage={currentPage}
            pageCount={pageCount}
            stationCount={filteredStations.length}
            onPageChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}

function SummaryFigure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function NoStationsFound({
  isFiltered,
  onCreate,
  onClearFilters,
}: {
  isFiltered: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
}) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2} size="h3">
          No Stations Found
        </Title>
        {isFiltered ? (
          <>
            <Text c="dimmed">No station matches the search and filters.</Text>
            <Button variant="light" onClick={onClearFilters}>
              Clear Filters
            </Button>
          </>
        ) : (
          <>
            <Text c="dimmed">There are no stations yet. Add the first one, or import a spreadsheet.</Text>
            <Button onClick={onCreate}>Create First Station</Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
