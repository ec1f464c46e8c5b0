import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint, where tables turn into cards so nothing hides off the screen. */
const PHONE_QUERY = '(max-width: 47.99em)';

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
