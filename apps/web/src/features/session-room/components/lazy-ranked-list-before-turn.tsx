/**
 * The ranked list shown while the member waits (ranked-list-before-turn.tsx), its code and the
 * editor's (dnd-kit) fetched on demand: the live page's first load has no room for them. The page
 * starts the download as soon as it knows the member is waiting, long before they look down.
 */
import { Center, Loader, Paper } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { RankedListBeforeTurnProps } from './ranked-list-before-turn.tsx';

const rankedList = lazyWithPreload(() =>
  import('./ranked-list-before-turn.tsx').then((module) => module.RankedListBeforeTurn),
);

/** Fetches the list's code ahead of need (a second call costs nothing). */
export const preloadRankedListBeforeTurn = rankedList.preload;

export function LazyRankedListBeforeTurn(props: RankedListBeforeTurnProps) {
  return (
    <Suspense
      fallback={
        <Paper withBorder p="md" radius="md">
          <Center py="md">
            <Loader role="status" aria-label="Loading your ranked list" />
          </Center>
        </Paper>
      }
    >
      <rankedList.Component {...props} />
    </Suspense>
  );
}
