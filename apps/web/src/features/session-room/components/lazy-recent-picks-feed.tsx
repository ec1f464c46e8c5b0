/**
 * The latest picks (recent-picks-feed.tsx), loaded on demand on the live page, whose first load has
 * no room left (issue 14's 250 kB). The page starts the download when it opens, alongside its
 * reads of the session (preloadRecentPicksFeed), so the feed is normally there with the board;
 * meanwhile its frame shows the title and a labelled loader.
 */
import { Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { Suspense, useId } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { RecentPicksFeedProps } from './recent-picks-feed.tsx';

const recentPicksFeed = lazyWithPreload(() =>
  import('./recent-picks-feed.tsx').then((module) => module.RecentPicksFeed),
);

/** Fetches the feed's code ahead of need (a second call costs nothing). */
export const preloadRecentPicksFeed = recentPicksFeed.preload;

export function LazyRecentPicksFeed(props: RecentPicksFeedProps) {
  return (
    <Suspense fallback={<RecentPicksLoading />}>
      <recentPicksFeed.Component {...props} />
    </Suspense>
  );
}

function RecentPicksLoading() {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy="true" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          Latest picks
        </Title>
        <Center py="sm">
          <Loader size="sm" role="status" aria-label="Loading the latest picks" />
        </Center>
      </Stack>
    </Paper>
  );
}
