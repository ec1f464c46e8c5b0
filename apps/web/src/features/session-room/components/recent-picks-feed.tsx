/**
 * The live feed of the last picks (issue 15): "Captain Hale took Station 2, A shift, Captain",
 * newest first, from the board's recent picks, which every live event patches, so a pick shows on
 * every watcher's page without a reload or a request. Not a live region itself: the page's one
 * polite region speaks only of the member's own turn, so a busy session does not talk over them.
 * In a vacancy bid the picks are moves that each open a seat, shown as the chain of moves instead.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { type BidSessionType, type BoardPick, TIMERS } from '@stationbid/domain';
import { useId } from 'react';
import { useNow } from '../../../hooks/use-now.ts';
import { useDepartmentTimeZone } from '../../../lib/department-time-zone.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { isVacancyChain } from '../utils/chain-of-moves.ts';
import { formatMoment } from '../utils/live-bidding-format.ts';
import { describePick } from '../utils/on-the-clock.ts';
import { ChainOfMoves } from './chain-of-moves.tsx';

/** How many picks the feed shows; the board keeps a few more, and the history has them all. */
export const FEED_PICK_COUNT = 10;

export interface RecentPicksFeedProps {
  /** The board's recent picks, newest first. */
  picks: readonly BoardPick[];
  /** The session's type, where the page knows it (the board does not carry it); undefined while unknown. */
  sessionType?: BidSessionType | undefined;
}

export function RecentPicksFeed({ picks, sessionType }: RecentPicksFeedProps) {
  if (isVacancyChain(sessionType, picks)) return <ChainOfMoves picks={picks} />;
  return <LatestPicks picks={picks} />;
}

function LatestPicks({ picks }: { picks: readonly BoardPick[] }) {
  const timeZone = useDepartmentTimeZone();
  const titleId = useId();
  // "2m ago" ages by the minute; the picks themselves change with events, not with this clock.
  const nowMs = useNow(TIMERS.liveRefreshMs);
  const shown = picks.slice(0, FEED_PICK_COUNT);
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          Latest picks
        </Title>
        {shown.length === 0 ? (
          <Text size="sm" c="gray.7">
            No seat has been taken yet.
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {shown.map((pick) => (
              <li key={`${pick.participantId}-${pick.at}`}>
                <Text size="sm" fw={600}>
                  {describePick(pick)}
                </Text>
                <Text size="xs" c="gray.7">
                  {pick.name} ·{' '}
                  <time dateTime={pick.at} title={formatMoment(pick.at, { timeZone })}>
                    {formatRelativeTime(pick.at, nowMs, { timeZone })}
                  </time>
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
