/**
 * Send Reminders: reads the session's export status first; when some
 * participants have no e-mail address it asks "N participants don't have email addresses. Continue
 * anyway?"; then queues the reminder e-mails with an optional message and shows who was reached.
 */
import { Alert, Button, Center, Group, List, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type BidSession, type ReminderResult, SESSION_MESSAGE_TEXTS } from '@stationbid/domain';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useExportStatusQuery } from '../api/bid-session-queries.ts';
import { useSendSessionReminders } from '../api/send-session-reminders.ts';

/** The server's limit on an administrator's message (sendRemindersRequestSchema). */
const CUSTOM_MESSAGE_MAX = 2000;

const STATUS_LABELS: Record<ReminderResult['results'][number]['status'], string> = {
  sent: 'sent',
  no_email: 'no e-mail address',
  notifications_off: 'notifications turned off',
};

interface SendRemindersModalProps {
  session: BidSession | null;
  onClose: () => void;
}

export function SendRemindersModal({ session, onClose }: SendRemindersModalProps) {
  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={session ? `Send Reminders: ${session.name}` : 'Send Reminders'}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {session !== null && <RemindersForm key={session.id} session={session} onClose={onClose} />}
    </Modal>
  );
}

function RemindersForm({ session, onClose }: { session: BidSession; onClose: () => void }) {
  const statusQuery = useExportStatusQuery(session.id);
  const [customMessage, setCustomMessage] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [result, setResult] = useState<ReminderResult | null>(null);
  const sendReminders = useSendSessionReminders({ onSuccess: setResult });

  if (statusQuery.isPending) {
    return (
      <Center py="md">
        <Loader role="status" aria-label="Loading reminder status" />
      </Center>
    );
  }
  if (statusQuery.isError) {
    return (
      <LoadError
        title={SESSION_MESSAGE_TEXTS.exportStatusFailed}
        error={statusQuery.error}
        onRetry={() => statusQuery.refetch()}
        isRetrying={statusQuery.isFetching}
      />
    );
  }
  const status = statusQuery.data;
  if (result !== null) return <ReminderOutcome result={result} onClose={onClose} />;
  if (!status.canSendReminders) {
    return (
      <Stack gap="md">
        <Alert color="yellow" title={SESSION_MESSAGE_TEXTS.cannotSendReminders}>
          {status.totalParticipants === 0
            ? 'This session has no participants.'
            : 'Members cannot see a draft session. Schedule or start it first.'}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const message = customMessage.trim();
  const send = () => sendReminders.mutate({ sessionId: session.id, customMessage: message === '' ? null : message });
  const isTooLong = customMessage.length > CUSTOM_MESSAGE_MAX;

  if (isConfirming) {
    return (
      <Stack gap="md">
        <Text>{SESSION_MESSAGE_TEXTS.participantsWithoutEmail(status.participantsWithoutEmail)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setIsConfirming(false)} disabled={sendReminders.isPending}>
            Back
          </Button>
          <Button loading={sendReminders.isPending} onClick={send}>
            Continue
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        A reminder e-mail goes to every participant with an e-mail address, except those who turned notifications off.{' '}
        {status.participantsWithEmail} of {status.totalParticipants} participants have an e-mail address.
      </Text>
      <Textarea
        label="Custom message (optional)"
        rows={4}
        value={customMessage}
        onChange={(event) => setCustomMessage(event.currentTarget.value)}
        error={isTooLong ? `At most ${CUSTOM_MESSAGE_MAX} characters` : undefined}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={sendReminders.isPending}>
          Cancel
        </Button>
        <Button
          loading={sendReminders.isPending}
          disabled={isTooLong}
          onClick={() => (status.participantsWithoutEmail > 0 ? setIsConfirming(true) : send())}
        >
          Send Reminders
        </Button>
      </Group>
    </Stack>
  );
}

function ReminderOutcome({ result, onClose }: { result: ReminderResult; onClose: () => void }) {
  const notReached = result.results.filter((entry) => entry.status !== 'sent');
  return (
    <Stack gap="md">
      <Alert color={result.emailsFailed > 0 ? 'yellow' : 'green'} title="Reminders queued">
        {SESSION_MESSAGE_TEXTS.remindersSent(result.emailsSent, result.emailsFailed)}
      </Alert>
      {notReached.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Not reached
          </Text>
          <List size="sm" aria-label="Participants not reached">
            {notReached.map((entry) => (
              // Two participants may share a name and a status; then they are one line each anyway.
              <List.Item key={`${entry.name}-${entry.status}`}>
                {entry.name}: {STATUS_LABELS[entry.status]}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
