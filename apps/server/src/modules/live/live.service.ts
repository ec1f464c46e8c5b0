/**
 * The live stream's use cases: issue a ticket to a signed-in member, check a stream's ticket and
 * the sessions it asks for, and publish events to every stream that watches them (in every server
 * process, through LiveEventBus). `publish` is what other modules call, after their transaction
 * has committed, e.g. the chat after storing a message:
 *
 *     app.live.publish({ type: 'chat.message', sessionId, at, message });
 */
import {
  BID_MESSAGES,
  type BidSessionStatus,
  LIVE_TICKET_LIFETIME_SECONDS,
  type LiveEvent,
  MESSAGES,
} from '@stationbid/domain';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EngineStepResult } from '../bid-sessions/session-engine.service.ts';
import { touchMembersLastSeen } from '../users/users.repository.ts';
import { findMemberAccess, findSessionStatuses } from './live.repository.ts';
import { LiveEventBus } from './live-event-bus.ts';
import { LiveStreams } from './live-streams.ts';
import { LiveTickets } from './live-tickets.ts';
import { toSessionChangedEvents } from './session-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events: `publish` after a commit; `sendHeartbeat()` in tests. */
    live: LiveService;
  }
}

/** Statuses members may watch; drafts are the administrators' work in progress. */
const MEMBER_VISIBLE_STATUSES: readonly BidSessionStatus[] = ['scheduled', 'active', 'paused', 'completed'];

export interface LiveServiceOptions {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  clock: Clock;
  log: FastifyBaseLogger;
  jwtSecret: string;
}

export class LiveService {
  private readonly tickets: LiveTickets;
  private readonly bus: LiveEventBus;
  private readonly streams = new LiveStreams((memberIds) => this.markWatchersSeen(memberIds));

  constructor(private readonly options: LiveServiceOptions) {
    this.tickets = new LiveTickets(options.jwtSecret);
    this.bus = new LiveEventBus({ db: options.db, databaseKind: options.databaseKind, log: options.log });
    this.bus.subscribe((events) => this.streams.deliver(events));
  }

  async issueTicket(memberId: string): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = await this.tickets.issue(memberId, this.options.clock.now());
    return { ticket, expiresInSeconds: LIVE_TICKET_LIFETIME_SECONDS };
  }

  /**
   * The member a stream is for, once the ticket is good, they are still active, and they may see
   * every session asked for (administrators all; members all but drafts, which for them do not
   * exist: the same 404 as an unknown id).
   */
  async authorizeStream(ticket: string, sessionIds: readonly string[]): Promise<{ memberId: string }> {
    const memberId = await this.tickets.readMemberId(ticket, this.options.clock.now());
    const member = await findMemberAccess(this.options.db, memberId);
    if (!member) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    if (!member.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);
    const sessions = await findSessionStatuses(this.options.db, sessionIds);
    const visibleIds = new Set(
      sessions
        .filter((session) => member.isAdmin || MEMBER_VISIBLE_STATUSES.includes(session.status as BidSessionStatus))
        .map((session) => session.id),
    );
    if (sessionIds.some((id) => !visibleIds.has(id))) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    return { memberId };
  }

  openStream(request: FastifyRequest, reply: FastifyReply, watch: { memberId: string; sessionIds: readonly string[] }) {
    this.streams.open(request, reply, watch);
  }

  /** Sends events to their sessions' watchers in every server process. Only after the commit; never throws. */
  publish(events: LiveEvent | readonly LiveEvent[]): void {
    try {
      this.bus.publish(events);
    } catch (error) {
      this.options.log.error({ err: error }, 'live events: publishing failed');
    }
  }

  /** The engine's hook: a committed step's history entries, as `session.changed` events. */
  publishStep(sessionId: string, step: Pick<EngineStepResult, 'events'>): void {
    this.publish(toSessionChangedEvents(sessionId, step));
  }

  sendHeartbeat(): void {
    this.streams.sendHeartbeat();
  }

  /** Members holding a stream are seen (online, and connected to their session) though they send nothing. */
  private markWatchersSeen(memberIds: readonly string[]): void {
    touchMembersLastSeen(this.options.db, memberIds, this.options.clock.now()).catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'live streams: could not record the watchers as seen'),
    );
  }

  get openStreamCount(): number {
    return this.streams.openCount;
  }

  /** At app start: listen for the other server processes' events (PostgreSQL). */
  start(): Promise<void> {
    return this.bus.start();
  }

  /** At app close: end every stream and stop listening, before the database closes. */
  async stop(): Promise<void> {
    this.streams.closeAll();
    await this.bus.stop();
  }
}
