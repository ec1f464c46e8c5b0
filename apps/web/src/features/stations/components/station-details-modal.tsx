/**
 * Everything about one station: its fields, each shift's seats,
 * occupied and free seats by position, and the members seated there now.
 */
import { Badge, Button, Group, List, Modal, SimpleGrid, Stack, Table, Text, Title, useMatches } from '@mantine/core';
import { plural, SHIFTS, type Station } from '@stationbid/domain';
import type { ReactNode } from 'react';
import { countFreeSeats, getStationLocation } from '../utils/station-rules.ts';
import { StationFillBar, StationStatusBadge } from './station-status.tsx';

interface StationDetailsModalProps {
  station: Station | null;
  onClose: () => void;
  onEdit: (station: Station) => void;
}

export function StationDetailsModal({ station, onClose, onEdit }: StationDetailsModalProps) {
  const isSmallScreen = useMatches({ base: true, sm: false });
  return (
    <Modal
      opened={station !== null}
      onClose={onClose}
      title={station === null ? 'Station Details' : `${station.name} (Station ${station.number})`}
      size="xl"
      fullScreen={isSmallScreen}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {station !== null && <StationDetails station={station} onClose={onClose} onEdit={onEdit} />}
    </Modal>
  );
}

function StationDetails({
  station,
  onClose,
  onEdit,
}: {
  station: Station;
  onClose: () => void;
  onEdit: (station: Station) => void;
}) {
  const assignedCount = SHIFTS.reduce((sum, shift) => sum + station.currentAssignments[shift].length, 0);
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <StationStatusBadge station={station} />
        <Text size="sm" c="dimmed">
          {station.totalOccupancy} of {plural(station.totalCapacity, 'seat')} taken
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        <Field label="Station number">{station.number}</Field>
        <Field label="Name">{station.name}</Field>
        <Field label="Address">{station.address}</Field>
        <Field label="Location">{getStationLocation(station.address) ?? 'Not set'}</Field>
        <Field label="Phone number">{station.phoneNumber ?? 'Not set'}</Field>
        <Field label="Email">{station.email ?? 'Not set'}</Field>
        <Field label="Status">{station.isActive ? 'Active' : 'Inactive'}</Field>
        <Field label="Total capacity">{station.totalCapacity}</Field>
        <Field label="Preferred ranks">
          {station.preferredRanks.length === 0 ? 'None' : station.preferredRanks.join(', ')}
        </Field>
        <Field label="Description">{station.description ?? 'None'}</Field>
      </SimpleGrid>

      <StationFillBar station={station} />

      <Stack gap="xs">
        <Title order={3} size="h5" id="station-details-shifts">
          Seats per shift
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table aria-labelledby="station-details-shifts" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Shift</Table.Th>
                <Table.Th scope="col">Capacity</Table.Th>
                <Table.Th scope="col">Occupied</Table.Th>
                <Table.Th scope="col">Available</Table.Th>
                <Table.Th scope="col">Free seats by position</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SHIFTS.map((shift) => (
                <Table.Tr key={shift}>
                  <Table.Th scope="row">Shift {shift}</Table.Th>
                  <Table.Td>{station.shiftCapacity[shift]}</Table.Td>
                  <Table.Td>{station.occupancy[shift]}</Table.Td>
                  <Table.Td>{countFreeSeats(station, shift)}</Table.Td>
                  <Table.Td>
                    {station.availablePositions[shift].length === 0
                      ? 'No seats'
                      : station.availablePositions[shift]
                          .map((entry) => `${positionLabel(entry)}: ${entry.count} of ${entry.total} free`)
                          .join(', ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          Current assignments
        </Title>
        {assignedCount === 0 ? (
          <Text size="sm" c="dimmed">
            No members are assigned to this station.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {SHIFTS.map((shift) => (
              <Stack key={shift} gap={4}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    Shift {shift}
                  </Text>
                  <Badge size="sm" variant="light" color="gray">
                    {station.currentAssignments[shift].length}
                  </Badge>
                </Group>
                {station.currentAssignments[shift].length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nobody
                  </Text>
                ) : (
                  <List size="sm" spacing={2} aria-label={`Members on shift ${shift}`}>
                    {station.currentAssignments[shift].map((assignment) => (
                      <List.Item key={assignment.memberId}>
                        {assignment.firstName} {assignment.lastName} ({assignment.position})
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => onEdit(station)}>Edit Station</Button>
      </Group>
    </Stack>
  );
}

/** One label and value of the details list. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** "Firefighter", or for a group with rules "Firefighter (requires PM, must be filled)". */
function positionLabel(entry: { position: string; requires?: string[] | undefined; mustFill?: boolean | undefined }) {
  const rules = [
    ...(entry.requires !== undefined && entry.requires.length > 0 ? [`requires ${entry.requires.join(' and ')}`] : []),
    ...(entry.mustFill === true ? ['must be filled'] : []),
  ];
  return rules.length === 0 ? entry.position : `${entry.position} (${rules.join(', ')})`;
}
