import { Badge, Button, type CSSVariablesResolver, createTheme } from '@mantine/core';
import classes from './theme.module.css';

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
  // Filled buttons and badges take black text where white would fall below 4.5:1 (green, teal,
  // orange, yellow at shade 8: "Start", "Pause", "Move to Back"); red and blue keep white.
  autoContrast: true,
  luminanceThreshold: 0.2,
  // No label is ever cut: see theme.module.css.
  components: {
    Button: Button.extend({ classNames: { root: classes.buttonRoot, label: classes.buttonLabel } }),
    Badge: Badge.extend({ classNames: { root: classes.badgeRoot, label: classes.badgeLabel } }),
    // A plain object, not Table.extend: importing Table here would put it, its ScrollArea and
    // @floating-ui in every page's first load, tables or not (issue 14).
    Table: { classNames: { th: classes.tableHeader } },
  },
});

/**
 * Text contrast (WCAG AA asks 4.5:1 of text people read: hints, descriptions, timestamps).
 *
 * Light: Mantine's "dimmed" is gray.6, 3.3:1 on white; gray.7 keeps it quieter than body text at 8:1.
 *
 * Dark (the body is dark.7, #242424): Mantine's dimmed, dark.2, is 4.0:1; dark.1 is 7.7:1. The
 * screens write secondary text as gray.7 (8:1 on white, but 2:1 on #242424), meant for the light
 * scheme; Mantine itself uses gray.7 nowhere in dark mode, so there it reads as dimmed text.
 *
 * `--stationbid-page-background`: a page's backdrop behind its cards (the sign-in pages), a shade
 * off the body in either scheme.
 */
/**
 * Light badges, alerts and buttons ("Active", "Operational", "Not set yet") write in their colour's
 * `-light-color` on a pale tint of it: shade 8 there is 2.5 to 3.5:1 for most colours. In the light
 * scheme they take shade 9 darkened by a third, 5:1 or more; red (shade 8, 5.2:1) keeps its own.
 */
const LIGHT_VARIANT_TEXT_COLORS = [
  'gray',
  'green',
  'teal',
  'cyan',
  'lime',
  'yellow',
  'orange',
  'blue',
  'indigo',
  'violet',
  'grape',
  'pink',
];

const lightVariantTextColors = Object.fromEntries(
  LIGHT_VARIANT_TEXT_COLORS.map((color) => [
    `--mantine-color-${color}-light-color`,
    `color-mix(in srgb, var(--mantine-color-${color}-9), black 30%)`,
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightVariantTextColors,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--stationbid-page-background': 'var(--mantine-color-gray-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-gray-7': 'var(--mantine-color-dark-1)',
    '--stationbid-page-background': 'var(--mantine-color-dark-8)',
  },
});
