import { Modal, type ModalProps } from '@mantine/core';
import { useIsSmallScreen } from '../../../hooks/use-is-small-screen.ts';

/** A dialog of the session screens: the whole screen on a phone, where a centred one leaves too little room. */
export function SessionModal({ size = 'lg', ...props }: ModalProps) {
  const isSmallScreen = useIsSmallScreen();
  return (
    <Modal size={size} fullScreen={isSmallScreen} closeButtonProps={{ 'aria-label': 'Close dialog' }} {...props} />
  );
}
