/**
 * Webhooks (docs/integrations.md, "Webhooks"): administrators register HTTPS endpoints for events,
 * change which events and whether they are on, rotate the signing secret, send a test event and
 * delete them; the delivery status screen lists the deliveries. The signing secret is made here
 * and answered only on creation and rotation.
 */
import {
  type CreateWebhookRequest,
  MAX_WEBHOOK_ENDPOINTS,
  type UpdateWebhookRequest,
  WEBHOOK_DELIVERIES_LIMIT,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookPayload,
  webhookEventSchema,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
  listLastDeliveries,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  type WebhookEndpointRow,
} from './webhooks.repository.ts';

/** The administrator acting. */
export interface WebhookActor {
  id: string;
  isAdmin: boolean;
}

/** What became of a delivery, from its outbox row. */
export function deliveryStatusOf(row: { status: string; lastError: string | null }): WebhookDeliveryStatus {
  if (row.status === 'sent') return 'delivered';
  if (row.status === 'failed') return 'failed';
  return row.lastError ? 'retrying' : 'queued';
}

/** Events as stored, keeping only those this version knows. */
function knownEvents(events: readonly string[]): WebhookEvent[] {
  return events.flatMap((event) => {
    const parsed = webhookEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

type LastDelivery = Awaited<ReturnType<typeof listLastDeliveries>>[number];

function presentEndpoint(row: WebhookEndpointRow, last: LastDelivery | undefined): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: knownEvents(row.events),
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? {
          event: last.event,
          status: deliveryStatusOf(last),
          responseCode: last.responseCode,
          at: (last.lastAttemptAt ?? last.createdAt).toISOString(),
        }
      : null,
  };
}

export class WebhooksService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Called after a delivery was queued outside an engine step (a test event): the worker claims it now. */
    private readonly onQueued: () => void = () => {},
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await listWebhookEndpoints(this.db);
    const last = new Map(
      (
        await listLastDeliveries(
          this.db,
          rows.map((row) => row.id),
        )
      ).map((delivery) => [delivery.recipient, delivery]),
    );
    return rows.map((row) => presentEndpoint(row, last.get(row.id)));
  }

  async create(
    body: CreateWebhookRequest,
    actor: WebhookActor,
    log?: FastifyBaseLogger,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    if ((await countWebhookEndpoints(this.db)) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const now = this.clock.now();
    const secret = newWebhookSecret();
    const row = await insertWebhookEndpoint(this.db, {
      url: body.url,
      description: body.description,
      events: body.events,
      secret,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    audit(
      log,
      'integration.webhook_created',
      { ...auditActor(actor), webhookId: row.id, events: row.events },
      `webhook endpoint ${row.url} registered`,
    );
    return { endpoint: presentEndpoint(row, undefined), secret };
  }

  async update(id: string, body: UpdateWebhookRequest): Promise<WebhookEndpoint> {
    const stored = await this.find(id);
    const row = await updateWebhookEndpoint(this.db, id, {
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      // Turned on or off by hand: the server's reason (410 Gone) no longer applies.
      ...(body.enabled !== undefined ? { enabled: body.enabled, disabledReason: null } : {}),
      updatedAt: this.clock.now(),
    });
    if (!row) throw notFound();
    const [last] = await listLastDeliveries(this.db, [stored.id]);
    return presentEndpoint(row, last);
  }

  async rotateSecret(
    id: string,
    actor: WebhookActor,
    log?: FastifyBaseLogger,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await this.find(id);
    const secret = newWebhookSecret();
    const row = await updateWebhookEndpoint(this.db, id, { secret, updatedAt: this.clock.now() });
    if (!row) throw notFound();
    audit(log, 'integration.webhook_secret_rotated', { ...auditActor(actor), webhookId: id }, 'webhook secret rotated');
    const [last] = await listLastDeliveries(this.db, [id]);
    return { endpoint: presentEndpoint(row, last), secret };
  }

  async remove(id: string, actor: WebhookActor, log?: FastifyBaseLogger): Promise<void> {
    const stored = await this.find(id);
    if (!(await deleteWebhookEndpoint(this.db, id))) throw notFound();
    audit(
      log,
      'integration.webhook_deleted',
      { ...auditActor(actor), webhookId: id },
      `webhook endpoint ${stored.url} deleted`,
    );
  }

  /** Queues a `webhook.test` event to this endpoint alone, signed like every other. */
  async sendTest(id: string): Promise<void> {
    const endpoint = await this.find(id);
    if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.disabledEndpoint);
    const now = this.clock.now();
    const payload: WebhookPayload = {
      type: 'webhook.test',
      timestamp: now.toISOString(),
      data: { endpointId: id, message: 'A test event from StationBid' },
    };
    await insertWebhookDeliveries(
      this.db,
      [{ endpointId: id, event: 'webhook.test', body: JSON.stringify(payload) }],
      now,
    );
    this.onQueued();
  }

  /** The latest deliveries of every endpoint, newest first, for the delivery status screen. */
  async deliveries(): Promise<WebhookDelivery[]> {
    const rows = await listWebhookDeliveries(this.db, WEBHOOK_DELIVERIES_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpointId,
      endpointUrl: row.endpointUrl,
      event: row.event,
      status: deliveryStatusOf(row),
      attempts: row.attempts,
      responseCode: row.responseCode,
      durationMs: row.durationMs,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    }));
  }

  private async find(id: string): Promise<WebhookEndpointRow> {
    const row = await findWebhookEndpoint(this.db, id);
    if (!row) throw notFound();
    return row;
  }
}

function notFound() {
  return new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
}
