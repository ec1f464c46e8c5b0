/**
 * A member's Notification Settings (docs/api.md, "notifications": GET and PUT
 * /notifications/preferences, PUT /notifications/phone) and the administrators' notification
 * management call, which also sends a test notification (POST /notifications/management). The four
 * flags are the member's own columns, shared with the Bid Preferences dialog; the phone number is
 * the profile's phone, kept in E.164 form once saved here.
 */
import { z } from 'zod';
import { deliveryStatusSchema } from './delivery.ts';

/** The example every phone field shows: North American, in the form people write it. */
export const PHONE_NUMBER_EXAMPLE = '(555) 201-4477';

export const NOTIFICATION_SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load notification preferences',
  updateFailed: 'Failed to update notification preferences',
  phoneUpdateFailed: 'Failed to update phone number',
  updated: 'Notification preferences updated successfully!',
  phoneUpdated: 'Phone number updated successfully!',
  phoneCleared: 'Phone number removed. SMS notifications are off.',
  phoneInvalid: `Enter a 10-digit mobile number with its area code, like ${PHONE_NUMBER_EXAMPLE}, or a number starting with + and its country code`,
  phoneRequired: 'Enter a mobile number to receive text messages',
  smsNeedsPhone: 'Add a mobile phone number before turning on SMS notifications',
  /** The one-time offer of texts and phone notifications (DELETE /notifications/offer). */
  offerAnswered: 'You will not be asked again. Notification Settings on your profile change these at any time.',
  /** The test notification form's checks. */
  userAndSessionRequired: 'Please select both a user and a session',
  sessionRequired: 'Please select a session',
  sessionNotNotifiable: 'Only scheduled, active or paused sessions can be notified',
  customMessageTooLong: 'The custom message must be at most 1000 characters',
  /** The notification screen's failures. */
  testFailed: 'Failed to send test notification',
  sessionNotificationFailed: 'Failed to send session notification',
  statusLoadFailed: 'Unable to load status',
} as const;

/** What the schedule of messages is (docs/bidding-rules.md, "Notifications a session sends"), in the words the settings show. */
export const NOTIFICATION_SCHEDULE = [
  'An e-mail reminder the day before the bid session.',
  'A text message 5 minutes before your bid time.',
  'An e-mail when your bid time begins.',
] as const;

export const CUSTOM_MESSAGE_MAX_LENGTH = 1000;

/**
 * A mobile number in E.164 (`+` and 8 to 15 digits), or null when it cannot be one. Spaces,
 * dashes, dots and brackets are ignored; a number without `+` is read as North American: 10
 * digits (area code not starting with 0 or 1), or 11 starting with the country code 1.
 */
export function normalizePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  const northAmerican = /^1?([2-9]\d{9})$/.exec(compact);
  return northAmerican ? `+1${northAmerican[1]}` : null;
}

/**
 * A stored number as people read it: a North American one as "(555) 201-4477", any other in its
 * E.164 form; text that is no phone number comes back as it was.
 */
export function formatPhoneNumber(stored: string): string {
  const normalized = normalizePhoneNumber(stored);
  if (normalized === null) return stored;
  const northAmerican = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(normalized);
  return northAmerican ? `(${northAmerican[1]}) ${northAmerican[2]}-${northAmerican[3]}` : normalized;
}

/**
 * The member's one phone number (the profile's, which text messages go to) as a form shows it to
 * edit: formatted when it can receive a text, empty when it cannot, so no form ever offers an
 * unusable number as if it were ready.
 */
export function phoneNumberToEdit(stored: string | null): string {
  return stored !== null && normalizePhoneNumber(stored) !== null ? formatPhoneNumber(stored) : '';
}

/**
 * What a save of the member's one phone number stores (the profile's, which text messages go to):
 * null when emptied; E.164 for a number; the stored text itself when sent back as it was (a number
 * kept from before numbers were checked, so an unrelated profile edit still saves); undefined when
 * the text cannot be a phone number.
 */
export function phoneNumberToStore(sent: string | null, stored: string | null): string | null | undefined {
  if (sent === null || sent.trim() === '') return null;
  if (stored !== null && sent.trim() === stored.trim()) return stored;
  return normalizePhoneNumber(sent) ?? undefined;
}

/** The four flags of a member's notification preferences, and push (issue 15). */
export const notificationFlagsSchema = z.object({
  /** The master switch: off means no e-mail, SMS or reminder is sent, whatever the others say. */
  notifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  bidReminders: z.boolean(),
  /**
   * Web Push (issue 15): "your turn", "2 turns away" and "your award" on the devices the member
   * subscribed (POST /api/push/subscriptions). Off until the member turns it on: a push reaches a
   * phone's lock screen, so it needs their consent, and the browser asks for its own too.
   */
  pushNotifications: z.boolean(),
});
export type NotificationFlags = z.infer<typeof notificationFlagsSchema>;

/** The defaults: notifications on, e-mail on, SMS off, reminders on; push off until consented to. */
export const DEFAULT_NOTIFICATION_FLAGS: NotificationFlags = {
  notifications: true,
  emailNotifications: true,
  smsNotifications: false,
  bidReminders: true,
  pushNotifications: false,
};

/** GET /notifications/preferences; also the answer of both PUTs, with a message. */
export const notificationSettingsResponseSchema = z.object({
  preferences: notificationFlagsSchema,
  /** The phone on file (the profile's phone), or null. */
  phoneNumber: z.string().nullable(),
  /**
   * True until the member answers the one-time offer of texts and phone notifications (turns one
   * on from it, or dismisses it): kept on the server, so an answer on one device holds on all.
   */
  isOfferPending: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsResponseSchema>;

export const notificationSettingsSavedResponseSchema = notificationSettingsResponseSchema.extend({
  message: z.string(),
});

/** PUT /notifications/preferences: the flags given change, the others keep their value. */
export const updateNotificationFlagsRequestSchema = notificationFlagsSchema.partial().strict();
export type UpdateNotificationFlagsRequest = z.infer<typeof updateNotificationFlagsRequestSchema>;

/** PUT /notifications/phone: a number normalised to E.164, or empty (or null) to remove it. */
export const updatePhoneNumberRequestSchema = z.object({
  phoneNumber: z
    .string({ error: NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid })
    .max(40, NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid)
    .nullable()
    .transform((value, context) => {
      if (value === null || value.trim() === '') return null;
      const normalized = normalizePhoneNumber(value);
      if (normalized === null) {
        context.addIssue({ code: 'custom', message: NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return normalized;
    }),
});
export type UpdatePhoneNumberRequest = z.input<typeof updatePhoneNumberRequestSchema>;

// ---- Administrators: POST /notifications/management ----

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Sessions an administrator can send a notification about. */
export const NOTIFIABLE_SESSION_STATUSES = ['scheduled', 'active', 'paused'] as const;

const customMessageSchema = z
  .string()
  .trim()
  .max(CUSTOM_MESSAGE_MAX_LENGTH, NOTIFICATION_SETTINGS_MESSAGES.customMessageTooLong)
  .nullish()
  .transform((value) => (value ? value : null));

const channelSchema = z.enum(NOTIFICATION_CHANNELS, { error: 'type must be email or sms' });

const requiredId = (message: string) => z.uuid({ error: message });

export const notificationManagementRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('get-status') }),
    z.object({ action: z.literal('get-users') }),
    z.object({ action: z.literal('get-sessions') }),
    z.object({
      action: z.literal('send-test'),
      userId: requiredId(NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired),
      sessionId: requiredId(NOTIFICATION_SETTINGS_MESSAGES.userAndSessionRequired),
      type: channelSchema,
      customMessage: customMessageSchema,
    }),
    z.object({
      action: z.literal('send-session-notification'),
      sessionId: requiredId(NOTIFICATION_SETTINGS_MESSAGES.sessionRequired),
      type: channelSchema,
      customMessage: customMessageSchema,
    }),
  ],
  { error: 'action must be get-status, get-users, get-sessions, send-test or send-session-notification' },
);
export type NotificationManagementRequest = z.input<typeof notificationManagementRequestSchema>;
export type NotificationManagementCommand = z.output<typeof notificationManagementRequestSchema>;

export const notificationStatusResponseSchema = z.object({
  emailServiceAvailable: z.boolean(),
  smsServiceAvailable: z.boolean(),
  status: deliveryStatusSchema,
});
export type NotificationStatusResponse = z.infer<typeof notificationStatusResponseSchema>;

export const notifiableMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** True when the phone on file can receive a text message (it reads as an E.164 number). */
  hasSmsPhone: z.boolean(),
  preferences: notificationFlagsSchema,
});
export type NotifiableMember = z.infer<typeof notifiableMemberSchema>;

export const notifiableMembersResponseSchema = z.object({ users: z.array(notifiableMemberSchema) });

export const notifiableSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(NOTIFIABLE_SESSION_STATUSES),
  /** ISO 8601, or null when the session has no date set. */
  startDate: z.string().nullable(),
  participantCount: z.number().int(),
});
export type NotifiableSession = z.infer<typeof notifiableSessionSchema>;

export const notifiableSessionsResponseSchema = z.object({ sessions: z.array(notifiableSessionSchema) });

export const sendTestNotificationResponseSchema = z.object({ message: z.string(), recipient: z.string() });
export type SendTestNotificationResponse = z.infer<typeof sendTestNotificationResponseSchema>;

export const sendSessionNotificationResponseSchema = z.object({
  message: z.string(),
  /** Messages queued, one per participant with an address on the chosen channel. */
  queued: z.number().int(),
  /** Participants left out because they have no e-mail, or no phone for SMS. */
  withoutAddress: z.number().int(),
});
export type SendSessionNotificationResponse = z.infer<typeof sendSessionNotificationResponseSchema>;
