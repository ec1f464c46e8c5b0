import { SimpleGrid, Stack, Text } from '@mantine/core';
import { plural, SHIFTS, type Station } from '@stationbid/domain';
import { countFreeSeats } from '../utils/station-rules.ts';

/** Seats and free seats of each shift, A, B and C, side by side. */
export function ShiftCapacityList({ station }: { station: Pick<Station, 'shiftCapacity' | 'occupancy'> }) {
  return (
    <SimpleGrid cols={3} spacing="xs">
      {SHIFTS.map((shift) => (
        <Stack key={shift} gap={0} ta="center" p={6} bg="var(--mantine-color-gray-light)" bdrs="sm">
          <Text size="xs" fw={700}>
            Shift {shift}
          </Text>
          <Text size="sm">{plural(station.shiftCapacity[shift], 'seat')}</Text>
          <Text size="xs" c="dimmed">
            {countFreeSeats(station, shift)} free
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
