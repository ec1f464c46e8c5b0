import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { CLIENT_DEFAULTS } from '@stationbid/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import './reduced-motion.css';

/**
 * Where the Appearance switch (profile) keeps this device's choice: 'light', 'dark' or 'auto'
 * (follow the system). public/color-scheme.js reads the same key before the first paint.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'stationbid-color-scheme';

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** Everything the app needs above the router: theme, toasts, a last-resort error screen, the data cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Notifications position="top-right" autoClose={CLIENT_DEFAULTS.toastDefaultMs} />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
