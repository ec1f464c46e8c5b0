/**
 * The phone's navigation drawer (navigation-drawer.tsx), loaded on demand so that Mantine's Drawer
 * stays out of every page's first load (issue 14's 250 kB). The top bar renders it, which starts
 * the download, on intent (the burger hovered, focused or pressed) and, on a phone, once the page
 * is idle after its first paint, so the drawer is normally there by the time the burger opens it.
 * Until its code arrives nothing is drawn: before its first opening the drawer is closed anyway.
 */
import { Suspense } from 'react';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import type { NavigationDrawerProps } from './navigation-drawer.tsx';

const navigationDrawer = lazyWithPreload(() =>
  import('./navigation-drawer.tsx').then((module) => module.NavigationDrawer),
);

export function LazyNavigationDrawer(props: NavigationDrawerProps) {
  return (
    <Suspense fallback={null}>
      <navigationDrawer.Component {...props} />
    </Suspense>
  );
}
