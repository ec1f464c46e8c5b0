import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Fire-service red as the accent. Shade 8 keeps white button text at WCAG AA contrast (4.5:1),
 * which Mantine's default shade 6 misses. Fonts are the system stack: the CSP allows no font CDN.
 */
export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: 8,
  defaultRadius: 'md',
});

/**
 * Mantine's "dimmed" text is gray.6, 3.3:1 on white: below the 4.5:1 WCAG AA asks of text people
 * read (hints, descriptions, timestamps). gray.7 keeps it quieter than body text at 8:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
