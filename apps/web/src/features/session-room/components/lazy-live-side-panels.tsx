/**
 * The live page's side column (live-side-panels.tsx: latest picks, session info, who is connected,
 * history), loaded on demand: the page's first load has no room left (issue 14's 250 kB). The page
 * starts the download when it opens, alongside its reads of the session (preloadLiveSidePanels),
 * so the column is normally there with the board; meanwhile it shows a labelled loader.
 */
import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { LiveSidePanelsProps } from './live-side-panels.tsx';

const liveSidePanels = lazyWithPreload(() => import('./live-side-panels.tsx').then((module) => module.LiveSidePanels));

/** Fetches the column's code ahead of need (a second call costs nothing). */
export const preloadLiveSidePanels = liveSidePanels.preload;

export function LazyLiveSidePanels(props: LiveSidePanelsProps) {
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading the session's details" />
        </Center>
      }
    >
      <liveSidePanels.Component {...props} />
    </Suspense>
  );
}
