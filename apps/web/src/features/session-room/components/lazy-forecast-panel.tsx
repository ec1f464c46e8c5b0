/**
 * The forecast panel (forecast-panel.tsx), loaded on demand: its answer's schema brings the
 * domain's forecast code, which would otherwise join the live page's first load (issue 14's
 * 250 kB). The turn header and the board come first; the forecast follows a moment later, and
 * until it arrives nothing is shown in its place.
 */
import { Suspense } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import type { ForecastPanelProps } from './forecast-panel.tsx';

const forecastPanel = lazyWithPreload(() => import('./forecast-panel.tsx').then((module) => module.ForecastPanel));

export function LazyForecastPanel(props: ForecastPanelProps) {
  return (
    <Suspense fallback={null}>
      <forecastPanel.Component {...props} />
    </Suspense>
  );
}
