import { createTheme } from '@mantine/core';

/**
 * Fire-service red as the accent. Shade 8 keeps white button text at WCAG AA contrast (4.5:1),
 * which Mantine's default shade 6 misses. Fonts are the system stack: the CSP allows no font CDN.
 */
export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: 8,
  defaultRadius: 'md',
});
