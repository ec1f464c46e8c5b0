/**
 * The participants list, loaded on demand: it sits below the stations on the live page, and its
 * virtual scrolling (TanStack Virtual), search box and rows are about 15 kB of gzipped code that
 * the page's first paint (status, turn banner, queue place) does not need (issue 14's 250 kB).
 * Until the code arrives the section shows its title and the same "Loading participants" state
 * the list shows while its first page is read, so the wait looks like one.
 */
import { Group, Loader, Text } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { LiveSection } from './live-section.tsx';
import type { ParticipantsListProps } from './participants-list.tsx';

const participantsList = lazyWithPreload(() =>
  import('./participants-list.tsx').then((module) => module.ParticipantsList),
);

/** Everyone in the session in queue order (participants-list.tsx), its code fetched when first shown. */
export function LazyParticipantsList(props: ParticipantsListProps) {
  return (
    <Suspense fallback={<ParticipantsListLoading total={props.total} />}>
      <participantsList.Component {...props} />
    </Suspense>
  );
}

function ParticipantsListLoading({ total }: { total: number }) {
  return (
    <LiveSection title={`Participants (${total})`} isBusy>
      <Group gap="xs">
        <Loader size="xs" role="status" aria-label="Loading participants" />
        <Text size="sm">Loading participants…</Text>
      </Group>
    </LiveSection>
  );
}
