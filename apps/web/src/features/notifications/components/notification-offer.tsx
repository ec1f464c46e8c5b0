/**
 * The one-time offer, shown in the app's frame on the member's first sign-in: "Get a text or a
 * phone notification when your turn is near", with the actions that turn each on (a text: the
 * mobile number, then SMS and reminders on; this phone: the browser's own permission prompt, then
 * push on). Not a dialog: it blocks nothing and waits at the top of the page until answered.
 * Turning one on, or "Not now", answers it on the server, so no device offers it again. Never on a
 * session's own pages (there the countdown comes first, and the page has its own switches) nor on
 * /verify, where the answer about a record must not be pushed down by a card that arrives after it.
 */
import { Alert, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPhoneNumber, type NotificationSettings } from '@stationbid/domain';
import { IconBellRinging, IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isPushSupported, PUSH_UNAVAILABLE_MESSAGES } from '../../../lib/push.ts';
import { useAnswerNotificationOffer } from '../api/answer-notification-offer.ts';
import {
  describeTurnNoticeFailure,
  isTurnNoticeOn,
  type TurnNoticeChange,
  useChangeTurnNotices,
} from '../api/change-turn-notices.ts';
import { useNotificationSettingsQuery } from '../api/notification-queries.ts';
import { SmsPhoneForm } from './sms-phone-form.tsx';

export const NOTIFICATION_OFFER_TITLE = 'Get a text or a phone notification when your turn is near';

const PAGES_WITHOUT_OFFER = [paths.liveBid, paths.bid, paths.verify];

export function NotificationOffer() {
  const { pathname } = useLocation();
  const isPageWithoutOffer = PAGES_WITHOUT_OFFER.some((pattern) => matchPath(pattern, pathname) !== null);
  const settingsQuery = useNotificationSettingsQuery();
  // Once answered here the server says it is no longer pending; the card stays until closed, so
  // the member sees what they turned on and may turn on the other one too.
  const [isStaying, setIsStaying] = useState(false);
  const [isClosed, setIsClosed] = useState(false);
  const settings = settingsQuery.data;
  if (settings === undefined || isClosed || isPageWithoutOffer || !(settings.isOfferPending || isStaying)) return null;
  return (
    <NotificationOfferCard
      settings={settings}
      onAnswered={() => setIsStaying(true)}
      onClosed={() => setIsClosed(true)}
    />
  );
}

function NotificationOfferCard({
  settings,
  onAnswered,
  onClosed,
}: {
  settings: NotificationSettings;
  onAnswered: () => void;
  onClosed: () => void;
}) {
  const titleId = useId();
  const answer = useAnswerNotificationOffer();
  const change = useChangeTurnNotices(settings);
  const [failure, setFailure] = useState<string | null>(null);
  const [isAskingPhone, setIsAskingPhone] = useState(false);
  const isTextOn = isTurnNoticeOn(settings, 'sms');
  const isPushOn = isTurnNoticeOn(settings, 'push');
  const canPush = isPushSupported();

  const turnOn = (request: TurnNoticeChange) => {
    setFailure(null);
    change.mutate(request, {
      onSuccess: () => {
        setIsAskingPhone(false);
        onAnswered();
        if (settings.isOfferPending) answer.mutate();
      },
      onError: (error) => setFailure(describeTurnNoticeFailure(error)),
    });
  };
  const close = () => {
    onClosed();
    if (settings.isOfferPending) answer.mutate();
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      mb="md"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconBellRinging size={22} aria-hidden color="var(--mantine-primary-color-filled)" />
            <Text id={titleId} fw={700} lh={1.3}>
              {NOTIFICATION_OFFER_TITLE}
            </Text>
          </Group>
          <CloseButton aria-label="Close the offer of texts and phone notifications" onClick={close} />
        </Group>
        <Text size="sm">
          When you are 2 turns away and when your turn begins, even with StationBid closed, so you can put the phone
          down between turns.
        </Text>

        {isTextOn ? (
          <Text size="sm" role="status">
            <IconCheck size={16} aria-hidden /> Texts are on, to {formatPhoneNumber(settings.phoneNumber ?? '')}.
          </Text>
        ) : isAskingPhone ? (
          <SmsPhoneForm
            savedPhone={settings.phoneNumber}
            submitLabel="Turn on texts"
            focusOnMount
            isPending={change.isPending && change.variables?.channel === 'sms'}
            onSubmit={(phoneNumber) => turnOn({ channel: 'sms', isOn: true, phoneNumber })}
          />
        ) : null}
        {isPushOn && (
          <Text size="sm" role="status">
            <IconCheck size={16} aria-hidden /> Notifications are on for this phone.
          </Text>
        )}
        {!canPush && !isPushOn && <Text size="sm">{PUSH_UNAVAILABLE_MESSAGES.unsupported}</Text>}
        {failure !== null && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}

        <Group gap="xs">
          {!isTextOn && !isAskingPhone && <Button onClick={() => setIsAskingPhone(true)}>Text me</Button>}
          {!isPushOn && canPush && (
            <Button
              variant={isTextOn ? 'filled' : 'light'}
              loading={change.isPending && change.variables?.channel === 'push'}
              onClick={() => turnOn({ channel: 'push', isOn: true })}
            >
              Notify this phone
            </Button>
          )}
          <Button variant="subtle" onClick={close}>
            {isTextOn || isPushOn ? 'Done' : 'Not now'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
