/**
 * What will go wrong when a session starts, worked out on the server from the delivery settings,
 * the participants' notification settings and their devices, and the department's settings
 * (GET /bid-sessions/:id/start-check, administrators only). The start confirmation and a scheduled
 * session's card list the findings, so nobody starts a session blind.
 */
import { z } from 'zod';

export const START_CHECK_FINDING_CODES = [
  'email_not_configured',
  'sms_not_configured',
  'sms_without_phone',
  'push_partial',
  'push_without_device',
  'notifications_off',
  'unreachable',
  'time_zone_not_set',
] as const;
export type StartCheckFindingCode = (typeof START_CHECK_FINDING_CODES)[number];

export const startCheckFindingSchema = z.object({
  code: z.enum(START_CHECK_FINDING_CODES),
  /** "warning": members will miss a notice or see wrong times; "info": worth knowing, nothing is lost. */
  severity: z.enum(['warning', 'info']),
  /** The finding in words, e.g. "E-mail is not configured: 6 participants will get no 'your turn' e-mail." */
  message: z.string(),
  /** How many participants it concerns; null when it is about the department, not members. */
  participants: z.number().int().nullable(),
});
export type StartCheckFinding = z.infer<typeof startCheckFindingSchema>;

/** How many participants each channel will reach with a "your turn" notice. */
export const startCheckReachSchema = z.object({
  isConfigured: z.boolean(),
  /** Participants the channel will reach once the session starts. */
  reached: z.number().int(),
});

export const startCheckSchema = z.object({
  sessionId: z.string(),
  participantCount: z.number().int(),
  email: startCheckReachSchema,
  sms: startCheckReachSchema,
  push: startCheckReachSchema,
  /** The zone the session's times are shown in, and whether an administrator chose it. */
  timeZone: z.object({ zone: z.string(), isSet: z.boolean() }),
  /** Warnings first; empty when everything is ready. */
  findings: z.array(startCheckFindingSchema),
  /** "Every participant will be told of their turn; ..." or a short summary of the findings. */
  summary: z.string(),
});
export type StartCheck = z.infer<typeof startCheckSchema>;
