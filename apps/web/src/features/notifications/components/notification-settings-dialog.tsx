/**
 * Notification Settings (schemas/notification-settings.ts), opened from the profile page: a master switch;
 * bid reminders, e-mail, push (this device: issue 15) and SMS switches that are disabled while it is off; the mobile number,
 * asked for only while SMS is on; and when messages are sent. Save is enabled only when something
 * changed and the number (when asked for) can receive text messages.
 */
import {
  Alert,
  Button,
  Center,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  NOTIFICATION_SCHEDULE,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationFlags,
  type NotificationSettings,
  normalizePhoneNumber,
  PHONE_NUMBER_EXAMPLE,
  phoneNumberToEdit,
} from '@stationbid/domain';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import {
  isPushSupported,
  PUSH_UNAVAILABLE_MESSAGES,
  PushUnavailableError,
  subscribeToPush,
} from '../../../lib/push.ts';
import { useNotificationSettingsQuery } from '../api/notification-queries.ts';
import { NotificationSettingsSaveError, useSaveNotificationSettings } from '../api/save-notification-settings.ts';

/** The profile page's button, and the dialog it opens. */
export function NotificationSettingsButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconBell size={16} aria-hidden />} onClick={() => setIsOpen(true)}>
        Notification Settings
      </Button>
      {isOpen && <NotificationSettingsDialog onClose={() => setIsOpen(false)} />}
    </>
  );
}

export function NotificationSettingsDialog({ onClose }: { onClose: () => void }) {
  // Below Mantine's `sm` breakpoint the dialog takes the whole screen.
  const isSmallScreen = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const settingsQuery = useNotificationSettingsQuery();

  return (
    <Modal opened onClose={onClose} title="Notification Settings" size="md" fullScreen={isSmallScreen}>
      {settingsQuery.isError ? (
        <LoadError
          title={NOTIFICATION_SETTINGS_MESSAGES.loadFailed}
          error={settingsQuery.error}
          onRetry={() => settingsQuery.refetch()}
          isRetrying={settingsQuery.isFetching}
        />
      ) : settingsQuery.data === undefined ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading notification settings" />
        </Center>
      ) : (
        <NotificationSettingsForm saved={settingsQuery.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function NotificationSettingsForm({ saved, onClose }: { saved: NotificationSettings; onClose: () => void }) {
  const [flags, setFlags] = useState<NotificationFlags>(saved.preferences);
  // The one phone number (the profile's), offered only when a text can go to it.
  const [phone, setPhone] = useState(() => phoneNumberToEdit(saved.phoneNumber));
  const [isPhoneTouched, setIsPhoneTouched] = useState(false);
  const save = useSaveNotificationSettings({ onSaved: onClose });

  const isPhoneAsked = flags.notifications && flags.smsNotifications;
  const normalizedPhone = normalizePhoneNumber(phone);
  const phoneError = !isPhoneAsked
    ? null
    : phone.trim() === ''
      ? isPhoneTouched
        ? NOTIFICATION_SETTINGS_MESSAGES.phoneRequired
        : null
      : normalizedPhone === null
        ? NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid
        : null;
  const isPhoneUsable = !isPhoneAsked || normalizedPhone !== null;
  const isPhoneChanged = isPhoneAsked && normalizedPhone !== null && normalizedPhone !== saved.phoneNumber;
  const areFlagsChanged = (Object.keys(flags) as (keyof NotificationFlags)[]).some(
    (flag) => flags[flag] !== saved.preferences[flag],
  );
  const hasChanges = areFlagsChanged || isPhoneChanged;

  const change = (changes: Partial<NotificationFlags>) => {
    save.reset();
    setFlags((current) => ({ ...current, ...changes }));
  };
  const switchProps = (flag: keyof NotificationFlags) => ({
    checked: flags[flag],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change({ [flag]: event.currentTarget.checked }),
  });

  const failure = save.error instanceof NotificationSettingsSaveError ? save.error : null;

  // Turning push on subscribes this device first, from the click (a browser shows its permission
  // prompt only to a gesture); the setting is saved with the others.
  const [pushState, setPushState] = useState<{ isSubscribing: boolean; error: string | null }>({
    isSubscribing: false,
    error: null,
  });
  const canPush = isPushSupported();
  const changePush = async (isOn: boolean) => {
    setPushState({ isSubscribing: isOn, error: null });
    if (!isOn) {
      change({ pushNotifications: false });
      return;
    }
    try {
      await subscribeToPush();
      change({ pushNotifications: true });
      setPushState({ isSubscribing: false, error: null });
    } catch (error) {
      setPushState({
        isSubscribing: false,
        error:
          error instanceof PushUnavailableError
            ? error.message
            : getErrorMessage(error, 'This device could not be set up for push notifications.'),
      });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setIsPhoneTouched(true);
        if (!hasChanges || !isPhoneUsable) return;
        save.mutate({
          phoneNumber: isPhoneChanged ? phone : null,
          preferences: areFlagsChanged ? flags : null,
        });
      }}
    >
      <Stack gap="md">
        <Switch
          label="Notifications"
          description="Turn off to receive no e-mail, text messages or reminders at all."
          size="md"
          {...switchProps('notifications')}
        />
        <Stack gap="sm" pl="md">
          <Switch
            label="Bid reminders"
            description="Reminders before a bid session and before your bid time."
            disabled={!flags.notifications}
            {...switchProps('bidReminders')}
          />
          <Switch
            label="E-mail notifications"
            description="Messages to the e-mail address of your profile."
            disabled={!flags.notifications}
            {...switchProps('emailNotifications')}
          />
          <Switch
            label="Push notifications"
            description={
              canPush
                ? '“Your turn”, “2 turns away” and your seat on this device, even when StationBid is closed.'
                : PUSH_UNAVAILABLE_MESSAGES.unsupported
            }
            disabled={!flags.notifications || !canPush || pushState.isSubscribing}
            checked={flags.pushNotifications}
            onChange={(event) => void changePush(event.currentTarget.checked)}
            error={pushState.error}
          />
          <Switch
            label="SMS notifications"
            description="Text messages to your mobile phone."
            disabled={!flags.notifications}
            {...switchProps('smsNotifications')}
          />
          {isPhoneAsked && (
            <TextInput
              label="Mobile phone number"
              description={
                saved.phoneNumber !== null && normalizePhoneNumber(saved.phoneNumber) === null
                  ? `The phone on your profile, ${saved.phoneNumber}, cannot receive texts. Enter it with its area code.`
                  : 'Texts go to this number. It is the phone on your profile too.'
              }
              placeholder={PHONE_NUMBER_EXAMPLE}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              value={phone}
              error={phoneError}
              onChange={(event) => {
                save.reset();
                setPhone(event.currentTarget.value);
              }}
              onBlur={() => setIsPhoneTouched(true)}
            />
          )}
        </Stack>
        <Stack gap={4}>
          <Title order={3} size="h5">
            When messages are sent
          </Title>
          <List size="sm" spacing={2}>
            {NOTIFICATION_SCHEDULE.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {!flags.notifications && (
            <Text size="sm" c="gray.7">
              Notifications are off, so none of these is sent to you.
            </Text>
          )}
        </Stack>
        {failure !== null && (
          <Alert color="red" title={failure.fallback} role="alert">
            {getErrorMessage(failure.cause, failure.fallback)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!hasChanges || !isPhoneUsable} loading={save.isPending}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
