/**
 * The live events of this app: anyone publishes (the engine after a step commits, the chat after
 * a message is stored), and every open stream of every server process hears it.
 *
 * Within a process, events are handed to the subscribers directly. On PostgreSQL, where several
 * server processes may share one database, each published batch is also sent with NOTIFY on one
 * channel, and every process LISTENs on it on a connection of its own; a process ignores its own
 * notifications, since its subscribers already had them. PGlite belongs to one process, so there
 * it is in-process only.
 *
 * Publishing never throws: a lost live event costs a client one refresh (clients refetch when the
 * stream comes back, and poll while it is down), while a throw would fail a step already committed.
 *
 * The same channel carries access changes (a sign-in revoked, a member changed, bid-priority inputs
 * changed): the member cache forgets what they made stale and the live streams of a member who lost
 * access close. Unlike live events they reach this process's listeners at once, before `publish`
 * returns, so the very next request sees them.
 */
import { randomUUID } from 'node:crypto';
import { type LiveEvent, liveEventSchema } from '@stationbid/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

/** The NOTIFY channel every server process listens on. */
export const LIVE_NOTIFY_CHANNEL = 'stationbid_live';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const NOTIFY_PAYLOAD_MAX_BYTES = 7900;
/** Wait before listening again after the listening connection failed. */
const RELISTEN_DELAY_MS = 1000;

const accessChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), memberId: z.string() }),
  z.object({ kind: z.literal('family'), familyId: z.string() }),
  z.object({ kind: z.literal('rankings') }),
]);

/**
 * What makes cached access facts stale: `member` (the member's authority or sign-ins changed, or
 * they were deleted), `family` (one sign-in was revoked), `rankings` (some member's bid-priority
 * inputs changed, or members were added).
 */
export type AccessChange = z.infer<typeof accessChangeSchema>;

const notificationSchema = z.union([
  z.object({ origin: z.string(), events: z.array(liveEventSchema) }),
  z.object({ origin: z.string(), accessChanges: z.array(accessChangeSchema) }),
]);

export type LiveEventListener = (events: readonly LiveEvent[]) => void;
export type AccessChangeListener = (changes: readonly AccessChange[]) => void;

export interface LiveEventBusOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
}

export class LiveEventBus {
  /** Tells this process's notifications from the others'. */
  private readonly origin = randomUUID();
  private readonly listeners = new Set<LiveEventListener>();
  private readonly accessListeners = new Set<AccessChangeListener>();
  private listenConnection: pg.PoolClient | null = null;
  private relistenTimer: NodeJS.Timeout | null = null;
  private isStopped = false;

  constructor(private readonly options: LiveEventBusOptions) {}

  /** Adds a listener for every event of every process; answers a function that removes it. */
  subscribe(listener: LiveEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends events to every stream that watches their sessions, in this process and (on PostgreSQL)
   * the others. Call it only after the transaction that made them has committed. Never throws.
   */
  publish(events: LiveEvent | readonly LiveEvent[]): void {
    const batch: readonly LiveEvent[] = Array.isArray(events) ? events : [events as LiveEvent];
    if (batch.length === 0 || this.isStopped) return;
    // Handed over after the current request's work, so a step's answer is not held up by the fan-out.
    setImmediate(() => this.deliver(batch));
    if (this.options.databaseKind === 'postgres') this.notifyOtherProcesses(batch);
  }

  /** Adds a listener for the access changes of every process, in the order added. */
  subscribeAccessChanges(listener: AccessChangeListener): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  /**
   * Hands access changes to this process's listeners now, and (on PostgreSQL) to the other
   * processes. Call it only after the transaction that made them has committed. Never throws.
   */
  publishAccessChanges(changes: readonly AccessChange[]): void {
    if (changes.length === 0) return;
    this.deliverAccessChanges(changes);
    if (this.options.databaseKind === 'postgres' && !this.isStopped) {
      // Access changes are a few ids: one payload always fits.
      this.sendNotification(JSON.stringify({ origin: this.origin, accessChanges: changes }));
    }
  }

  /** On PostgreSQL: starts listening for the other processes' events (at app start). */
  async start(): Promise<void> {
    if (this.options.databaseKind !== 'postgres' || this.isStopped) return;
    const pool = readPool(this.options.db);
    if (!pool) {
      this.options.log.warn('live events: no PostgreSQL pool to listen on; events stay in this process');
      return;
    }
    let connection: pg.PoolClient | null = null;
    try {
      connection = await pool.connect();
      const listening = connection;
      listening.on('notification', (message) => this.receive(message.payload));
      listening.on('error', (error) => this.dropListenConnection(listening, error));
      // Current before LISTEN, so an error while it runs is handled (and released) exactly once.
      this.listenConnection = listening;
      await listening.query(`LISTEN ${LIVE_NOTIFY_CHANNEL}`);
      if (this.isStopped) this.releaseListenConnection(listening);
    } catch (error) {
      if (connection) this.releaseListenConnection(connection, error);
      this.options.log.error({ err: error }, 'live events: could not listen; retrying');
      this.scheduleRelisten();
    }
  }

  /** Stops listening and delivering (at app close, before the database closes). */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    this.relistenTimer = null;
    const connection = this.listenConnection;
    if (!connection) return;
    try {
      await connection.query(`UNLISTEN ${LIVE_NOTIFY_CHANNEL}`);
      this.releaseListenConnection(connection);
    } catch (error) {
      this.releaseListenConnection(connection, error);
    }
  }

  private deliver(events: readonly LiveEvent[]): void {
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch (error) {
        this.options.log.error({ err: error }, 'live events: a listener failed');
      }
    }
  }

  private deliverAccessChanges(changes: readonly AccessChange[]): void {
    for (const listener of this.accessListeners) {
      try {
        listener(changes);
      } catch (error) {
        this.options.log.error({ err: error }, 'access changes: a listener failed');
      }
    }
  }

  private notifyOtherProcesses(events: readonly LiveEvent[]): void {
    for (const payload of this.toPayloads(events)) this.sendNotification(payload);
  }

  private sendNotification(payload: string): void {
    this.options.db
      .execute(sql`select pg_notify(${LIVE_NOTIFY_CHANNEL}, ${payload})`)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'live events: NOTIFY failed'));
  }

  /** One payload per batch when it fits, else one per event; an event too big alone is not sent on. */
  private toPayloads(events: readonly LiveEvent[]): string[] {
    const whole = JSON.stringify({ origin: this.origin, events });
    if (Buffer.byteLength(whole) <= NOTIFY_PAYLOAD_MAX_BYTES) return [whole];
    const payloads: string[] = [];
    for (const event of events) {
      const single = JSON.stringify({ origin: this.origin, events: [event] });
      if (Buffer.byteLength(single) <= NOTIFY_PAYLOAD_MAX_BYTES) payloads.push(single);
      else
        this.options.log.warn({ type: event.type }, 'live events: an event too big for NOTIFY stays in this process');
    }
    return payloads;
  }

  private receive(payload: string | undefined): void {
    if (!payload || this.isStopped) return;
    try {
      const parsed = notificationSchema.safeParse(JSON.parse(payload));
      if (!parsed.success) {
        this.options.log.warn('live events: a notification was not a live event batch');
        return;
      }
      if (parsed.data.origin === this.origin) return;
      if ('accessChanges' in parsed.data) this.deliverAccessChanges(parsed.data.accessChanges);
      else this.deliver(parsed.data.events);
    } catch (error) {
      this.options.log.warn({ err: error }, 'live events: a notification could not be read');
    }
  }

  private dropListenConnection(connection: pg.PoolClient, error: Error): void {
    // A connection already handed back (at stop, or after an earlier error) can still report the
    // server closing it; releasing it twice would throw out of the event handler.
    if (this.listenConnection !== connection) return;
    this.options.log.error({ err: error }, 'live events: the listening connection failed; listening again');
    this.releaseListenConnection(connection, error);
    this.scheduleRelisten();
  }

  /** Hands the listening connection back to the pool once; after a failure it is destroyed, not reused. */
  private releaseListenConnection(connection: pg.PoolClient, error?: unknown): void {
    if (this.listenConnection === connection) this.listenConnection = null;
    connection.removeAllListeners('notification');
    try {
      connection.release(error === undefined ? undefined : error instanceof Error ? error : true);
    } catch (releaseError) {
      this.options.log.warn({ err: releaseError }, 'live events: the listening connection was already released');
    }
  }

  private scheduleRelisten(): void {
    if (this.isStopped || this.relistenTimer) return;
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = null;
      void this.start();
    }, RELISTEN_DELAY_MS);
    this.relistenTimer.unref();
  }
}

/** node-postgres's pool behind the Drizzle database (Drizzle keeps its client as `$client`). */
function readPool(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as pg.Pool).connect === 'function' ? (client as pg.Pool) : undefined;
}
