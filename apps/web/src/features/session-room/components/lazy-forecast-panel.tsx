/**
 * The forecast panel (forecast-panel.tsx), loaded on demand: the schema its answer is read with
 * shares a bundle chunk with the password-strength checker, which would otherwise join the live
 * page's first load and put it over its 250 kB budget on a phone (scripts/web-size.mjs). The turn
 * header and the board come first; the forecast follows a moment later, with nothing in its place
 * until then.
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
