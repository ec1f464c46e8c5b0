import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (a phone): dialogs fill the screen and tables become lists or cards. */
const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

export function useIsSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
}
