/**
 * The start check in words (pure): from what the delivery settings, each participant's notification
 * settings and devices, and the department's settings say, what will go wrong once the session
 * starts. "Your turn" notices matter most: a member who is not told loses the turn, so each finding
 * counts the participants it leaves untold.
 */
import { plural, type StartCheck, type StartCheckFinding } from '@stationbid/domain';
import { canReach } from '../session-messages/message-reach.ts';
import type { MemberContact } from '../session-messages/session-messages.repository.ts';

export interface StartCheckFacts {
  sessionId: string;
  /** Each participant's member (null once the member was deleted) and how many push devices they have. */
  participants: readonly { contact: MemberContact | null; pushDevices: number }[];
  configured: { email: boolean; sms: boolean };
  timeZone: { zone: string; isSet: boolean };
}

/** "has" or "have" for a count of participants. */
const has = (count: number) => (count === 1 ? 'has' : 'have');

export function buildStartCheck(facts: StartCheckFacts): StartCheck {
  const contacts = facts.participants.flatMap((entry) =>
    entry.contact === null ? [] : [{ contact: entry.contact, pushDevices: entry.pushDevices }],
  );
  const total = contacts.length;
  const wantsEmail = contacts.filter(({ contact }) => canReach(contact, 'email'));
  const wantsSms = contacts.filter(({ contact }) => contact.notificationsEnabled && contact.smsNotifications);
  const smsReachable = contacts.filter(({ contact }) => canReach(contact, 'sms'));
  const pushConsenting = contacts.filter(({ contact }) => canReach(contact, 'push'));
  const pushReachable = pushConsenting.filter(({ pushDevices }) => pushDevices > 0);
  const notificationsOff = contacts.filter(({ contact }) => !contact.notificationsEnabled);
  const unreachable = contacts.filter(
    (entry) =>
      !(facts.configured.email && canReach(entry.contact, 'email')) &&
      !(facts.configured.sms && canReach(entry.contact, 'sms')) &&
      !(canReach(entry.contact, 'push') && entry.pushDevices > 0),
  );

  const findings: StartCheckFinding[] = [];
  const add = (finding: StartCheckFinding) => findings.push(finding);

  if (!facts.configured.email) {
    add({
      code: 'email_not_configured',
      severity: 'warning',
      participants: wantsEmail.length,
      message:
        wantsEmail.length === 0
          ? 'E-mail is not configured.'
          : `E-mail is not configured: ${plural(wantsEmail.length, 'participant')} will get no 'your turn' e-mail.`,
    });
  }
  if (!facts.configured.sms) {
    add({
      code: 'sms_not_configured',
      severity: wantsSms.length === 0 ? 'info' : 'warning',
      participants: wantsSms.length,
      message:
        wantsSms.length === 0
          ? 'SMS is not configured.'
          : `SMS is not configured: ${plural(wantsSms.length, 'participant')} who turned texts on will get none.`,
    });
  } else {
    const withoutPhone = wantsSms.length - smsReachable.length;
    if (withoutPhone > 0) {
      add({
        code: 'sms_without_phone',
        severity: 'warning',
        participants: withoutPhone,
        message: `${plural(withoutPhone, 'participant')} turned texts on but ${has(withoutPhone)} no phone number that can be texted.`,
      });
    }
  }
  if (total > 0 && pushReachable.length < total) {
    add({
      code: 'push_partial',
      severity: 'info',
      participants: pushReachable.length,
      message: `${pushReachable.length} of ${total} ${has(pushReachable.length)} push on.`,
    });
  }
  const pushWithoutDevice = pushConsenting.length - pushReachable.length;
  if (pushWithoutDevice > 0) {
    add({
      code: 'push_without_device',
      severity: 'info',
      participants: pushWithoutDevice,
      message: `${plural(pushWithoutDevice, 'participant')} turned push on but ${has(pushWithoutDevice)} no device that takes it.`,
    });
  }
  if (notificationsOff.length > 0) {
    add({
      code: 'notifications_off',
      severity: 'info',
      participants: notificationsOff.length,
      message: `${plural(notificationsOff.length, 'participant')} turned every notice off.`,
    });
  }
  if (unreachable.length > 0) {
    add({
      code: 'unreachable',
      severity: 'warning',
      participants: unreachable.length,
      message: `${unreachable.length} of ${total} will get no 'your turn' e-mail, text or push: only the StationBid page tells them.`,
    });
  }
  if (!facts.timeZone.isSet) {
    add({
      code: 'time_zone_not_set',
      severity: 'warning',
      participants: null,
      message: `The department's time zone is not set (${facts.timeZone.zone}).`,
    });
  }

  findings.sort((first, second) => Number(first.severity === 'info') - Number(second.severity === 'info'));
  const warnings = findings.filter((finding) => finding.severity === 'warning').length;
  return {
    sessionId: facts.sessionId,
    participantCount: total,
    email: { isConfigured: facts.configured.email, reached: facts.configured.email ? wantsEmail.length : 0 },
    sms: { isConfigured: facts.configured.sms, reached: facts.configured.sms ? smsReachable.length : 0 },
    push: { isConfigured: true, reached: pushReachable.length },
    timeZone: facts.timeZone,
    findings,
    summary:
      warnings === 0
        ? `Ready: every participant will be told of their turn, and times read in ${facts.timeZone.zone}.`
        : `${plural(warnings, 'problem')} to know before starting.`,
  };
}
