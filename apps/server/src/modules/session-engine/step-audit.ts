/**
 * The audit lines of a committed engine step (lib/audit-log.ts), read from the history the step
 * wrote: whichever path ran it (an administrator's request, a member's bid, the turn clock), a
 * session's start, pause, resume, end, completion, rewind, move to the back and phone-in bid each
 * get their line, and only once the step is committed.
 */
import type { Actor, EngineEvent, EngineState } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditFields, audit, SYSTEM_AUDIT_ACTOR } from '../../lib/audit-log.ts';

/** Writes the audit lines of one committed step; `actor` is the command's (none: the turn clock's expiry). */
export function auditEngineStep(
  log: FastifyBaseLogger,
  sessionId: string,
  step: { events: readonly EngineEvent[]; after: EngineState },
  actor: Actor | undefined,
): void {
  // Each entry names its own actor: a bid that ends the last turn completes the session as the
  // system, not as the bidder. The role is the command's actor's, who is the only member acting.
  const actorOf = (memberId: string | null): Pick<AuditFields, 'actorId' | 'actorRole'> =>
    memberId === null
      ? SYSTEM_AUDIT_ACTOR
      : { actorId: memberId, actorRole: actor?.memberId === memberId && actor.isAdmin ? 'admin' : 'member' };
  const memberOf = (participantId: string | null) =>
    step.after.participants.find((participant) => participant.participantId === participantId)?.memberId ?? null;
  for (const event of step.events) {
    if (event.kind !== 'history') continue;
    const { entry } = event;
    const fields = { ...actorOf(entry.actorMemberId), sessionId };
    switch (entry.action) {
      case 'session_started':
        audit(
          log,
          'session.started',
          fields,
          entry.actorMemberId === null ? 'session started at its scheduled time' : 'session started',
        );
        break;
      case 'session_paused':
        audit(log, 'session.paused', fields, 'session paused');
        break;
      case 'session_resumed':
        audit(log, 'session.resumed', fields, 'session resumed');
        break;
      case 'session_completed':
        if (entry.details.endedEarly === true)
          audit(log, 'session.ended', fields, 'session ended before its last turn');
        else audit(log, 'session.completed', fields, 'session completed: its last turn ended');
        break;
      case 'session_rewound':
        audit(
          log,
          'session.rewound',
          {
            ...fields,
            memberId: memberOf(entry.participantId),
            reason: String(entry.details.reason ?? ''),
            turnsUndone: Number(entry.details.undone ?? 0),
          },
          `session rewound to a member's turn: ${String(entry.details.reason ?? '')}`,
        );
        break;
      case 'moved_to_back':
        // The turn clock's move of a missed turn is no one's decision; an administrator's is.
        if (entry.actorMemberId !== null) {
          audit(
            log,
            'session.moved_to_back',
            { ...fields, memberId: memberOf(entry.participantId) },
            'turn holder moved to the back by an administrator',
          );
        }
        break;
      case 'bid_submitted':
        if (entry.details.proxy === true && entry.seat) {
          const { stationId, stationNumber, shift, seatPosition } = entry.seat;
          audit(
            log,
            'session.phone_in_bid',
            {
              ...fields,
              memberId: memberOf(entry.participantId),
              seat: { stationId, stationNumber, shift, seatPosition },
            },
            `phone-in bid placed for a member: station ${stationNumber}, shift ${shift}, ${seatPosition}`,
          );
        }
        break;
      default:
        break;
    }
  }
}
