/**
 * The one confirmation before a bid is sent, for a member's own bid (session-room's bid panel) and
 * an administrator's phone-in bid (session-admin): names the seat, says the bid cannot be undone,
 * shows the server's refusal in place, and confirms with the focus already on the confirm button.
 * On the live page's first load: it imports nothing the bid panel did not already.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { getErrorMessage } from '../lib/api-client.ts';

/** What a refusal without a reason of its own says. */
export const BID_FAILURE_MESSAGE = 'Failed to submit bid. Please try again.';

export interface BidConfirmationDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's name: "Bid for Station 4, B shift, Engineer?", "Confirm the phone-in bid". */
  title: string;
  /** Said first and largest, e.g. the seat to read back on the phone. */
  headline?: ReactNode;
  /** Why to look twice: the seat is taken at once, and for good. */
  note: ReactNode;
  /** The confirm button's words: "Confirm bid", "Confirm bid for Grace Hopper". */
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  /** The refusal of the last attempt, shown in the dialog (the member may pick again), or null. */
  error: unknown;
  /** The refusal's heading: "Your bid was not accepted", "The bid was not accepted". */
  errorTitle: string;
}

export function BidConfirmationDialog({
  opened,
  onClose,
  title,
  headline,
  note,
  confirmLabel,
  onConfirm,
  isPending,
  error,
  errorTitle,
}: BidConfirmationDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      {opened && (
        <Stack gap="md">
          {headline !== undefined && (
            <Text size="lg" fw={700}>
              {headline}
            </Text>
          )}
          <Text size="sm">{note}</Text>
          {error !== null && error !== undefined && (
            <Alert color="red" variant="light" role="alert" title={errorTitle}>
              {getErrorMessage(error, BID_FAILURE_MESSAGE)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={isPending} data-autofocus>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
