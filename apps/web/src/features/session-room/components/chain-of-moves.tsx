/**
 * A vacancy bid's "Chain of moves" (bidding-rules.md, "Vacancy bids"): each move as "Avery Hale:
 * Station 2 to Station 7, opened Station 2 · B shift · Firefighter", newest first like the latest
 * picks it stands in for, from the board's recent picks, which every live event patches. Not a live
 * region, for the same reason as the picks: the page's one polite region speaks of the member's own turn.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { BOARD_RECENT_PICKS_COUNT, type BoardPick, TIMERS } from '@stationbid/domain';
import { useId } from 'react';
import { useNow } from '../../../hooks/use-now.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { describeMove, describeMoveTaken } from '../utils/chain-of-moves.ts';
import { formatMoment } from '../utils/live-bidding-format.ts';

export interface ChainOfMovesProps {
  /** The board's recent picks, newest first: in a vacancy bid each one is a move. */
  picks: readonly BoardPick[];
}

export function ChainOfMoves({ picks }: ChainOfMovesProps) {
  const timeZone = useDepartmentTimeZone();
  const titleId = useId();
  // "2m ago" ages by the minute; the moves themselves change with events, not with this clock.
  const nowMs = useNow(TIMERS.liveRefreshMs);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Stack gap={0}>
          <Title order={2} size="h4" id={titleId}>
            Chain of moves
          </Title>
          <Text size="xs" c="gray.7">
            Newest first. Each move opens the seat the member left, offered next from the top of the list.
          </Text>
        </Stack>
        {picks.length === 0 ? (
          <Text size="sm" c="gray.7">
            Nobody has moved yet.
          </Text>
        ) : (
          <Stack
            component="ol"
            gap="sm"
            p={0}
            m={0}
            aria-labelledby={titleId}
            style={{ listStyle: 'none', borderInlineStart: '2px solid var(--mantine-color-teal-6)' }}
          >
            {picks.map((pick) => (
              <Text
                component="li"
                key={`${pick.participantId}-${pick.at}`}
                pl="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                <Text span size="sm" fw={600} display="block">
                  {describeMove(pick)}
                </Text>
                <Text span size="xs" c="gray.7" display="block">
                  {describeMoveTaken(pick)} ·{' '}
                  <time dateTime={pick.at} title={formatMoment(pick.at, { timeZone })}>
                    {formatRelativeTime(pick.at, nowMs, { timeZone })}
                  </time>
                </Text>
              </Text>
            ))}
          </Stack>
        )}
        {picks.length >= BOARD_RECENT_PICKS_COUNT && (
          <Text size="xs" c="gray.7">
            The latest {BOARD_RECENT_PICKS_COUNT} moves; the session's history has every one.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
