/**
 * The Station Assignments panel, loaded on demand on the live page: with its search, location
 * Select (Mantine's Combobox and Popover), switch, layout control and pagination it is about 28 kB
 * of gzipped code, which kept the page's first load over issue 14's 250 kB. The page starts the
 * download when it opens (preloadStationAssignmentsPanel), alongside its reads of the session, so
 * the panel is normally there when the board is; meanwhile it shows its title and a labelled
 * loader. The /bidding and /stations pages import StationAssignmentsPanel directly.
 */
import { Center, Loader, Paper, Stack } from '@mantine/core';
import { Suspense, useId } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { StationAssignmentsHeading } from './station-assignments-heading.tsx';
import type { StationAssignmentsPanelProps } from './station-assignments-panel.tsx';

const stationAssignmentsPanel = lazyWithPreload(() =>
  import('./station-assignments-panel.tsx').then((module) => module.StationAssignmentsPanel),
);

/** Fetches the panel's code ahead of need (a second call costs nothing). */
export const preloadStationAssignmentsPanel = stationAssignmentsPanel.preload;

/** StationAssignmentsPanel (station-assignments-panel.tsx), its code fetched when first shown or preloaded. */
export function LazyStationAssignmentsPanel(props: StationAssignmentsPanelProps) {
  return (
    <Suspense fallback={<StationAssignmentsLoading sessionId={props.sessionId} />}>
      <stationAssignmentsPanel.Component {...props} />
    </Suspense>
  );
}

/** The panel's frame (same region, heading and help text) with a loader, while its code arrives. */
function StationAssignmentsLoading({ sessionId }: { sessionId?: string }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy="true" withBorder p="md" radius="md">
      <Stack gap="md">
        <StationAssignmentsHeading titleId={titleId} sessionId={sessionId} />
        <Center py="lg">
          <Loader role="status" aria-label="Loading stations" />
        </Center>
      </Stack>
    </Paper>
  );
}
