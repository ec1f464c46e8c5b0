/**
 * The first-sign-in offer (notification-offer.tsx) as the app's frame renders it: its code (the
 * settings query, the phone form, the push client) is fetched after the page, never part of every
 * page's first load; until it arrives nothing is drawn.
 */
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';

const notificationOffer = lazyWithPreload(() =>
  import('./notification-offer.tsx').then((module) => module.NotificationOffer),
);

export function LazyNotificationOffer() {
  return (
    <Suspense fallback={null}>
      <notificationOffer.Component />
    </Suspense>
  );
}
