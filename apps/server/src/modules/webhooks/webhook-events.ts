/**
 * The events webhooks carry, queued in the transaction of the change that causes them: an engine
 * step's (a session started, a turn began, a seat awarded, a session completed) from
 * `queueEngineStepMessages`, a member's change from the member administration. One delivery per
 * endpoint that chose the event; the body is the Standard Webhooks payload `{ type, timestamp, data }`.
 */
import type { EngineEvent, SeatRef, WebhookEvent, WebhookPayload } from '@stationbid/domain';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { insertWebhookDeliveries, listEnabledEndpoints } from './webhooks.repository.ts';

type EnabledEndpoints = Awaited<ReturnType<typeof listEnabledEndpoints>>;
/** A transaction's read of the endpoints, kept while it lasts. */
const endpointsByTransaction = new WeakMap<object, Promise<EnabledEndpoints>>();

/**
 * The endpoints turned on, read once per transaction: an import saves a chunk of members in one
 * transaction and queues an event for each, which would otherwise read the same rows per member.
 * Outside a transaction every call reads them afresh (the list can change between calls).
 */
function enabledEndpointsOf(executor: Executor): Promise<EnabledEndpoints> {
  if (!(executor instanceof PgTransaction)) return listEnabledEndpoints(executor);
  let endpoints = endpointsByTransaction.get(executor);
  if (endpoints === undefined) {
    endpoints = listEnabledEndpoints(executor);
    endpointsByTransaction.set(executor, endpoints);
  }
  return endpoints;
}

/**
 * Queues each event to every endpoint turned on that chose it; answers how many deliveries. One
 * read of the endpoints turned on and one insert, however many events: an engine step pays a
 * single indexed read when no endpoint is registered.
 */
export async function queueWebhookEvents(
  executor: Executor,
  events: readonly { event: WebhookEvent; data: Record<string, unknown> }[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await enabledEndpointsOf(executor);
  if (endpoints.length === 0) return 0;
  const timestamp = now.toISOString();
  return insertWebhookDeliveries(
    executor,
    events.flatMap(({ event, data }) => {
      const body = JSON.stringify({ type: event, timestamp, data } satisfies WebhookPayload);
      return endpoints
        .filter((endpoint) => endpoint.events.includes(event))
        .map((endpoint) => ({ endpointId: endpoint.id, event, body }));
    }),
    now,
  );
}

function presentSeat(seat: SeatRef | null) {
  return seat === null
    ? null
    : {
        seatId: seat.seatId,
        stationId: seat.stationId,
        stationNumber: seat.stationNumber,
        stationName: seat.stationName,
        shift: seat.shift,
        seatPosition: seat.seatPosition,
      };
}

/**
 * The webhook events of one engine step, in the order they happened (pure). `session.completed`
 * leaves `recordSha256` null: the record is signed from the committed history, so the sender
 * fills it in before the first attempt (webhook-sender.ts).
 */
export function buildEngineStepWebhookEvents(step: {
  sessionId: string;
  sessionName: string;
  events: readonly EngineEvent[];
  now: Date;
}): { event: WebhookEvent; data: Record<string, unknown> }[] {
  const session = { sessionId: step.sessionId, sessionName: step.sessionName };
  const out: { event: WebhookEvent; data: Record<string, unknown> }[] = [];
  const results: Record<string, unknown>[] = [];
  let completed: Record<string, unknown> | undefined;
  for (const event of step.events) {
    if (event.kind === 'history' && event.entry.action === 'session_started') {
      out.push({ event: 'session.started', data: { ...session, startedAt: new Date(event.entry.at).toISOString() } });
    } else if (event.kind === 'history' && event.entry.action === 'session_completed') {
      completed = {
        ...session,
        completedAt: new Date(event.entry.at).toISOString(),
        endedEarly: event.entry.details.endedEarly === true,
      };
    } else if (event.kind === 'notification') {
      const notification = event.notification;
      const who = { participantId: notification.participantId, memberId: notification.memberId };
      if (notification.type === 'turn_started') {
        out.push({
          event: 'turn.started',
          data: { ...session, ...who, deadline: new Date(notification.deadline).toISOString() },
        });
      } else if (notification.type === 'bid_success') {
        out.push({
          event: 'award.made',
          data: { ...session, ...who, outcome: notification.outcome, seat: presentSeat(notification.seat) },
        });
      } else if (notification.type === 'session_completed') {
        results.push({ ...who, outcome: notification.outcome, seat: presentSeat(notification.seat) });
      }
    }
  }
  if (completed) out.push({ event: 'session.completed', data: { ...completed, results, recordSha256: null } });
  return out;
}

/** Queues an engine step's webhook events in its transaction. */
export async function queueEngineStepWebhooks(
  executor: Executor,
  step: { sessionId: string; sessionName: string; events: readonly EngineEvent[]; now: Date },
): Promise<number> {
  return queueWebhookEvents(executor, buildEngineStepWebhookEvents(step), step.now);
}

/** What became of a member: `fields` names what an update changed (never the values). */
export type MemberChange = 'created' | 'updated' | 'deactivated' | 'activated' | 'deleted';

export async function queueMemberChanged(
  executor: Executor,
  member: { id: string; employeeId: string; change: MemberChange; fields?: readonly string[] },
  now: Date,
): Promise<number> {
  const data = {
    memberId: member.id,
    employeeId: member.employeeId,
    change: member.change,
    fields: member.fields ?? [],
  };
  return queueWebhookEvents(executor, [{ event: 'member.changed', data }], now);
}
