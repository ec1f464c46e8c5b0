/**
 * Which actions a session offers by its status and type (bidding-rules.md, "Session lifecycle" and
 * "Vacancy bids"). The card, the details and the control panel all ask here, so a button never
 * offers what the server would refuse.
 */
import type { BidSession, BidSessionStatus } from '@stationbid/domain';

/** What the administrator's controls do to a session's life (api/run-session-action.ts sends them). */
export type SessionAction = 'start' | 'pause' | 'resume' | 'end' | 'move-to-back';

/**
 * "full": everything, participants included (draft, scheduled). "running": only name, description,
 * bid window and auto-assign timeout (active, paused). null: no editing (completed).
 */
export type EditScope = 'full' | 'running';

/** "standard": draft or scheduled. "completed": removes results too, for testing only. */
export type DeleteKind = 'standard' | 'completed';

export interface SessionActionSet {
  canStart: boolean;
  canPause: boolean;
  canResume: boolean;
  canEnd: boolean;
  canExport: boolean;
  /** Reminders go to the participants of any session they can see: every status but draft. */
  canSendReminders: boolean;
  /** A what-if run plays what is left of the session: anything but a completed one. */
  canSimulate: boolean;
  /**
   * A rewind undoes turns taken, so a session must have started; a completed one may be reopened by
   * it. Never a vacancy bid: each move offered every seat again, so no earlier turn can be replayed.
   */
  canRewind: boolean;
  /** The turn holder can be moved to the back while the session runs; a vacancy bid has no back of the queue. */
  canMoveToBack: boolean;
  editScope: EditScope | null;
  deleteKind: DeleteKind | null;
}

/** `type` absent: a standard session (an answer from a server before vacancy bids). */
export function getSessionActions({
  status,
  type = 'standard',
}: Pick<BidSession, 'status'> & Partial<Pick<BidSession, 'type'>>): SessionActionSet {
  const isWaiting = status === 'draft' || status === 'scheduled';
  const isRunning = status === 'active' || status === 'paused';
  const isVacancy = type === 'vacancy';
  return {
    canStart: isWaiting,
    canPause: status === 'active',
    canResume: status === 'paused',
    canEnd: isRunning,
    canExport: status === 'completed',
    canSendReminders: status !== 'draft',
    canSimulate: status !== 'completed',
    canRewind: !isWaiting && !isVacancy,
    canMoveToBack: isRunning && !isVacancy,
    editScope: isWaiting ? 'full' : isRunning ? 'running' : null,
    deleteKind: isWaiting ? 'standard' : status === 'completed' ? 'completed' : null,
  };
}

/** The session the Admin Session Control follows: the first active or paused one, else the first scheduled. */
export function findControlledSession<T extends { status: BidSessionStatus }>(sessions: readonly T[]): T | null {
  return (
    sessions.find((session) => session.status === 'active' || session.status === 'paused') ??
    sessions.find((session) => session.status === 'scheduled') ??
    null
  );
}
