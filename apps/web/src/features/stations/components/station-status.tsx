import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Station } from '@stationbid/domain';
import { getFillColor, getStationStatus } from '../utils/station-rules.ts';

/** The station's status as a word (Inactive, Full, Nearly Full, Available), coloured to match. */
export function StationStatusBadge({ station }: { station: Pick<Station, 'isActive' | 'fillRate'> }) {
  const status = getStationStatus(station);
  return (
    <Badge color={status.color} variant="light">
      {status.label}
    </Badge>
  );
}

/** The fill-rate bar with its percentage written out, so the figure never depends on colour. */
export function StationFillBar({ station }: { station: Pick<Station, 'number' | 'fillRate'> }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Fill rate
        </Text>
        <Text size="xs" fw={600}>
          {station.fillRate}%
        </Text>
      </Group>
      <Progress
        value={Math.min(station.fillRate, 100)}
        color={getFillColor(station.fillRate)}
        aria-label={`Station ${station.number} fill rate`}
        size="sm"
      />
    </Stack>
  );
}
