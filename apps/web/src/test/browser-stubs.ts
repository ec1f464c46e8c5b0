import { vi } from 'vitest';

/** Stubs matchMedia; by default nothing matches, so tests run at desktop width. */
export function stubMatchMedia(matches: (query: string) => boolean = () => false): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    const list: MediaQueryList = {
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
    return list;
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** The browser APIs Mantine needs and jsdom lacks. */
export function stubBrowserApis(): void {
  stubMatchMedia();
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  // A Combobox (Select, Autocomplete) scrolls its selected option into view; jsdom has no layout.
  Element.prototype.scrollIntoView ??= () => undefined;
}
