import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint, where a centred dialog leaves a form too little room. */
const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

export function useIsSmallScreen(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
}

/** A dialog of the member screens: always open while mounted, and the whole screen on a phone. */
export function MemberModal({ size = 'lg', ...props }: Omit<ModalProps, 'opened'>) {
  const isSmallScreen = useIsSmallScreen();
  return <Modal opened size={size} fullScreen={isSmallScreen} {...props} />;
}
