/**
 * The session page's "Text me when I'm 2 turns away" switches (turn-notice-switches.tsx), fetched
 * after the page: the countdown and the board come first on a phone, and the settings' code (the
 * phone form, the push client) stays out of the live page's first load.
 */
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';

const turnNoticeSwitches = lazyWithPreload(() =>
  import('./turn-notice-switches.tsx').then((module) => module.TurnNoticeSwitches),
);

export function LazyTurnNoticeSwitches() {
  return (
    <Suspense fallback={null}>
      <turnNoticeSwitches.Component />
    </Suspense>
  );
}
