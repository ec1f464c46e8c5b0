/**
 * On a session's page, the two notices that wake a member before their turn, as two switches over
 * the member's own notification settings (the same ones Notification Settings on the profile
 * shows): "Text me when I'm 2 turns away" and "Notify this phone when I'm 2 turns away". Turning
 * texts on asks for the mobile number when none on file can receive one; turning this phone on
 * makes the browser ask for its permission. Each switch saves at once.
 */
import { Alert, Paper, Stack, Switch, Text } from '@mantine/core';
import { formatPhoneNumber, normalizePhoneNumber } from '@stationbid/domain';
import { useId, useState } from 'react';
import { isPushSupported, PUSH_UNAVAILABLE_MESSAGES } from '../../../lib/push.ts';
import {
  describeTurnNoticeFailure,
  isTurnNoticeOn,
  type TurnNoticeChange,
  useChangeTurnNotices,
} from '../api/change-turn-notices.ts';
import { useNotificationSettingsQuery } from '../api/notification-queries.ts';
import { SmsPhoneForm } from './sms-phone-form.tsx';

export const TEXT_TURN_NOTICE_LABEL = 'Text me when I’m 2 turns away';
export const PUSH_TURN_NOTICE_LABEL = 'Notify this phone when I’m 2 turns away';

export function TurnNoticeSwitches() {
  const headingId = useId();
  const settingsQuery = useNotificationSettingsQuery();
  const settings = settingsQuery.data;
  const change = useChangeTurnNotices(settings);
  const [failure, setFailure] = useState<string | null>(null);
  const [isAskingPhone, setIsAskingPhone] = useState(false);

  // Nothing to offer until the settings are known; a failed read leaves the page as it was.
  if (settings === undefined) return null;

  const save = (request: TurnNoticeChange) => {
    setFailure(null);
    change.mutate(request, {
      onSuccess: () => setIsAskingPhone(false),
      onError: (error) => setFailure(describeTurnNoticeFailure(error)),
    });
  };
  const isTextOn = isTurnNoticeOn(settings, 'sms');
  const isPushOn = isTurnNoticeOn(settings, 'push');
  const hasTextablePhone = settings.phoneNumber !== null && normalizePhoneNumber(settings.phoneNumber) !== null;
  const canPush = isPushSupported();
  const savingChannel = change.isPending ? change.variables?.channel : undefined;

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text id={headingId} fw={600} size="sm">
          Before your turn
        </Text>
        <Switch
          label={TEXT_TURN_NOTICE_LABEL}
          description={
            isTextOn
              ? `And when your turn begins. To ${formatPhoneNumber(settings.phoneNumber ?? '')}.`
              : 'And when your turn begins.'
          }
          checked={isTextOn || isAskingPhone}
          disabled={savingChannel !== undefined}
          onChange={(event) => {
            const isOn = event.currentTarget.checked;
            if (!isOn) {
              setIsAskingPhone(false);
              if (isTextOn) save({ channel: 'sms', isOn: false });
            } else if (hasTextablePhone) {
              save({ channel: 'sms', isOn: true, phoneNumber: settings.phoneNumber ?? '' });
            } else {
              setIsAskingPhone(true);
            }
          }}
        />
        {isAskingPhone && !isTextOn && (
          <SmsPhoneForm
            savedPhone={settings.phoneNumber}
            submitLabel="Turn on texts"
            isPending={savingChannel === 'sms'}
            onSubmit={(phoneNumber) => save({ channel: 'sms', isOn: true, phoneNumber })}
            focusOnMount
          />
        )}
        <Switch
          label={PUSH_TURN_NOTICE_LABEL}
          description={
            canPush ? 'And when your turn begins, even with StationBid closed.' : PUSH_UNAVAILABLE_MESSAGES.unsupported
          }
          checked={isPushOn}
          disabled={savingChannel !== undefined || (!canPush && !isPushOn)}
          onChange={(event) =>
            save(event.currentTarget.checked ? { channel: 'push', isOn: true } : { channel: 'push', isOn: false })
          }
        />
        {failure !== null && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
