/**
 * Queries of webhooks: the endpoints, their deliveries (outbox rows on the 'webhook' channel whose
 * `recipient` is the endpoint's id) and each delivery's attempts.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox, webhookAttempts, webhookEndpoints } from '../../db/schema/index.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export async function countWebhookEndpoints(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: sql<number>`count(*)::int` }).from(webhookEndpoints);
  return row?.total ?? 0;
}

export async function insertWebhookEndpoint(
  executor: Executor,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await executor.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

export async function findWebhookEndpoint(executor: Executor, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await executor.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function listWebhookEndpoints(executor: Executor): Promise<WebhookEndpointRow[]> {
  return executor.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function updateWebhookEndpoint(
  executor: Executor,
  id: string,
  changes: Partial<Pick<WebhookEndpointRow, 'events' | 'enabled' | 'description' | 'secret' | 'disabledReason'>> & {
    updatedAt: Date;
  },
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await executor.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteWebhookEndpoint(executor: Executor, id: string): Promise<boolean> {
  const deleted = await executor
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return deleted.length === 1;
}

/** The endpoints turned on, with the events each chose (a department has a few). */
export async function listEnabledEndpoints(executor: Executor): Promise<{ id: string; events: string[] }[]> {
  return executor
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true));
}

/** Queues one delivery per endpoint: outbox rows on the 'webhook' channel, due now. */
export async function insertWebhookDeliveries(
  executor: Executor,
  deliveries: readonly { endpointId: string; event: string; body: string; dedupeKey?: string }[],
  now: Date,
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const inserted = await executor
    .insert(outbox)
    .values(
      deliveries.map((delivery) => ({
        channel: 'webhook',
        kind: delivery.event,
        recipient: delivery.endpointId,
        textBody: delivery.body,
        dedupeKey: delivery.dedupeKey ?? null,
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length;
}

/** A delivery's body, completed before its first attempt (session.completed's record hash). */
export async function replaceDeliveryBody(executor: Executor, outboxId: string, body: string): Promise<void> {
  await executor.update(outbox).set({ textBody: body }).where(eq(outbox.id, outboxId));
}

export async function insertWebhookAttempt(executor: Executor, values: typeof webhookAttempts.$inferInsert) {
  await executor.insert(webhookAttempts).values(values);
}

/** Turns an endpoint off because it answered 410 Gone. */
export async function disableGoneEndpoint(executor: Executor, id: string, reason: string, now: Date) {
  await executor
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(eq(webhookEndpoints.id, id));
}

/** A delivery as the screens show it: its outbox row (the recipient is the endpoint's id). */
const DELIVERY_COLUMNS = {
  id: outbox.id,
  recipient: outbox.recipient,
  event: outbox.kind,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  lastAttemptAt: outbox.lastAttemptAt,
};

/**
 * The latest deliveries, newest first, with their endpoint's URL and their last attempt: the page
 * of deliveries first, then the last attempt of those only (webhook_attempts_outbox_idx). The
 * outbox has no index by channel and time: like the status screen's counts, this reads it whole,
 * which an administrator's occasional look can afford.
 */
export async function listWebhookDeliveries(executor: Executor, limit: number) {
  const rows = await executor
    .select({ ...DELIVERY_COLUMNS, endpointId: webhookEndpoints.id, endpointUrl: webhookEndpoints.url })
    .from(outbox)
    .leftJoin(webhookEndpoints, sql`${webhookEndpoints.id}::text = ${outbox.recipient}`)
    .where(eq(outbox.channel, 'webhook'))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  const lastAttempts = await listLastAttempts(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const attempt = lastAttempts.get(row.id);
    return { ...row, responseCode: attempt?.statusCode ?? null, durationMs: attempt?.durationMs ?? null };
  });
}

/** The last attempt of each of these deliveries. */
async function listLastAttempts(executor: Executor, outboxIds: readonly string[]) {
  if (outboxIds.length === 0) return new Map<string, { statusCode: number | null; durationMs: number }>();
  const attempts = await executor
    .selectDistinctOn([webhookAttempts.outboxId], {
      outboxId: webhookAttempts.outboxId,
      statusCode: webhookAttempts.statusCode,
      durationMs: webhookAttempts.durationMs,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.outboxId, [...outboxIds]))
    .orderBy(webhookAttempts.outboxId, desc(webhookAttempts.attemptedAt), desc(webhookAttempts.attempt));
  return new Map(attempts.map((attempt) => [attempt.outboxId, attempt]));
}

export type WebhookDeliveryRow = Awaited<ReturnType<typeof listWebhookDeliveries>>[number];

/** Each endpoint's latest delivery (one query for the list). */
export async function listLastDeliveries(executor: Executor, endpointIds: readonly string[]) {
  if (endpointIds.length === 0) return [];
  const latest = await executor
    .selectDistinctOn([outbox.recipient], DELIVERY_COLUMNS)
    .from(outbox)
    .where(and(eq(outbox.channel, 'webhook'), inArray(outbox.recipient, [...endpointIds])))
    .orderBy(outbox.recipient, desc(outbox.createdAt), desc(outbox.id));
  const attempts = await listLastAttempts(
    executor,
    latest.map((row) => row.id),
  );
  return latest.map((row) => ({ ...row, responseCode: attempts.get(row.id)?.statusCode ?? null }));
}
