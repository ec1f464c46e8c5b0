import { type ComponentType, lazy } from 'react';

/**
 * A component whose code is downloaded only when it is first rendered or preloaded: `load` is an
 * `import()` of its module, so the bundler gives it a chunk of its own, outside the first load of
 * the page that uses it (issue 14: what a page does not show at once must not delay what it does).
 * Render `Component` inside a `<Suspense>` with a labelled loading state. `preload()` starts the
 * download ahead of need (the member's turn is near, the page has just opened), so the component
 * is there when it is wanted.
 *
 * React.lazy remembers a failed download for good; here a failed preload is forgotten, so the
 * render that follows asks the network again instead of failing on an old error.
 */
export function lazyWithPreload<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    Component: lazy(() => loadOnce().then((component) => ({ default: component }))),
    /** Starts the download; a failure is left to the render, which tries again. */
    preload: () => {
      loadOnce().catch(() => undefined);
    },
  };
}
