/**
 * The Test Notifications tab (schemas/notifications.ts): a test message to one member
 * about a session, or a notification to every participant of a session, by e-mail or SMS, with an
 * optional message of the administrator's own. What the server queued is shown as it said it.
 */
import { Alert, Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  CUSTOM_MESSAGE_MAX_LENGTH,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationChannel,
} from '@stationbid/domain';
import { IconSend, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { SESSION_STATUS_LABELS } from '../../../lib/session-format.ts';
import { useSendSessionNotification, useSendTestNotification } from '../api/manage-notifications.ts';
import { useNotifiableMembersQuery, useNotifiableSessionsQuery } from '../api/notification-queries.ts';

type Outcome = { kind: 'success'; message: string } | { kind: 'error'; title: string; message: string };

export function TestNotificationsPanel() {
  const membersQuery = useNotifiableMembersQuery();
  const sessionsQuery = useNotifiableSessionsQuery();
  const sendTest = useSendTestNotification();
  const sendToSession = useSendSessionNotification();
  const [userId, setUserId] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [type, setType] = useState<NotificationChannel>('email');
  const [customMessage, setCustomMessage] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // A failed load leaves the list empty and says why below.
  const members = membersQuery.data ?? [];
  const sessions = sessionsQuery.data ?? [];
  const selectedMember = members.find((member) => member.id === userId);
  const options = () => ({ type, customMessage: customMessage.trim() === '' ? null : customMessage.trim() });

  const onSendTest = () => {
    if (userId === null || sessionId === null) {
      setOutcome({
        kind: 'error',
        title: 'Missing selection',
        message: NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired,
      });
      return;
    }
    setOutcome(null);
    sendTest.mutate(
      { userId, sessionId, ...options() },
      {
        onSuccess: ({ message }) => setOutcome({ kind: 'success', message }),
        onError: (error) =>
          setOutcome({
            kind: 'error',
            title: NOTIFICATION_SETTINGS_MESSAGES.testFailed,
            message: getErrorMessage(error, NOTIFICATION_SETTINGS_MESSAGES.testFailed),
          }),
      },
    );
  };

  const onSendToSession = () => {
    if (sessionId === null) {
      setOutcome({
        kind: 'error',
        title: 'Missing selection',
        message: NOTIFICATION_SETTINGS_MESSAGES.sessionRequired,
      });
      return;
    }
    setOutcome(null);
    sendToSession.mutate(
      { sessionId, ...options() },
      {
        onSuccess: ({ message }) => setOutcome({ kind: 'success', message }),
        onError: (error) =>
          setOutcome({
            kind: 'error',
            title: NOTIFICATION_SETTINGS_MESSAGES.sessionNotificationFailed,
            message: getErrorMessage(error, NOTIFICATION_SETTINGS_MESSAGES.sessionNotificationFailed),
          }),
      },
    );
  };

  return (
    <SectionCard title="Send a notification">
      <Stack gap="md">
        <Select
          label="User"
          placeholder={members.length === 0 ? 'No members to choose from' : 'Choose a member'}
          description="Who receives the test message."
          data={members.map((member) => ({
            value: member.id,
            label: `${member.firstName} ${member.lastName} (${member.email})`,
          }))}
          value={userId}
          onChange={setUserId}
          searchable
          clearable
          nothingFoundMessage="No member matches"
        />
        {membersQuery.isError && (
          <Text size="sm" c="red.8">
            {getErrorMessage(membersQuery.error, 'Failed to load users')}
          </Text>
        )}
        <Select
          label="Session"
          placeholder={sessions.length === 0 ? 'No scheduled, active or paused session' : 'Choose a session'}
          description="The session the message is about; only scheduled, active and paused sessions are listed."
          data={sessions.map((session) => ({
            value: session.id,
            label: `${session.name} (${SESSION_STATUS_LABELS[session.status]}, ${session.participantCount} participant${session.participantCount === 1 ? '' : 's'})`,
          }))}
          value={sessionId}
          onChange={setSessionId}
          searchable
          clearable
          nothingFoundMessage="No session matches"
        />
        {sessionsQuery.isError && (
          <Text size="sm" c="red.8">
            {getErrorMessage(sessionsQuery.error, 'Failed to load bid sessions')}
          </Text>
        )}
        <Radio.Group label="Type" value={type} onChange={(value) => setType(value as NotificationChannel)}>
          <Group gap="lg" mt={4}>
            <Radio value="email" label="E-mail" />
            <Radio value="sms" label="SMS" />
          </Group>
        </Radio.Group>
        {type === 'sms' && selectedMember !== undefined && !selectedMember.hasSmsPhone && (
          <Text size="sm" c="orange.9">
            {selectedMember.firstName} {selectedMember.lastName} has no mobile number that can receive text messages.
          </Text>
        )}
        <Textarea
          label="Custom message"
          description={`Optional; added to the message (at most ${CUSTOM_MESSAGE_MAX_LENGTH} characters).`}
          value={customMessage}
          onChange={(event) => setCustomMessage(event.currentTarget.value)}
          maxLength={CUSTOM_MESSAGE_MAX_LENGTH}
          rows={3}
        />
        {outcome !== null && (
          <Alert
            color={outcome.kind === 'success' ? 'green' : 'red'}
            title={outcome.kind === 'success' ? 'Queued' : outcome.title}
            role={outcome.kind === 'success' ? 'status' : 'alert'}
          >
            {outcome.message}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onSendTest} loading={sendTest.isPending}>
            Send Test
          </Button>
          <Button
            variant="light"
            leftSection={<IconUsersGroup size={16} aria-hidden />}
            onClick={onSendToSession}
            loading={sendToSession.isPending}
          >
            Send Session Notification
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
