/** What an engine step tells the live stream: one `session.changed` event per history entry it wrote. */
import type { LiveEvent } from '@stationbid/domain';
import type { EngineStepResult } from '../bid-sessions/session-engine.service.ts';

export function toSessionChangedEvents(sessionId: string, step: Pick<EngineStepResult, 'events'>): LiveEvent[] {
  const changes: LiveEvent[] = [];
  for (const event of step.events) {
    if (event.kind !== 'history') continue;
    const { entry } = event;
    changes.push({
      type: 'session.changed',
      sessionId,
      action: entry.action,
      at: new Date(entry.at).toISOString(),
      ...(entry.participantId ? { participantId: entry.participantId } : {}),
      ...(entry.seat ? { seat: { ...entry.seat } } : {}),
    });
  }
  return changes;
}
