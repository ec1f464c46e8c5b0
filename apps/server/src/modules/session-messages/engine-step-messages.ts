/**
 * The e-mail, SMS and push of an engine step (turn begun, bid confirmation, session completed, a
 * move to the back with the second chance ahead, and the "2 turns away" push): built from the
 * step's events for each member's settings, and queued to the outbox inside the engine step's
 * transaction (`queueEngineStepMessages`), so a message goes out exactly when its step commits.
 */
import type { EngineEvent, HistoryEntryDraft } from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { listNextInQueue, listSubscriptionIdsByMember } from '../push/push.repository.ts';
import { describeMovedToBackNotice } from '../session-engine/turn-notice-wording.ts';
import { queueEngineStepWebhooks } from '../webhooks/webhook-events.ts';
import { canReach, pushToDevices, smsNumberOf } from './message-reach.ts';
import {
  buildAwardPush,
  buildBidConfirmationEmail,
  buildMovedToBackEmail,
  buildMovedToBackPush,
  buildMovedToBackSms,
  buildSessionCompletedEmail,
  buildTurnApproachingPush,
  buildTurnApproachingSms,
  buildTurnStartedEmail,
  buildTurnStartedPush,
  buildTurnStartedSms,
  buildTurnUndoneEmail,
  buildTurnUndonePush,
  buildTurnUndoneSms,
  type MovedToBackMessage,
} from './message-templates.ts';
import { COMING_TURN_TEXT_GAP_MS } from './scheduled-reminders.ts';
import {
  insertInAppNotices,
  insertOutboxMessages,
  listMemberContacts,
  listMovedToBack,
  listTextedAboutComingTurn,
  type MemberContact,
  type OutboxMessage,
} from './session-messages.repository.ts';

/** The 1-based choice of the member's ranked list that the step's auto-bid took for them, or null. */
export function findListChoice(events: readonly EngineEvent[], participantId: string): number | null {
  const entry = events.find(
    (event): event is { kind: 'history'; entry: HistoryEntryDraft } =>
      event.kind === 'history' &&
      event.entry.action === 'auto_assigned' &&
      event.entry.participantId === participantId &&
      event.entry.details.source === 'auto_bid',
  );
  const choice = entry?.entry.details.choice;
  return typeof choice === 'number' ? choice : null;
}

/** The step's moves to the back: who was moved, and by which administrator (null: their time ran out). */
export function findMovesToBack(events: readonly EngineEvent[]): { participantId: string; movedBy: string | null }[] {
  return events.flatMap((event) =>
    event.kind === 'history' && event.entry.action === 'moved_to_back' && event.entry.participantId !== null
      ? [
          {
            participantId: event.entry.participantId,
            movedBy:
              event.entry.details.reason === undefined && event.entry.actorMemberId !== null
                ? event.entry.actorName
                : null,
          },
        ]
      : [],
  );
}

/** How long after the step a "2 turns away" push is still worth showing; past it the turns have moved on. */
export const TURN_APPROACHING_PUSH_LIFETIME_MS = 15 * 60_000;

/**
 * The engine step's messages, for its participants' settings. Nothing is queued for a deleted
 * member. `pushDevices` are the push subscriptions of the members who consented to push.
 */
export function buildEngineStepMessages(
  step: { sessionId: string; sessionName: string; events: readonly EngineEvent[]; now: Date },
  contacts: ReadonlyMap<string, MemberContact>,
  timeZone: string,
  pushDevices: ReadonlyMap<string, readonly string[]> = new Map(),
): OutboxMessage[] {
  const { sessionId, sessionName } = step;
  // A rewind can undo an award and a later step award again: each step's messages are its own.
  const stepKey = step.now.getTime();
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
      case 'bid_success': {
        const listChoice =
          notification.outcome === 'auto_assigned' ? findListChoice(step.events, notification.participantId) : null;
        if (canReach(contact, 'push')) {
          messages.push(
            ...pushToDevices(pushDevices.get(contact.id), {
              kind: 'bid_confirmation',
              memberId: contact.id,
              dedupeKey: `bid_confirmation:${notification.participantId}:${stepKey}`,
              push: {
                message: buildAwardPush({
                  sessionId,
                  sessionName,
                  seat: notification.seat,
                  outcome: notification.outcome,
                  listChoice,
                }),
                urgency: 'normal',
                expiresAt: null,
              },
            }),
          );
        }
        email(
          'bid_confirmation',
          `bid_confirmation:${notification.participantId}:${stepKey}:email`,
          buildBidConfirmationEmail(contact, {
            sessionId,
            sessionName,
            seat: notification.seat,
            outcome: notification.outcome,
            listChoice,
          }),
        );
        break;
      }
      case 'session_completed':
        email(
          'session_completed',
          `session_completed:${notification.participantId}:${stepKey}:email`,
          buildSessionCompletedEmail(contact, { sessionId, sessionName, seat: notification.seat }),
        );
        break;
      case 'turn_undone': {
        const message = {
          sessionId,
          sessionName,
          seat: notification.seat,
          rewoundTo: notification.rewoundTo,
          reason: notification.reason,
        };
        const key = `turn_undone:${notification.participantId}:${stepKey}`;
        email('turn_undone', `${key}:email`, buildTurnUndoneEmail(contact, message));
        if (canReach(contact, 'push')) {
          messages.push(
            ...pushToDevices(pushDevices.get(contact.id), {
              kind: 'turn_undone',
              memberId: contact.id,
              dedupeKey: key,
              push: { message: buildTurnUndonePush(message), urgency: 'high', expiresAt: null },
            }),
          );
        }
        if (canReach(contact, 'sms')) {
          messages.push({
            channel: 'sms',
            kind: 'turn_undone',
            memberId: contact.id,
            recipient: smsNumberOf(contact) ?? '',
            subject: null,
            htmlBody: null,
            dedupeKey: `${key}:sms`,
            ...buildTurnUndoneSms(message),
          });
        }
        break;
      }
    }
  }
  return messages;
}

/**
 * The e-mail, SMS and push of a move to the back: "You missed your turn" (or who moved them), and
 * the second chance ahead. Urgent like a turn's start: the member has to be there for it.
 */
export function buildMovedToBackMessages(
  step: { sessionId: string; sessionName: string; now: Date },
  moved: readonly (Omit<MovedToBackMessage, 'sessionId' | 'sessionName'> & {
    participantId: string;
    memberId: string;
  })[],
  contacts: ReadonlyMap<string, MemberContact>,
  pushDevices: ReadonlyMap<string, readonly string[]>,
): OutboxMessage[] {
  const stepKey = step.now.getTime();
  return moved.flatMap((entry) => {
    const contact = contacts.get(entry.memberId);
    if (!contact) return [];
    const message: MovedToBackMessage = {
      sessionId: step.sessionId,
      sessionName: step.sessionName,
      movedBy: entry.movedBy,
      chanceMinutes: entry.chanceMinutes,
      turnsAhead: entry.turnsAhead,
    };
    const key = `moved_to_back:${entry.participantId}:${stepKey}`;
    const messages: OutboxMessage[] = [];
    if (canReach(contact, 'email')) {
      messages.push({
        channel: 'email',
        kind: 'moved_to_back',
        memberId: contact.id,
        recipient: contact.email,
        dedupeKey: `${key}:email`,
        ...buildMovedToBackEmail(contact, message),
      });
    }
    if (canReach(contact, 'push')) {
      messages.push(
        ...pushToDevices(pushDevices.get(contact.id), {
          kind: 'moved_to_back',
          memberId: contact.id,
          dedupeKey: key,
          push: { message: buildMovedToBackPush(message), urgency: 'high', expiresAt: null },
        }),
      );
    }
    if (canReach(contact, 'sms')) {
      messages.push({
        channel: 'sms',
        kind: 'moved_to_back',
        memberId: contact.id,
        recipient: smsNumberOf(contact) ?? '',
        subject: null,
        htmlBody: null,
        dedupeKey: `${key}:sms`,
        ...buildMovedToBackSms(message),
      });
    }
    return messages;
  });
}

/**
 * The "2 turns away" pushes and texts of a step in which a turn began (docs/bidding-rules.md, "As built"):
 * the waiting members with one or two turns before theirs (`approaching`: the next in queue order
 * after the turn holder), each once per session (the dedupe key is the participant's; a second
 * turn after a move to the back gets no second one). A member already one turn away when first
 * seen (at the start, or after someone ahead left the queue) gets "you're next" instead. No text
 * for a member texted the 5-minute reminder within COMING_TURN_TEXT_GAP_MS (`remindedRecently`:
 * participant ids): one text about a coming turn, the push still goes.
 */
export function buildTurnApproachingMessages(
  step: { sessionId: string; sessionName: string; now: Date },
  approaching: readonly { participantId: string; memberId: string; turnsAhead: 1 | 2 }[],
  contacts: ReadonlyMap<string, MemberContact>,
  pushDevices: ReadonlyMap<string, readonly string[]>,
  remindedRecently: ReadonlySet<string> = new Set(),
): OutboxMessage[] {
  return approaching.flatMap((entry): OutboxMessage[] => {
    const contact = contacts.get(entry.memberId);
    if (!contact) return [];
    const message = { sessionId: step.sessionId, sessionName: step.sessionName, turnsAhead: entry.turnsAhead };
    const dedupeKey = `turn_approaching:${entry.participantId}`;
    const text: OutboxMessage[] =
      !remindedRecently.has(entry.participantId) && canReach(contact, 'sms', { isReminder: true })
        ? [
            {
              channel: 'sms',
              kind: 'turn_approaching',
              memberId: contact.id,
              recipient: smsNumberOf(contact) ?? '',
              subject: null,
              htmlBody: null,
              dedupeKey: `${dedupeKey}:sms`,
              ...buildTurnApproachingSms(message),
            },
          ]
        : [];
    const push = canReach(contact, 'push', { isReminder: true })
      ? pushToDevices(pushDevices.get(contact.id), {
          kind: 'turn_approaching',
          memberId: contact.id,
          dedupeKey,
          push: {
            message: buildTurnApproachingPush(message),
            urgency: 'normal',
            expiresAt: new Date(step.now.getTime() + TURN_APPROACHING_PUSH_LIFETIME_MS).toISOString(),
          },
        })
      : [];
    return [...text, ...push];
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
  // Webhooks first: a step without members to tell (a session started with no one to bid) still has its events.
  const webhooks = await queueEngineStepWebhooks(executor, step);
  return webhooks + (await queueMemberMessages(executor, step, timeZone));
}

async function queueMemberMessages(
  executor: Executor,
  step: { sessionId: string; sessionName: string; events: readonly EngineEvent[]; now: Date },
  timeZone: string,
): Promise<number> {
  const moves = findMovesToBack(step.events);
  const movedRows = await listMovedToBack(
    executor,
    step.sessionId,
    moves.map((move) => move.participantId),
  );
  const moved = movedRows.flatMap((row) => {
    const move = moves.find((candidate) => candidate.participantId === row.participantId);
    return row.memberId === null || !move ? [] : [{ ...row, memberId: row.memberId, movedBy: move.movedBy }];
  });
  const memberIds = [
    ...step.events.flatMap((event) => (event.kind === 'notification' ? [event.notification.memberId] : [])),
    ...moved.map((entry) => entry.memberId),
  ];
  if (memberIds.length === 0) return 0;
  await insertInAppNotices(
    executor,
    moved.map((entry) => {
      const notice = describeMovedToBackNotice({ sessionName: step.sessionName, ...entry });
      return {
        memberId: entry.memberId,
        sessionId: step.sessionId,
        type: notice.type,
        title: notice.title,
        message: notice.message,
      };
    }),
    step.now,
  );
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
  const remindedRecently = await listTextedAboutComingTurn(
    executor,
    approaching.map((entry) => entry.participantId),
    'reminder',
    new Date(step.now.getTime() - COMING_TURN_TEXT_GAP_MS),
  );
  return insertOutboxMessages(
    executor,
    [
      ...buildEngineStepMessages(step, contacts, timeZone, pushDevices),
      ...buildTurnApproachingMessages(step, approaching, contacts, pushDevices, remindedRecently),
      ...buildMovedToBackMessages(step, moved, contacts, pushDevices),
    ],
    step.now,
    step.sessionId,
  );
}
