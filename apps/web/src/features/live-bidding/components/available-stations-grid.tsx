/**
 * The free seats of the session's stations, per shift A, B and C and, on expand, per position. The
 * numbers follow every award, since live events refetch the session.
 */
import { Button, Card, Collapse, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type BidSessionDetail, SHIFTS } from '@stationbid/domain';
import { useState } from 'react';
import { countFreeSeatsByShift } from '../utils/live-bidding-format.ts';
import { LiveSection } from './live-section.tsx';

type OfferedStation = BidSessionDetail['availableStations'][number];

function StationCard({ station }: { station: OfferedStation }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const freeByShift = countFreeSeatsByShift(station);
  const title = `Station ${station.number} · ${station.name}`;
  const detailId = `station-positions-${station.id}`;

  return (
    <Card withBorder padding="sm" component="article" aria-label={title}>
      <Stack gap={6}>
        <Text fw={600}>{title}</Text>
        <Text size="xs" c="dimmed">
          {station.address}
        </Text>
        <Group gap="xs" wrap="wrap">
          {SHIFTS.map((shift) => (
            <Text key={shift} size="sm" c={freeByShift[shift] === 0 ? 'dimmed' : undefined}>
              Shift {shift}: <strong>{freeByShift[shift]}</strong> free
            </Text>
          ))}
        </Group>
        <Group justify="space-between">
          <Text size="sm">
            {station.available} of {station.totalCapacity} seats free
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={isExpanded}
            aria-controls={detailId}
            onClick={() => setIsExpanded((expanded) => !expanded)}
          >
            {isExpanded ? 'Hide positions' : 'Show positions'}
          </Button>
        </Group>
        <Collapse expanded={isExpanded} id={detailId}>
          <Table fz="sm" verticalSpacing={2} aria-label={`Free seats by position at ${title}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Shift</Table.Th>
                <Table.Th scope="col">Position</Table.Th>
                <Table.Th scope="col">Free</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SHIFTS.flatMap((shift) =>
                station.availablePositions[shift].map((entry) => (
                  <Table.Tr key={`${shift}-${entry.position}`}>
                    <Table.Td>{shift}</Table.Td>
                    <Table.Td>{entry.position}</Table.Td>
                    <Table.Td>
                      {entry.count} of {entry.total}
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Collapse>
      </Stack>
    </Card>
  );
}

export function AvailableStationsGrid({ stations }: { stations: OfferedStation[] }) {
  const sorted = [...stations].sort((a, b) => a.number - b.number);
  return (
    <LiveSection title="Available Stations">
      {sorted.length === 0 ? (
        <Text c="dimmed">No stations available</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
          {sorted.map((station) => (
            <StationCard key={station.id} station={station} />
          ))}
        </SimpleGrid>
      )}
    </LiveSection>
  );
}
