/**
 * What an engine step tells the live stream: one `session.changed` event per history entry it
 * wrote, each with the session's new version and what the step changed of the shared board (its
 * head, the seat groups whose free count moved, the pick), so watchers patch their board without a
 * request (docs/decisions/012-session-board.md).
 */
import {
  describeBoardChange,
  type LiveEvent,
  NOTIFICATION_EVENT_MAX_MEMBERS,
  type NotificationsCreatedEvent,
} from '@stationbid/domain';
import type { EngineStepResult } from '../session-engine/session-engine.service.ts';

export function toSessionChangedEvents(
  sessionId: string,
  step: Pick<EngineStepResult, 'events' | 'version' | 'after' | 'changes'> & {
    loaded: Pick<EngineStepResult['loaded'], 'state'>;
  },
): LiveEvent[] {
  const change = describeBoardChange(step.loaded.state, step.after, step.events, step.changes);
  const changes: LiveEvent[] = [];
  for (const event of step.events) {
    if (event.kind !== 'history') continue;
    const { entry } = event;
    const pick = entry.participantId ? change.picks.get(entry.participantId) : undefined;
    changes.push({
      type: 'session.changed',
      sessionId,
      action: entry.action,
      at: new Date(entry.at).toISOString(),
      ...(entry.participantId ? { participantId: entry.participantId } : {}),
      ...(entry.seat ? { seat: { ...entry.seat } } : {}),
      actorName: entry.actorName,
      version: step.version,
      // Without the seat counts a patch would show wrong free seats: clients read the board instead.
      ...(change.seatCounts ? { board: change.head, seatCounts: change.seatCounts } : {}),
      ...(pick && entry.seat ? { pick } : {}),
    });
  }
  return changes;
}

/**
 * The members a step stored notifications for (engine-step-writer.repository.ts writes one row per
 * `notification` event), as `notifications.created` events of at most NOTIFICATION_EVENT_MAX_MEMBERS
 * members each, so that a step notifying thousands (a session's completion) still fits NOTIFY.
 */
export function toNotificationsCreatedEvents(
  sessionId: string,
  step: Pick<EngineStepResult, 'events'>,
  at: Date,
): NotificationsCreatedEvent[] {
  const memberIds = [
    ...new Set(step.events.flatMap((event) => (event.kind === 'notification' ? [event.notification.memberId] : []))),
  ];
  const events: NotificationsCreatedEvent[] = [];
  for (let start = 0; start < memberIds.length; start += NOTIFICATION_EVENT_MAX_MEMBERS) {
    events.push({
      type: 'notifications.created',
      sessionId,
      at: at.toISOString(),
      memberIds: memberIds.slice(start, start + NOTIFICATION_EVENT_MAX_MEMBERS),
    });
  }
  return events;
}
