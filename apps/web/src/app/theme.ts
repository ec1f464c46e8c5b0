import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Fire-service red as the accent. Shade 8 keeps white button text at WCAG AA contrast (4.5:1),
 * which Mantine's default shade 6 misses. Fonts are the system stack: the CSP allows no font CDN.
 * Transitions (modals, drawers, collapses) are skipped for people whose system asks for reduced motion.
 */
export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: 8,
  defaultRadius: 'md',
  respectReducedMotion: true,
});

/**
 * Text contrast (WCAG AA asks 4.5:1 of text people read: hints, descriptions, timestamps).
 *
 * Light: Mantine's "dimmed" is gray.6, 3.3:1 on white; gray.7 keeps it quieter than body text at 8:1.
 *
 * Dark (the body is dark.7, #242424): Mantine's dimmed, dark.2, is 4.0:1; dark.1 is 7.7:1. The
 * screens write secondary text as gray.7 (8:1 on white, but 2:1 on #242424) and a page background
 * as gray.0 (near white), both meant for the light scheme; Mantine itself uses neither shade in
 * dark mode, so here they take their dark counterparts: gray.7 reads as dimmed text, gray.0 as a
 * background a shade darker than the body.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-gray-7': 'var(--mantine-color-dark-1)',
    '--mantine-color-gray-0': 'var(--mantine-color-dark-8)',
  },
});
