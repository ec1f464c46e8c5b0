/**
 * jsdom set-up for component tests: browser API stubs for Mantine, jest-dom matchers, and a clean
 * slate after each test (DOM, storage, toasts, timers, stubs).
 */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { stubBrowserApis } from './browser-stubs.ts';

stubBrowserApis();

afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  stubBrowserApis();
});
