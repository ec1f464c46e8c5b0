/**
 * The e-mail, SMS and Web Push of bid sessions. Every message is written to the outbox (delivered
 * later by the outbox worker, with retries) in the same transaction as what causes it:
 *
 * - engine events (turn begun, bid confirmation, session completed) and the "2 turns away" push:
 *   `queueEngineStepMessages`, called inside the engine step's transaction;
 * - the reminders of the reminder scheduler (5 minutes before a turn, the day before a session);
 * - an administrator's reminder to a session, and a test message to one member.
 *
 * A member's settings are honoured (docs/bidding-rules.md, "As built"): nothing when notifications
 * are off; e-mail only with e-mail notifications on; SMS only with SMS on and a phone number;
 * push only with push notifications on, to each device the member subscribed; reminders (and
 * "2 turns away") only with bid reminders on as well.
 */
import {
  averageTurnLength,
  DAY_BEFORE_REMINDER_LEAD_MS,
  type EngineEvent,
  estimateTurnStart,
  isTurnReminderDue,
  normalizePhoneNumber,
  type ReminderRecipientStatus,
  type ReminderResult,
  SESSION_MESSAGE_TEXTS,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { listNextInQueue, listSubscriptionIdsByMember } from '../push/push.repository.ts';
import { encodeQueuedPush, type QueuedPush } from '../push/push-sender.ts';
import {
  type AdminReminderMessage,
  buildAdminReminderEmail,
  buildAdminReminderSms,
  buildAwardPush,
  buildBidConfirmationEmail,
  buildDayBeforeEmail,
  buildSessionCompletedEmail,
  buildTurnApproachingPush,
  buildTurnReminderSms,
  buildTurnStartedEmail,
  buildTurnStartedPush,
  buildTurnStartedSms,
} from './message-templates.ts';
import {
  findMemberContact,
  findSession,
  insertOutboxMessages,
  listActiveSessions,
  listMemberContacts,
  listParticipantContacts,
  listQueueForEstimate,
  listSessionsDueDayBeforeReminder,
  type MemberContact,
  markDayBeforeReminderSent,
  markTurnRemindersSent,
  type OutboxMessage,
  type SessionRow,
} from './session-messages.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reminders and test messages for the administrators' notification page. */
    sessionMessages: SessionMessagesService;
  }
}

export type MessageChannel = 'email' | 'sms';

/**
 * Whether the member's settings let this kind of message through on this channel. For push, the
 * member's consent only: which devices it goes to is the caller's (their subscriptions).
 */
export function canReach(
  contact: MemberContact,
  channel: MessageChannel | 'push',
  options: { isReminder?: boolean } = {},
) {
  if (!contact.notificationsEnabled) return false;
  if (options.isReminder && !contact.bidReminders) return false;
  if (channel === 'email') return contact.emailNotifications && contact.email.trim() !== '';
  if (channel === 'push') return contact.pushNotifications;
  return contact.smsNotifications && hasPhone(contact);
}

/** How long after the step a "2 turns away" push is still worth showing; past it the turns have moved on. */
export const TURN_APPROACHING_PUSH_LIFETIME_MS = 15 * 60_000;

/** One push row per device of the member, each with its own dedupe key (and its own retries). */
function pushToDevices(
  devices: readonly string[] | undefined,
  content: { kind: string; memberId: string; dedupeKey: string; push: QueuedPush },
): OutboxMessage[] {
  return (devices ?? []).map((subscriptionId) => ({
    channel: 'push',
    kind: content.kind,
    memberId: content.memberId,
    recipient: subscriptionId,
    subject: content.push.message.title,
    textBody: encodeQueuedPush(content.push),
    htmlBody: null,
    dedupeKey: `${content.dedupeKey}:push:${subscriptionId}`,
  }));
}

/**
 * The member's number as an SMS provider takes it (E.164), or null. The profile form keeps the phone
 * as typed, so a number is normalised here too, and one no provider could text (e.g. "555-0221")
 * counts as no phone rather than failing at the provider.
 */
const smsNumberOf = (contact: MemberContact): string | null =>
  contact.phone === null ? null : normalizePhoneNumber(contact.phone);
const hasPhone = (contact: MemberContact) => smsNumberOf(contact) !== null;

/**
 * The engine step's messages, for its participants' settings. Nothing is queued for a deleted
 * member. `pushDevices` are the push subscriptions of the members who consented to push.
 */
export function buildEngineStepMessages(
  step: { sessionId: string; sessionName: string; events: readonly EngineEvent[] },
  contacts: ReadonlyMap<string, MemberContact>,
  timeZone: string,
  pushDevices: ReadonlyMap<string, readonly string[]> = new Map(),
): OutboxMessage[] {
  const { sessionId, sessionName } = step;
  const messages: OutboxMessage[] = [];
  for (const event of step.events) {
    if (event.kind !== 'notification') continue;
    const notification = event.notification;
    const contact = contacts.get(notification.memberId);
    if (!contact) continue;
    const email = (
      kind: string,
      dedupeKey: string,
      content: { subject: string; textBody: string; htmlBody: string },
    ) => {
      if (canReach(contact, 'email')) {
        messages.push({
          channel: 'email',
          kind,
          memberId: contact.id,
          recipient: contact.email,
          dedupeKey,
          ...content,
        });
      }
    };
    switch (notification.type) {
      case 'turn_started': {
        const message = { sessionId, sessionName, deadline: new Date(notification.deadline), timeZone };
        const key = `turn_started:${notification.participantId}:${notification.deadline}`;
        email('turn_started', `${key}:email`, buildTurnStartedEmail(contact, message));
        if (canReach(contact, 'push')) {
          messages.push(
            ...pushToDevices(pushDevices.get(contact.id), {
              kind: 'turn_started',
              memberId: contact.id,
              dedupeKey: key,
              push: {
                message: buildTurnStartedPush(message),
                urgency: 'high',
                expiresAt: new Date(notification.deadline).toISOString(),
              },
            }),
          );
        }
        if (canReach(contact, 'sms')) {
          messages.push({
            channel: 'sms',
            kind: 'turn_started',
            memberId: contact.id,
            recipient: smsNumberOf(contact) ?? '',
            subject: null,
            htmlBody: null,
            dedupeKey: `${key}:sms`,
            ...buildTurnStartedSms(message),
          });
        }
        break;
      }
      case 'bid_success':
        if (canReach(contact, 'push')) {
          messages.push(
            ...pushToDevices(pushDevices.get(contact.id), {
              kind: 'bid_confirmation',
              memberId: contact.id,
              dedupeKey: `bid_confirmation:${notification.participantId}`,
              push: {
                message: buildAwardPush({
                  sessionId,
                  sessionName,
                  seat: notification.seat,
                  outcome: notification.outcome,
                }),
                urgency: 'normal',
                expiresAt: null,
              },
            }),
          );
        }
        email(
          'bid_confirmation',
          `bid_confirmation:${notification.participantId}:email`,
          buildBidConfirmationEmail(contact, {
            sessionId,
            sessionName,
            seat: notification.seat,
            outcome: notification.outcome,
          }),
        );
        break;
      case 'session_completed':
        email(
          'session_completed',
          `session_completed:${notification.participantId}:email`,
          buildSessionCompletedEmail(contact, { sessionId, sessionName, seat: notification.seat }),
        );
        break;
    }
  }
  return messages;
}

/**
 * The "2 turns away" pushes of a step in which a turn began (docs/bidding-rules.md, "As built"):
 * the waiting members with one or two turns before theirs (`approaching`: the next in queue order
 * after the turn holder), each once per session (the dedupe key is the participant's; a second
 * turn after a move to the back gets no second one). A member already one turn away when first
 * seen (at the start, or after someone ahead left the queue) gets "you're next" instead.
 */
export function buildTurnApproachingMessages(
  step: { sessionId: string; sessionName: string; now: Date },
  approaching: readonly { participantId: string; memberId: string; turnsAhead: 1 | 2 }[],
  contacts: ReadonlyMap<string, MemberContact>,
  pushDevices: ReadonlyMap<string, readonly string[]>,
): OutboxMessage[] {
  return approaching.flatMap((entry) => {
    const contact = contacts.get(entry.memberId);
    if (!contact || !canReach(contact, 'push', { isReminder: true })) return [];
    return pushToDevices(pushDevices.get(contact.id), {
      kind: 'turn_approaching',
      memberId: contact.id,
      dedupeKey: `turn_approaching:${entry.participantId}`,
      push: {
        message: buildTurnApproachingPush({
          sessionId: step.sessionId,
          sessionName: step.sessionName,
          turnsAhead: entry.turnsAhead,
        }),
        urgency: 'normal',
        expiresAt: new Date(step.now.getTime() + TURN_APPROACHING_PUSH_LIFETIME_MS).toISOString(),
      },
    });
  });
}

/**
 * Queues an engine step's e-mail, SMS and push in the step's transaction. When a turn began, the
 * queue as the step left it (read in this transaction) says who is now one or two turns away.
 */
export async function queueEngineStepMessages(
  executor: Executor,
  step: { sessionId: string; sessionName: string; events: readonly EngineEvent[]; now: Date },
  timeZone: string,
): Promise<number> {
  const memberIds = step.events.flatMap((event) =>
    event.kind === 'notification' ? [event.notification.memberId] : [],
  );
  if (memberIds.length === 0) return 0;
  const turnStarted = step.events.findLast(
    (event) => event.kind === 'notification' && event.notification.type === 'turn_started',
  );
  const approaching: { participantId: string; memberId: string; turnsAhead: 1 | 2 }[] = [];
  if (turnStarted?.kind === 'notification') {
    const [holder, ...behind] = await listNextInQueue(executor, step.sessionId, 3);
    // Only when the queue read back agrees with the step (the turn holder is the one whose turn began).
    if (holder?.participantId === turnStarted.notification.participantId) {
      behind.forEach((row, index) => {
        if (row.memberId) {
          approaching.push({
            participantId: row.participantId,
            memberId: row.memberId,
            turnsAhead: index === 0 ? 1 : 2,
          });
        }
      });
    }
  }
  const contacts = new Map(
    (await listMemberContacts(executor, [...memberIds, ...approaching.map((entry) => entry.memberId)])).map(
      (contact) => [contact.id, contact],
    ),
  );
  const consenting = [...contacts.values()].filter((contact) => canReach(contact, 'push')).map((contact) => contact.id);
  const pushDevices = await listSubscriptionIdsByMember(executor, consenting);
  return insertOutboxMessages(
    executor,
    [
      ...buildEngineStepMessages(step, contacts, timeZone, pushDevices),
      ...buildTurnApproachingMessages(step, approaching, contacts, pushDevices),
    ],
    step.now,
  );
}

function adminReminderMessage(
  session: SessionRow,
  customMessage: string | null,
  timeZone: string,
): AdminReminderMessage {
  return {
    sessionId: session.id,
    sessionName: session.name,
    status: session.status,
    scheduledStart: session.scheduledStart,
    customMessage,
    timeZone,
  };
}

export class SessionMessagesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly timeZone: string,
  ) {}

  /**
   * An administrator's reminder to every participant of a session. E-mail goes to everyone with an
   * address who has not turned notifications off entirely (an administrator's explicit reminder is
   * not a "bid reminder" they opted out of); SMS only to those who turned SMS on and gave a phone.
   * `withoutAddress` counts the participants not reached: no address for the channel (or a deleted
   * member), or messages of that kind turned off.
   */
  async sendSessionReminder(
    sessionId: string,
    options: { channel: MessageChannel; customMessage: string | null },
  ): Promise<{ queued: number; withoutAddress: number }> {
    const { results } = await this.queueSessionReminder(sessionId, options);
    const queued = results.filter((result) => result.status === 'sent').length;
    return { queued, withoutAddress: results.length - queued };
  }

  /** POST /bid-sessions/:id/send-reminders: reminder e-mails, answered as the spec's Reminder result. */
  async sendReminderEmails(sessionId: string, customMessage: string | null): Promise<ReminderResult> {
    const { results } = await this.queueSessionReminder(sessionId, {
      channel: 'email',
      customMessage,
      refuseDraft: true,
    });
    const emailsSent = results.filter((result) => result.status === 'sent').length;
    return {
      totalParticipants: results.length,
      emailsSent,
      emailsFailed: results.length - emailsSent,
      results: results.map(({ name, status }) => ({ name, status })),
    };
  }

  private async queueSessionReminder(
    sessionId: string,
    options: { channel: MessageChannel; customMessage: string | null; refuseDraft?: boolean },
  ): Promise<{ results: { name: string; status: ReminderRecipientStatus }[] }> {
    const now = this.clock.now();
    const customMessage = options.customMessage?.trim() || null;
    const results = await this.db.transaction(async (tx) => {
      const session = await findSession(tx, sessionId);
      if (!session) throw notFound('Session');
      // Members cannot see a draft, so a reminder would point them at nothing.
      if (options.refuseDraft && session.status === 'draft') throw conflict(SESSION_MESSAGE_TEXTS.cannotSendReminders);
      const message = adminReminderMessage(session, customMessage, this.timeZone);
      const rows = await listParticipantContacts(tx, sessionId);
      const outcomes: { name: string; status: ReminderRecipientStatus }[] = [];
      const messages: OutboxMessage[] = [];
      for (const row of rows) {
        const contact = row.member;
        if (!contact) {
          outcomes.push({ name: row.name, status: 'no_email' });
        } else if (!contact.notificationsEnabled) {
          outcomes.push({ name: row.name, status: 'notifications_off' });
        } else if (options.channel === 'email') {
          if (contact.email.trim() === '') {
            outcomes.push({ name: row.name, status: 'no_email' });
            continue;
          }
          outcomes.push({ name: row.name, status: 'sent' });
          messages.push({
            channel: 'email',
            kind: 'session_reminder',
            memberId: contact.id,
            recipient: contact.email,
            dedupeKey: null,
            ...buildAdminReminderEmail(contact, message),
          });
        } else if (!contact.smsNotifications || !hasPhone(contact)) {
          outcomes.push({ name: row.name, status: contact.smsNotifications ? 'no_email' : 'notifications_off' });
        } else {
          outcomes.push({ name: row.name, status: 'sent' });
          messages.push({
            channel: 'sms',
            kind: 'session_reminder',
            memberId: contact.id,
            recipient: smsNumberOf(contact) ?? '',
            subject: null,
            htmlBody: null,
            dedupeKey: null,
            ...buildAdminReminderSms(message),
          });
        }
      }
      await insertOutboxMessages(tx, messages, now);
      return outcomes;
    });
    this.log.info(
      { sessionId, channel: options.channel, queued: results.filter((result) => result.status === 'sent').length },
      'session reminder queued',
    );
    return { results };
  }

  /**
   * A test message to one member about one session, whatever their settings (the administrator is
   * checking delivery). 400 when the member has no address for the channel.
   */
  async sendTestMessage(
    memberId: string,
    sessionId: string,
    options: { channel: MessageChannel; customMessage: string | null },
  ): Promise<{ recipient: string }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const contact = await findMemberContact(tx, memberId);
      if (!contact) throw notFound('User');
      const session = await findSession(tx, sessionId);
      if (!session) throw notFound('Session');
      const message = adminReminderMessage(session, options.customMessage?.trim() || null, this.timeZone);
      if (options.channel === 'email') {
        if (contact.email.trim() === '') throw badRequest(SESSION_MESSAGE_TEXTS.memberHasNoEmail);
        await insertOutboxMessages(
          tx,
          [
            {
              channel: 'email',
              kind: 'test_message',
              memberId: contact.id,
              recipient: contact.email,
              dedupeKey: null,
              ...buildAdminReminderEmail(contact, message),
            },
          ],
          now,
        );
        return { recipient: contact.email };
      }
      if (!hasPhone(contact)) throw badRequest(SESSION_MESSAGE_TEXTS.memberHasNoPhone);
      const recipient = smsNumberOf(contact) ?? '';
      await insertOutboxMessages(
        tx,
        [
          {
            channel: 'sms',
            kind: 'test_message',
            memberId: contact.id,
            recipient,
            subject: null,
            htmlBody: null,
            dedupeKey: null,
            ...buildAdminReminderSms(message),
          },
        ],
        now,
      );
      return { recipient };
    });
  }

  // -------------------------------------------------------------------------------------------
  // The reminder scheduler's work (jobs/reminder-scheduler.ts)

  /** Day-before e-mails of scheduled sessions starting within 24 hours; each session once. */
  async queueDayBeforeReminders(): Promise<number> {
    const now = this.clock.now();
    const due = await listSessionsDueDayBeforeReminder(
      this.db,
      now,
      new Date(now.getTime() + DAY_BEFORE_REMINDER_LEAD_MS),
    );
    let queued = 0;
    for (const candidate of due) {
      queued += await this.db.transaction(async (tx) => {
        // Whoever marks the session first sends its e-mails; another process skips it.
        if (!(await markDayBeforeReminderSent(tx, candidate.id, now))) return 0;
        const session = (await findSession(tx, candidate.id)) ?? candidate;
        if (!session.scheduledStart) return 0;
        const message = {
          sessionId: session.id,
          sessionName: session.name,
          scheduledStart: session.scheduledStart,
          bidWindowMinutes: session.bidWindowMinutes,
          timeZone: this.timeZone,
        };
        const rows = await listParticipantContacts(tx, session.id);
        const messages: OutboxMessage[] = [];
        for (const { member } of rows) {
          if (!member || !canReach(member, 'email', { isReminder: true })) continue;
          messages.push({
            channel: 'email',
            kind: 'day_before_reminder',
            memberId: member.id,
            recipient: member.email,
            dedupeKey: `day_before:${session.id}:${member.id}:${message.scheduledStart.getTime()}`,
            ...buildDayBeforeEmail(member, message),
          });
        }
        return insertOutboxMessages(tx, messages, now);
      });
    }
    return queued;
  }

  /** "About 5 minutes before your turn" SMS for the waiting participants of active sessions. */
  async queueTurnReminders(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    for (const session of await listActiveSessions(this.db)) {
      queued += await this.db.transaction(async (tx) => {
        const queue = await listQueueForEstimate(tx, session.id);
        const averageTurnMs = averageTurnLength(
          queue.flatMap((row) =>
            row.turnStartedAt && row.doneAt
              ? [{ startedAt: row.turnStartedAt.getTime(), endedAt: row.doneAt.getTime() }]
              : [],
          ),
        );
        // Waiting participants in queue order; the first of them holds the turn.
        const waiting = queue.filter((row) => row.outcome === null);
        const due: { participantId: string; memberId: string; estimatedStart: number }[] = [];
        waiting.forEach((row, peopleAhead) => {
          if (row.turnReminderSentAt || !row.memberId) return;
          const estimatedStart = estimateTurnStart({
            now: now.getTime(),
            peopleAhead,
            averageTurnMs,
            bidWindowMs: session.bidWindowMinutes * 60_000,
          });
          if (isTurnReminderDue({ now: now.getTime(), peopleAhead, estimatedStart })) {
            due.push({ participantId: row.participantId, memberId: row.memberId, estimatedStart });
          }
        });
        if (due.length === 0) return 0;
        const contacts = new Map(
          (
            await listMemberContacts(
              tx,
              due.map((entry) => entry.memberId),
            )
          ).map((contact) => [contact.id, contact]),
        );
        const messages: OutboxMessage[] = [];
        for (const entry of due) {
          const contact = contacts.get(entry.memberId);
          if (!contact || !canReach(contact, 'sms', { isReminder: true })) continue;
          messages.push({
            channel: 'sms',
            kind: 'turn_reminder',
            memberId: contact.id,
            recipient: smsNumberOf(contact) ?? '',
            subject: null,
            htmlBody: null,
            dedupeKey: `turn_reminder:${entry.participantId}`,
            ...buildTurnReminderSms({
              sessionId: session.id,
              sessionName: session.name,
              estimatedStart: new Date(entry.estimatedStart),
              timeZone: this.timeZone,
            }),
          });
        }
        // Marked whether or not a message went: one reminder per participant per session.
        await markTurnRemindersSent(
          tx,
          due.map((entry) => entry.participantId),
          now,
        );
        return insertOutboxMessages(tx, messages, now);
      });
    }
    return queued;
  }
}
