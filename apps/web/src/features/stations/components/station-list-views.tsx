/**
 * The two layouts of the admin station list, cards and table rows, showing the same things:
 * name, number, address, capacity per shift, free seats, fill rate, status and the actions.
 */
import { ActionIcon, Card, Group, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { SHIFTS, type Station } from '@stationbid/domain';
import { IconEye, IconMapPin, IconPencil, IconTrash } from '@tabler/icons-react';
import { countAllFreeSeats } from '../utils/station-rules.ts';
import { ShiftCapacityList } from './shift-capacity-list.tsx';
import { StationFillBar, StationStatusBadge } from './station-status.tsx';

export interface StationActions {
  onView: (station: Station) => void;
  onEdit: (station: Station) => void;
  onDelete: (station: Station) => void;
}

interface StationListViewProps extends StationActions {
  stations: Station[];
}

/** "Station 3 (Harbor)": how actions name the station they act on. */
function describeStation(station: Station): string {
  return `Station ${station.number} (${station.name})`;
}

function StationActionButtons({ station, onView, onEdit, onDelete }: StationActions & { station: Station }) {
  const name = describeStation(station);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="View details">
        <ActionIcon variant="subtle" color="gray" aria-label={`View ${name}`} onClick={() => onView(station)}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="blue" aria-label={`Edit ${name}`} onClick={() => onEdit(station)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => onDelete(station)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

export function StationCardGrid({ stations, ...actions }: StationListViewProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {stations.map((station) => (
        <Card
          key={station.id}
          withBorder
          padding="md"
          component="article"
          aria-labelledby={`admin-station-${station.id}-name`}
        >
          <Stack gap="sm" h="100%">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Text size="xs" c="dimmed" fw={600}>
                  Station {station.number}
                </Text>
                <Title order={3} size="h4" id={`admin-station-${station.id}-name`}>
                  {station.name}
                </Title>
              </Stack>
              <StationStatusBadge station={station} />
            </Group>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Text size="sm">{station.address}</Text>
            </Group>
            <ShiftCapacityList station={station} />
            <Text size="sm">
              Available positions: <strong>{countAllFreeSeats(station)}</strong> of {station.totalCapacity}
            </Text>
            <StationFillBar station={station} />
            <Group justify="flex-end" mt="auto">
              <StationActionButtons station={station} {...actions} />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function StationTable({ stations, ...actions }: StationListViewProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Stations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Station</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Capacity (A / B / C)</Table.Th>
            <Table.Th scope="col">Available</Table.Th>
            <Table.Th scope="col">Fill rate</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stations.map((station) => (
            <Table.Tr key={station.id}>
              <Table.Th scope="row" fw={400}>
                <Text size="sm" fw={600}>
                  {station.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Station {station.number}
                </Text>
              </Table.Th>
              <Table.Td>{station.address}</Table.Td>
              <Table.Td>
                {station.totalCapacity} ({SHIFTS.map((shift) => station.shiftCapacity[shift]).join(' / ')})
              </Table.Td>
              <Table.Td>{countAllFreeSeats(station)}</Table.Td>
              <Table.Td miw={120}>
                <StationFillBar station={station} />
              </Table.Td>
              <Table.Td>
                <StationStatusBadge station={station} />
              </Table.Td>
              <Table.Td>
                <StationActionButtons station={station} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
