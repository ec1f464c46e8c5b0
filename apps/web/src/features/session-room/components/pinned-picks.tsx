/**
 * The last three picks, pinned right under the header on a phone while the member waits, so the
 * seats going one by one are in sight without scrolling past the ranked list and the seat board
 * (the side column's full feed sits at the page's foot on a phone; on a wider screen it is beside
 * the header and this strip is not shown).
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { BoardPick } from '@stationbid/domain';
import { useId } from 'react';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatTimeOfDay } from '../../../lib/session-format.ts';
import { describePick } from '../utils/on-the-clock.ts';

/** How many picks the strip holds: enough to see the pace, few enough to stay on the first screen. */
export const PINNED_PICK_COUNT = 3;

export function PinnedPicks({ picks }: { picks: readonly BoardPick[] }) {
  const titleId = useId();
  const timeZone = useDepartmentTimeZone();
  const shown = picks.slice(0, PINNED_PICK_COUNT);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="sm" radius="md" hiddenFrom="md">
      <Stack gap={4}>
        <Title order={2} size="h5" id={titleId}>
          Last {PINNED_PICK_COUNT} picks
        </Title>
        {shown.length === 0 ? (
          <Text size="sm" c="gray.7">
            No seat has been taken yet.
          </Text>
        ) : (
          <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {shown.map((pick) => (
              <li key={`${pick.participantId}-${pick.at}`}>
                <Text size="sm">
                  <Text span fw={600}>
                    {describePick(pick)}
                  </Text>{' '}
                  <Text span size="xs" c="gray.7">
                    <time dateTime={pick.at}>{formatTimeOfDay(pick.at, { timeZone })}</time>
                  </Text>
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
