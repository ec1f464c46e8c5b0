/**
 * The bid panel (bid-panel.tsx), loaded on demand: only a member whose turn is near ever sees it,
 * so its code (the radio list, the seat picker, the confirmation and skip dialogs) stays out of the
 * live page's first load (issue 14's 250 kB). It is fetched as soon as the member is next in line
 * or holds the turn, so at 0300 on a slow phone it is there when the turn starts; until it arrives
 * the panel's frame shows its heading and a labelled loader.
 */
import { Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { Suspense, useEffect, useId } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { BidPanelProps } from './bid-panel.tsx';

const bidPanel = lazyWithPreload(() => import('./bid-panel.tsx').then((module) => module.BidPanel));

/** Fetches the panel's code ahead of need (a second call costs nothing). */
export const preloadBidPanel = bidPanel.preload;

/** The queue place from which the panel is fetched: next in line. */
export const BID_PANEL_PRELOAD_PEOPLE_AHEAD = 1;

/** Whether the member's turn is near enough to fetch the panel: they hold it, or are next. */
export function isTurnNear(isTurnOpen: boolean, peopleAhead: number | null): boolean {
  return isTurnOpen || (peopleAhead !== null && peopleAhead > 0 && peopleAhead <= BID_PANEL_PRELOAD_PEOPLE_AHEAD);
}

interface LazyBidPanelProps {
  /** The member holds the turn or is next: the code is fetched now. */
  isTurnNear: boolean;
  /** The panel itself, while the member's turn is open; null otherwise. */
  panel: BidPanelProps | null;
}

export function LazyBidPanel({ isTurnNear, panel }: LazyBidPanelProps) {
  useEffect(() => {
    if (isTurnNear) preloadBidPanel();
  }, [isTurnNear]);
  if (panel === null) return null;
  return (
    <Suspense fallback={<BidPanelLoading />}>
      <bidPanel.Component {...panel} />
    </Suspense>
  );
}

function BidPanelLoading() {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} aria-busy="true" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          Your bid
        </Title>
        <Center py="md">
          <Loader role="status" aria-label="Loading your bid options" />
        </Center>
      </Stack>
    </Paper>
  );
}
