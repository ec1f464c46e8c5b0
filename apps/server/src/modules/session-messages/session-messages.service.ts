/**
 * The e-mail, SMS and Web Push of bid sessions. Every message is written to the outbox (delivered
 * later by the outbox worker, with retries) in the same transaction as what causes it:
 *
 * - engine events (turn begun, bid confirmation, session completed) and the "2 turns away" push:
 *   `queueEngineStepMessages` (engine-step-messages.ts), called inside the engine step's transaction;
 * - the reminders of the reminder scheduler (5 minutes before a turn, the day before a session):
 *   built in scheduled-reminders.ts;
 * - an administrator's reminder to a session, and a test message to one member: admin-reminders.ts.
 *
 * Whom each may reach follows the member's settings (message-reach.ts). This service owns the
 * transactions: it reads the rows, hands them to the builders and queues what they build.
 */
import { DAY_BEFORE_REMINDER_LEAD_MS, type ReminderResult, SESSION_MESSAGE_TEXTS } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  adminReminderMessage,
  buildSessionReminder,
  buildTestMessage,
  type ReminderOutcome,
} from './admin-reminders.ts';
import type { MessageChannel } from './message-reach.ts';
import {
  buildDayBeforeMessages,
  buildTurnReminderMessages,
  COMING_TURN_TEXT_GAP_MS,
  findDueTurnReminders,
} from './scheduled-reminders.ts';
import {
  findMemberContact,
  findSession,
  insertOutboxMessages,
  listActiveSessions,
  listMemberContacts,
  listParticipantContacts,
  listQueueForEstimate,
  listSessionsDueDayBeforeReminder,
  listTextedAboutComingTurn,
  markDayBeforeReminderSent,
  markTurnRemindersSent,
} from './session-messages.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reminders and test messages for the administrators' notification page. */
    sessionMessages: SessionMessagesService;
  }
}

export class SessionMessagesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** The department's time zone now: the administrators' setting may change while the server runs (issue 16). */
    private readonly departmentTimeZone: () => string,
  ) {}

  private get timeZone(): string {
    return this.departmentTimeZone();
  }

  /**
   * An administrator's reminder to every participant of a session (admin-reminders.ts says who
   * gets it). `withoutAddress` counts the participants not reached: no address for the channel
   * (or a deleted member), or messages of that kind turned off.
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
  ): Promise<{ results: ReminderOutcome[] }> {
    const now = this.clock.now();
    const customMessage = options.customMessage?.trim() || null;
    const results = await this.db.transaction(async (tx) => {
      const session = await findSession(tx, sessionId);
      if (!session) throw notFound('Session');
      // Members cannot see a draft, so a reminder would point them at nothing.
      if (options.refuseDraft && session.status === 'draft') throw conflict(SESSION_MESSAGE_TEXTS.cannotSendReminders);
      const message = adminReminderMessage(session, customMessage, this.timeZone);
      const { outcomes, messages } = buildSessionReminder(
        await listParticipantContacts(tx, sessionId),
        options.channel,
        message,
      );
      await insertOutboxMessages(tx, messages, now, sessionId);
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
      const outboxMessage = buildTestMessage(contact, options.channel, message);
      await insertOutboxMessages(tx, [outboxMessage], now, sessionId);
      return { recipient: outboxMessage.recipient };
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
        const { scheduledStart } = session;
        if (!scheduledStart) return 0;
        const recipients = await listParticipantContacts(tx, session.id);
        return insertOutboxMessages(
          tx,
          buildDayBeforeMessages({ ...session, scheduledStart }, recipients, this.timeZone),
          now,
          session.id,
        );
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
        const due = findDueTurnReminders(await listQueueForEstimate(tx, session.id), now, session.bidWindowMinutes);
        if (due.length === 0) return 0;
        const contacts = new Map(
          (
            await listMemberContacts(
              tx,
              due.map((entry) => entry.memberId),
            )
          ).map((contact) => [contact.id, contact]),
        );
        const dueIds = due.map((entry) => entry.participantId);
        const textedRecently = await listTextedAboutComingTurn(
          tx,
          dueIds,
          'approaching',
          new Date(now.getTime() - COMING_TURN_TEXT_GAP_MS),
        );
        // Marked whether or not a message went: one reminder per participant per session.
        await markTurnRemindersSent(tx, dueIds, now);
        return insertOutboxMessages(
          tx,
          buildTurnReminderMessages(session, due, contacts, this.timeZone, textedRecently),
          now,
          session.id,
        );
      });
    }
    return queued;
  }
}
