import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface SkipTurnDialogProps {
  isOpen: boolean;
  isSkipping: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Skipping cannot be undone: the member is done for this session, so it is confirmed first. */
export function SkipTurnDialog({ isOpen, isSkipping, onConfirm, onCancel }: SkipTurnDialogProps) {
  return (
    <Modal opened={isOpen} onClose={onCancel} title="Skip your turn?" centered>
      <Stack gap="md">
        <Text size="sm">
          You keep the seat you hold now, if any, and take no further part in this session. This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Keep My Turn
          </Button>
          <Button color="red" onClick={onConfirm} loading={isSkipping}>
            Skip Turn
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
