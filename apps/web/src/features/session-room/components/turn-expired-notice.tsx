import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TURN_EXPIRED_MESSAGE } from '../hooks/use-turn-announcements.ts';

/**
 * "Time expired! Your turn has passed." (bidding-rules.md, "When a turn's deadline passes"), until dismissed or the member's next turn.
 * Not a live region of its own: the header's polite region announces it, the page's only one, so
 * the role is `note` instead of Mantine's default `alert` (which would announce it a second time).
 */
export function TurnExpiredNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Alert
      role="note"
      aria-label="Turn expired"
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {TURN_EXPIRED_MESSAGE}
    </Alert>
  );
}
