/**
 * The start confirmation: before a session starts, what will go wrong (the server's start check),
 * so an administrator never starts a session blind. The check's findings do not stop the start: a
 * department without SMS may well start anyway, knowing. If the check cannot be read, the dialog
 * says so and still lets the administrator start.
 */
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useStartCheckQuery } from '../api/bid-session-queries.ts';
import { StartCheckFindings } from './start-check-findings.tsx';

interface StartSessionDialogProps {
  /** The session to start; null when the dialog is closed. */
  session: { id: string; name: string } | null;
  isStarting: boolean;
  onStart: () => void;
  onClose: () => void;
}

export function StartSessionDialog({ session, isStarting, onStart, onClose }: StartSessionDialogProps) {
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={session === null ? 'Start bid session' : `Start ${session.name}?`}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {session !== null && (
        <StartCheckBody sessionId={session.id} isStarting={isStarting} onStart={onStart} onClose={onClose} />
      )}
    </Modal>
  );
}

function StartCheckBody({
  sessionId,
  isStarting,
  onStart,
  onClose,
}: {
  sessionId: string;
  isStarting: boolean;
  onStart: () => void;
  onClose: () => void;
}) {
  const check = useStartCheckQuery(sessionId);
  const hasWarnings = check.data?.findings.some((finding) => finding.severity === 'warning') ?? false;
  return (
    <Stack gap="md">
      <Text size="sm">The first member's turn begins at once, and their "your turn" notice goes out.</Text>
      {check.isPending ? (
        <Center py="sm">
          <Loader size="sm" role="status" aria-label="Checking what will go wrong" />
        </Center>
      ) : check.isError ? (
        <Alert color="yellow" variant="light" title="The start check could not be read">
          {getErrorMessage(check.error, 'Try again, or start without it.')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => check.refetch()} loading={check.isFetching}>
            Check again
          </Button>
        </Alert>
      ) : (
        <StartCheckFindings check={check.data} />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isStarting}>
          Cancel
        </Button>
        <Button
          color={hasWarnings ? 'orange' : 'green'}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={isStarting}
          disabled={check.isPending}
          onClick={onStart}
          data-autofocus
        >
          {hasWarnings ? 'Start anyway' : 'Start now'}
        </Button>
      </Group>
    </Stack>
  );
}
