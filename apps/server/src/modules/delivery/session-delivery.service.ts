/**
 * "Was Grace told?": a session's notices from the outbox, per member and channel, with their time
 * and result (the delivery log), and the queue's head as the control panel follows it: who is
 * online and how the latest notice of each one's turn went on each channel.
 */
import {
  BID_MESSAGES,
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type DeliveryLog,
  type DeliveryLogEntry,
  type DeliveryResult,
  NEXT_IN_QUEUE_COUNT,
  type NextInQueue,
  type TurnNotice,
} from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSessionById } from '../session-engine/bid-sessions.repository.ts';
import { CONNECTED_WITHIN_MS, isRunningStatus } from '../session-engine/session-row-presenter.ts';
import type { OutboxChannel } from './outbox.repository.ts';
import {
  countSessionMessages,
  listParticipantNotices,
  listQueueHead,
  listSessionMessages,
} from './session-delivery.repository.ts';

/** The messages about a member's own turn: it began, it is coming up, it is about to run out. */
const TURN_NOTICE_KINDS = ['turn_started', 'turn_approaching', 'turn_reminder'] as const;

const KIND_LABELS: Readonly<Record<string, string>> = {
  turn_started: 'Your turn',
  turn_approaching: 'Turn coming up',
  turn_reminder: 'Turn running out',
  turn_undone: 'Turn undone',
  bid_confirmation: 'Bid confirmation',
  session_completed: 'Session completed',
  session_reminder: 'Session reminder',
  day_before_reminder: 'Day-before reminder',
};

/** "turn_started" -> "Your turn"; an unknown kind in plain words ("password setup"). */
export function kindLabel(kind: string): string {
  const label = KIND_LABELS[kind];
  if (label) return label;
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The outbox's status as the administrator reads it: a pending row that was tried is being retried. */
export function deliveryResult(row: { status: string; attempts: number }): DeliveryResult {
  if (row.status === 'sent') return 'delivered';
  if (row.status === 'failed') return 'failed';
  return row.attempts > 0 && row.status === 'pending' ? 'retrying' : 'queued';
}

async function findSessionOrRefuse(executor: Executor, sessionId: string) {
  const session = await findSessionById(executor, sessionId);
  if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
  return session;
}

export async function readDeliveryLog(
  executor: Executor,
  sessionId: string,
  query: { memberId?: string | undefined; channel?: OutboxChannel | undefined; limit: number; offset: number },
): Promise<DeliveryLog> {
  await findSessionOrRefuse(executor, sessionId);
  const [rows, total] = await Promise.all([
    listSessionMessages(executor, sessionId, query),
    countSessionMessages(executor, sessionId, query),
  ]);
  const entries = rows.map(
    (row): DeliveryLogEntry => ({
      id: row.id,
      memberId: row.memberId,
      memberName: `${row.firstName} ${row.lastName}`,
      // A session's log has no webhooks: they are queued without a session.
      channel: row.channel as DeliveryChannel,
      kind: row.kind,
      kindLabel: kindLabel(row.kind),
      // A push's recipient is the id of a device, which says nothing to a reader.
      recipient: row.channel === 'push' ? 'a device' : row.recipient,
      result: deliveryResult(row),
      queuedAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
    }),
  );
  return { sessionId, entries, total, limit: query.limit, offset: query.offset };
}

type NoticeRow = Awaited<ReturnType<typeof listParticipantNotices>>[number];

/**
 * The latest turn notice of one channel: the newest message's kind, and of its rows (one per push
 * device) the best outcome, since one device told is the member told.
 */
function latestNotice(rows: readonly NoticeRow[]): TurnNotice | null {
  const newest = rows[0];
  if (newest === undefined) return null;
  const sameMessage = rows.filter(
    (row) => row.kind === newest.kind && row.createdAt.getTime() === newest.createdAt.getTime(),
  );
  const order: DeliveryResult[] = ['delivered', 'queued', 'retrying', 'failed'];
  const best = [...sameMessage].sort(
    (first, second) => order.indexOf(deliveryResult(first)) - order.indexOf(deliveryResult(second)),
  )[0] as NoticeRow;
  return {
    kind: best.kind,
    kindLabel: kindLabel(best.kind),
    result: deliveryResult(best),
    at: (best.sentAt ?? best.createdAt).toISOString(),
  };
}

export async function readNextInQueue(executor: Executor, sessionId: string, now: Date): Promise<NextInQueue> {
  const session = await findSessionOrRefuse(executor, sessionId);
  // While the session runs the first waiting participant holds the turn; before, everyone waits.
  const firstTurnsAway = isRunningStatus(session.status) ? 0 : 1;
  const { rows, waiting } = await listQueueHead(executor, sessionId, NEXT_IN_QUEUE_COUNT + 1 - firstTurnsAway);
  const notices = await listParticipantNotices(
    executor,
    rows.map((row) => row.participantId),
    TURN_NOTICE_KINDS,
  );
  return {
    sessionId,
    waiting,
    entries: rows.map((row, index) => {
      const lastSeen = Math.max(row.participantSeenAt?.getTime() ?? 0, row.memberSeenAt?.getTime() ?? 0);
      const own = notices.filter((notice) => notice.participantId === row.participantId);
      const byChannel = Object.fromEntries(
        DELIVERY_CHANNELS.map((channel) => [channel, latestNotice(own.filter((notice) => notice.channel === channel))]),
      ) as NextInQueue['entries'][number]['notices'];
      return {
        participantId: row.participantId,
        memberId: row.memberId,
        name: `${row.firstName} ${row.lastName}`,
        rank: row.rank,
        turnsAway: firstTurnsAway + index,
        movedToBack: row.movedToBack,
        isOnline: row.joinedAt !== null && lastSeen > 0 && now.getTime() - lastSeen <= CONNECTED_WITHIN_MS,
        lastSeenAt: lastSeen > 0 ? new Date(lastSeen).toISOString() : null,
        notices: byChannel,
      };
    }),
  };
}
