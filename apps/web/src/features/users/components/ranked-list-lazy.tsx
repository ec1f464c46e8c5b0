/**
 * The ranked-list editor and field with their code (and dnd-kit's) fetched on demand, so that
 * importing the users feature never adds drag and drop to a page's first load (the dashboard and
 * the live page have a first-load budget). Render them as any component; until the code is there
 * a labelled loader stands in. `preloadRankedListEditor()` starts the download ahead of need, e.g.
 * when the session page opens, well before the member's turn.
 */
import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { RankedListEditorProps } from './ranked-list-editor.tsx';
import type { RankedListFieldProps } from './ranked-list-field.tsx';

export type { RankedListEditorProps } from './ranked-list-editor.tsx';
export type { RankedListFieldProps } from './ranked-list-field.tsx';
export type { RankedListBoard } from './ranked-list-seats.ts';

const editor = lazyWithPreload(() => import('./ranked-list-editor.tsx').then((module) => module.RankedListEditor));
const field = lazyWithPreload(() => import('./ranked-list-field.tsx').then((module) => module.RankedListField));

/** Fetches the editor's code ahead of need (a second call costs nothing). */
export function preloadRankedListEditor(): void {
  editor.preload();
}

function LoadingList() {
  return (
    <Center py="md">
      <Loader role="status" aria-label="Loading your ranked list" />
    </Center>
  );
}

/** RankedListEditor (ranked-list-editor.tsx): the member's ranked list with its own Save. */
export function LazyRankedListEditor(props: RankedListEditorProps) {
  return (
    <Suspense fallback={<LoadingList />}>
      <editor.Component {...props} />
    </Suspense>
  );
}

/** RankedListField (ranked-list-field.tsx): the list alone, saved by the form around it. */
export function LazyRankedListField(props: RankedListFieldProps) {
  return (
    <Suspense fallback={<LoadingList />}>
      <field.Component {...props} />
    </Suspense>
  );
}
