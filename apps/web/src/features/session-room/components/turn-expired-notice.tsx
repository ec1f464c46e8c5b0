import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** "Time expired! Your turn has passed." (spec section 4), until dismissed or the member's next turn. */
export function TurnExpiredNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      Time expired! Your turn has passed.
    </Alert>
  );
}
