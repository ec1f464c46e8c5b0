/**
 * The Station Assignments panel (issues 5 and 15):
 * stations with their free seats per shift, a search, filters by location, station, shift and
 * position, Available Only, cards or rows, pages of 12, and per station the filled seats of every
 * position on shifts A, B and C. The session pages show a session's offer in it ("Live Session");
 * bids are placed in the bid panel, not here (one bid action per page). Everything shown comes from
 * the stations passed in.
 */
import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { SEAT_POSITIONS, type SeatPosition, SHIFTS, type Shift } from '@stationbid/domain';
import { IconChevronDown, IconChevronUp, IconMapPin, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import {
  countPages,
  listStationLocations,
  pageOf,
  StationFillBar,
  type StationLayout,
  StationLayoutSwitch,
  StationPageFooter,
  StationStatusBadge,
} from '../../stations/index.ts';
import {
  type AssignmentFilters,
  type AssignmentStation,
  countFreeSeatsPerShift,
  countShiftSeats,
  describeSeatFill,
  filterAssignmentStations,
  getSeatFillColor,
  NO_ASSIGNMENT_FILTERS,
  summarizeStationSeats,
} from '../utils/assignment-stations.ts';
import { StationAssignmentsHeading } from './station-assignments-heading.tsx';

export type { AssignmentSeat, AssignmentStation } from '../utils/assignment-stations.ts';

export interface StationAssignmentsPanelProps {
  stations: readonly AssignmentStation[];
  /** Given: the panel is titled "Live Session" (spec: "labelled Live Session when a session id is given"); otherwise "Station Assignments". */
  sessionId?: string;
}

const ALL_LOCATIONS = 'all';
/** The "All …" choice of the station, shift and position filters. */
const ALL = '';

function readChoice(value: string): string | null {
  return value === ALL ? null : value;
}

export function StationAssignmentsPanel({ stations, sessionId }: StationAssignmentsPanelProps) {
  const panelId = useId();
  const titleId = `${panelId}-title`;
  const [filters, setFilters] = useState<AssignmentFilters>(NO_ASSIGNMENT_FILTERS);
  const [page, setPage] = useState(1);
  const [layout, setLayout] = useState<StationLayout>('grid');
  // Kept by station id, so a refetch or a change of layout leaves open details open.
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(new Set());

  const locations = useMemo(() => listStationLocations([...stations]), [stations]);
  // A location whose last station left the list (a refetch) filters nothing any more.
  const location = filters.location !== null && locations.includes(filters.location) ? filters.location : null;
  // Likewise a station that left the offer.
  const stationId =
    filters.stationId !== null && stations.some((station) => station.id === filters.stationId)
      ? filters.stationId
      : null;
  const activeFilters = useMemo(() => ({ ...filters, location, stationId }), [filters, location, stationId]);
  const stationOptions = useMemo(
    () => stations.map((station) => ({ value: station.id, label: describeStation(station) })),
    [stations],
  );
  const filteredStations = useMemo(() => filterAssignmentStations(stations, activeFilters), [stations, activeFilters]);
  const pageCount = countPages(filteredStations.length);
  // A refetch or a filter may leave fewer pages than the one open.
  const currentPage = Math.min(page, pageCount);
  const visibleStations = pageOf(filteredStations, currentPage);

  const changeFilters = (changes: Partial<AssignmentFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  };
  const toggleExpanded = (stationId: string) => {
    setExpandedIds((current) => {
      const next = new Set(current);
      if (next.has(stationId)) next.delete(stationId);
      else next.add(stationId);
      return next;
    });
  };

  const itemProps = (station: AssignmentStation): StationItemProps => ({
    station,
    detailId: `${panelId}-detail-${station.id}`,
    isExpanded: expandedIds.has(station.id),
    onToggleExpanded: () => toggleExpanded(station.id),
  });

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="md">
        <StationAssignmentsHeading titleId={titleId} sessionId={sessionId} />

        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search stations"
            placeholder="Name, number or address"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filters.search}
            onChange={(event) => changeFilters({ search: event.currentTarget.value })}
            flex="1 1 200px"
          />
          <Select
            label="Location"
            data={[{ value: ALL_LOCATIONS, label: 'All locations' }, ...locations]}
            value={location ?? ALL_LOCATIONS}
            onChange={(value) => changeFilters({ location: value === null || value === ALL_LOCATIONS ? null : value })}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <NativeSelect
            label="Station"
            data={[{ value: ALL, label: 'All stations' }, ...stationOptions]}
            value={stationId ?? ALL}
            onChange={(event) => changeFilters({ stationId: readChoice(event.currentTarget.value) })}
            w={{ base: '100%', xs: 200 }}
          />
          <NativeSelect
            label="Shift"
            data={[
              { value: ALL, label: 'All shifts' },
              ...SHIFTS.map((shift) => ({ value: shift, label: `Shift ${shift}` })),
            ]}
            value={filters.shift ?? ALL}
            onChange={(event) => changeFilters({ shift: readChoice(event.currentTarget.value) as Shift | null })}
            w={{ base: '100%', xs: 130 }}
          />
          <NativeSelect
            label="Position"
            data={[{ value: ALL, label: 'All positions' }, ...SEAT_POSITIONS]}
            value={filters.position ?? ALL}
            onChange={(event) =>
              changeFilters({ position: readChoice(event.currentTarget.value) as SeatPosition | null })
            }
            w={{ base: '100%', xs: 160 }}
          />
          <Switch
            label="Available Only"
            checked={filters.isAvailableOnly}
            onChange={(event) => changeFilters({ isAvailableOnly: event.currentTarget.checked })}
            py={8}
          />
          <StationLayoutSwitch value={layout} onChange={setLayout} />
        </Group>

        {stations.length === 0 ? (
          <Text c="gray.7" ta="center" py="lg">
            No stations available
          </Text>
        ) : filteredStations.length === 0 ? (
          // Without filters every station shows, so an empty result always comes from the filters.
          <NoStationsFound onClearFilters={() => changeFilters(NO_ASSIGNMENT_FILTERS)} />
        ) : (
          <>
            {layout === 'grid' ? (
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
                {visibleStations.map((station) => (
                  <StationCard key={station.id} {...itemProps(station)} />
                ))}
              </SimpleGrid>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Stations">
                {visibleStations.map((station) => (
                  <StationRow key={station.id} {...itemProps(station)} />
                ))}
              </Stack>
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
    </Paper>
  );
}

interface StationItemProps {
  station: AssignmentStation;
  detailId: string;
  isExpanded: boolean;
  onToggleExpanded: () => void;
}

/** "Station 3 · Harbor": how cards, rows and buttons name a station. */
function describeStation(station: AssignmentStation): string {
  return `Station ${station.number} · ${station.name}`;
}

function StationCard({ station, detailId, isExpanded, onToggleExpanded }: StationItemProps) {
  const totals = summarizeStationSeats(station);
  return (
    <Card withBorder padding="sm" component="article" aria-label={describeStation(station)}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text size="xs" c="gray.7" fw={600}>
              Station {station.number}
            </Text>
            <Title order={3} size="h5">
              {station.name}
            </Title>
          </Stack>
          <StationStatusBadge station={{ isActive: station.isActive, fillRate: totals.fillRate }} />
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm">{station.address}</Text>
        </Group>
        <FreeSeatsPerShift station={station} />
        <Text size="sm">
          <strong>{totals.free}</strong> of {totals.total} seats free
        </Text>
        <StationFillBar station={{ number: station.number, fillRate: totals.fillRate }} />
        <Group justify="space-between" gap="xs" mt="auto">
          <ExpandButton station={station} detailId={detailId} isExpanded={isExpanded} onToggle={onToggleExpanded} />
        </Group>
        <Collapse expanded={isExpanded} id={detailId}>
          <ShiftDetail station={station} />
        </Collapse>
      </Stack>
    </Card>
  );
}

function StationRow({ station, detailId, isExpanded, onToggleExpanded }: StationItemProps) {
  const totals = summarizeStationSeats(station);
  const freeSeats = countFreeSeatsPerShift(station);
  return (
    <Paper component="li" withBorder p="sm" aria-label={describeStation(station)}>
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0} miw={0} flex="1 1 180px">
            <Text fw={600}>{describeStation(station)}</Text>
            <Text size="sm" c="gray.7">
              {station.address}
            </Text>
          </Stack>
          <Text size="sm" flex="1 1 160px">
            Free: {SHIFTS.map((shift) => `Shift ${shift} ${freeSeats[shift]}`).join(' · ')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {totals.fillRate}% filled
            </Text>
            <StationStatusBadge station={{ isActive: station.isActive, fillRate: totals.fillRate }} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ExpandButton station={station} detailId={detailId} isExpanded={isExpanded} onToggle={onToggleExpanded} />
          </Group>
        </Group>
        <Collapse expanded={isExpanded} id={detailId}>
          <ShiftDetail station={station} />
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** Free seats and seats of each shift side by side. */
function FreeSeatsPerShift({ station }: { station: AssignmentStation }) {
  const freeSeats = countFreeSeatsPerShift(station);
  return (
    <SimpleGrid
      component="ul"
      cols={3}
      spacing="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Free seats by shift"
    >
      {SHIFTS.map((shift) => (
        <Stack key={shift} component="li" gap={0} ta="center" p={6} bg="var(--mantine-color-gray-light)" bdrs="sm">
          <Text size="xs" fw={700}>
            Shift {shift}
          </Text>
          <Text size="sm">{freeSeats[shift]} free</Text>
          <Text size="xs" c="gray.7">
            of {countShiftSeats(station, shift)} {countShiftSeats(station, shift) === 1 ? 'seat' : 'seats'}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function ExpandButton({
  station,
  detailId,
  isExpanded,
  onToggle,
}: {
  station: AssignmentStation;
  detailId: string;
  isExpanded: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-expanded={isExpanded}
      aria-controls={detailId}
      onClick={onToggle}
      rightSection={isExpanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
    >
      {isExpanded ? 'Hide shifts' : 'Show shifts'}{' '}
      <VisuallyHidden component="span">of Station {station.number}</VisuallyHidden>
    </Button>
  );
}

/** Every position of shifts A, B and C with its filled seats, coloured green, yellow or red (getSeatFillColor). */
function ShiftDetail({ station }: { station: AssignmentStation }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" pt="xs">
      {SHIFTS.map((shift) => (
        <Stack key={shift} gap={4}>
          <Text size="sm" fw={700}>
            Shift {shift}
          </Text>
          {station.seats[shift].length === 0 ? (
            <Text size="sm" c="gray.7">
              No seats
            </Text>
          ) : (
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Shift ${shift} seats`}>
              {station.seats[shift].map((seat) => (
                <Group key={seat.position} component="li" gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm">{seat.position}</Text>
                  <Badge variant="dot" color={getSeatFillColor(seat)} tt="none" fw={500} c="var(--mantine-color-text)">
                    {seat.filled} of {seat.total} filled
                    <VisuallyHidden component="span">, {describeSeatFill(seat).toLowerCase()}</VisuallyHidden>
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function NoStationsFound({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <Paper withBorder p="lg">
      <Stack align="center" gap="sm" ta="center">
        <Title order={3} size="h5">
          No Stations Found
        </Title>
        <Text c="gray.7">No station matches the search and filters.</Text>
        <Button variant="light" onClick={onClearFilters}>
          Clear Filters
        </Button>
      </Stack>
    </Paper>
  );
}
