/**
 * The start check's reads (GET /bid-sessions/:id/start-check): the session's participants with
 * their notification settings and push devices, and whether the department chose its time zone;
 * buildStartCheck (start-check.ts) turns them into findings. Reads only: nothing is locked.
 */
import { BID_MESSAGES, type StartCheck } from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readTimeZoneSetting } from '../department-settings/department-settings.repository.ts';
import { listSubscriptionIdsByMember } from '../push/push.repository.ts';
import { findSessionById } from '../session-engine/bid-sessions.repository.ts';
import { listParticipantContacts } from '../session-messages/session-messages.repository.ts';
import { buildStartCheck } from './start-check.ts';

export interface StartCheckSettings {
  /** Whether the server has settings to send e-mail and SMS (push needs none). */
  isConfigured: (channel: 'email' | 'sms') => boolean;
  /** The department's zone in force: its setting, else the server's default. */
  timeZoneInForce: string;
}

export async function checkSessionStart(
  executor: Executor,
  sessionId: string,
  settings: StartCheckSettings,
): Promise<StartCheck> {
  const session = await findSessionById(executor, sessionId);
  if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
  const [participants, savedZone] = await Promise.all([
    listParticipantContacts(executor, sessionId),
    readTimeZoneSetting(executor),
  ]);
  const memberIds = participants.flatMap((row) => (row.member?.id ? [row.member.id] : []));
  const devices = await listSubscriptionIdsByMember(executor, memberIds);
  return buildStartCheck({
    sessionId,
    participants: participants.map((row) => ({
      contact: row.member?.id ? row.member : null,
      pushDevices: row.member?.id ? (devices.get(row.member.id)?.length ?? 0) : 0,
    })),
    configured: { email: settings.isConfigured('email'), sms: settings.isConfigured('sms') },
    timeZone: { zone: savedZone?.timeZone ?? settings.timeZoneInForce, isSet: savedZone !== null },
  });
}
