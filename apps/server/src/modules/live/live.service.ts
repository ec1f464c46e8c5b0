/**
 * The live stream's use cases: issue a ticket to a signed-in member, check a stream's ticket and
 * the sessions it asks for, and publish events to every stream that watches them (in every server
 * process, through LiveEventBus). `publish` is what other modules call, after their transaction
 * has committed, e.g. the chat after storing a message:
 *
 *     app.live.publish({ type: 'chat.message', sessionId, at, message });
 *
 * A stream lasts only as long as its access: it ends within moments when its sign-in is revoked,
 * or its member is deactivated, deleted or changes authority, in whichever process that happens
 * (access changes on the bus). Every heartbeat checks the open streams again, as a safety net for
 * a lost notification, and updates which sessions' chat each may read.
 */
import {
  BID_MESSAGES,
  type BidSessionStatus,
  LIVE_MESSAGES,
  LIVE_STREAMS_PER_MEMBER,
  LIVE_TICKET_LIFETIME_SECONDS,
  type LiveEvent,
  MESSAGES,
} from '@stationbid/domain';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberCache } from '../auth/member-cache.ts';
import type { EngineStepResult } from '../session-engine/session-engine.service.ts';
import type { SeenMembers } from '../users/seen-members.ts';
import { claimLiveTicket, findParticipations, findSessionStatuses } from './live.repository.ts';
import type { AccessChange, LiveEventBus } from './live-event-bus.ts';
import { type LiveStream, LiveStreams, type StreamWatch } from './live-streams.ts';
import { LiveTickets, type TicketHolder } from './live-tickets.ts';
import { toNotificationsCreatedEvents, toSessionChangedEvents } from './session-events.ts';

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
  clock: Clock;
  log: FastifyBaseLogger;
  jwtSecret: string;
  /** Live events and access changes of every server process; started and stopped by the app. */
  bus: LiveEventBus;
  memberCache: MemberCache;
  seenMembers: SeenMembers;
}

export class LiveService {
  private readonly tickets: LiveTickets;
  private readonly bus: LiveEventBus;
  private readonly streams = new LiveStreams((memberIds) => this.onHeartbeat(memberIds));

  constructor(private readonly options: LiveServiceOptions) {
    this.tickets = new LiveTickets(options.jwtSecret);
    this.bus = options.bus;
    this.bus.subscribe((events) => this.streams.deliver(events));
    this.bus.subscribeAccessChanges((changes) => this.onAccessChanges(changes));
  }

  async issueTicket(holder: TicketHolder): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = await this.tickets.issue(holder, this.options.clock.now());
    return { ticket, expiresInSeconds: LIVE_TICKET_LIFETIME_SECONDS };
  }

  /**
   * What a stream may carry, once the ticket is good, its sign-in is live, the member is still
   * active, and they may see every session asked for (administrators all; members all but drafts,
   * which for them do not exist: the same 404 as an unknown id). Chat only of the sessions the
   * member takes part in, or of all for an administrator.
   */
  async authorizeStream(ticket: string, sessionIds: readonly string[]): Promise<StreamWatch> {
    const now = this.options.clock.now();
    const read = await this.tickets.read(ticket, now);
    const { memberId, familyId } = read;
    const { memberCache, db } = this.options;
    // One stream per ticket, in every process: a ticket read from a log or a history is useless.
    if (!(await claimLiveTicket(db, read, now))) throw new AppError('TOKEN_INVALID', LIVE_MESSAGES.ticketUsed);
    const [member, isFamilyLive] = await Promise.all([
      memberCache.getMember(memberId),
      memberCache.isFamilyLive(familyId, memberId),
    ]);
    if (!member || !isFamilyLive) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    if (!member.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);
    const sessions = await findSessionStatuses(db, sessionIds);
    const visibleIds = new Set(
      sessions
        .filter((session) => member.isAdmin || MEMBER_VISIBLE_STATUSES.includes(session.status as BidSessionStatus))
        .map((session) => session.id),
    );
    if (sessionIds.some((id) => !visibleIds.has(id))) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    const chatSessionIds = member.isAdmin
      ? new Set(sessionIds)
      : new Set((await findParticipations(db, [memberId], sessionIds)).map((row) => row.sessionId));
    return { memberId, familyId, isAdmin: member.isAdmin, sessionIds, chatSessionIds };
  }

  /** Refuses (429) a member's stream past LIVE_STREAMS_PER_MEMBER in this process; the open ones stay. */
  openStream(request: FastifyRequest, reply: FastifyReply, watch: StreamWatch) {
    if (this.streams.countOf(watch.memberId) >= LIVE_STREAMS_PER_MEMBER) {
      throw new AppError('TOO_MANY_ATTEMPTS', LIVE_MESSAGES.tooManyStreams);
    }
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

  /**
   * The engine's hook: a committed step's history entries, as `session.changed` events, and the
   * members it notified, as `notifications.created` to their own streams.
   */
  publishStep(sessionId: string, step: EngineStepResult): void {
    this.publish([
      ...toSessionChangedEvents(sessionId, step),
      ...toNotificationsCreatedEvents(sessionId, step, this.options.clock.now()),
    ]);
  }

  sendHeartbeat(): void {
    this.streams.sendHeartbeat();
  }

  /**
   * Ends the streams that lost access; answers how many. Runs for the changes announced (here or in
   * another process) and at every heartbeat; tests call it to check at once.
   */
  async recheckStreams(isToCheck: (stream: LiveStream) => boolean = () => true): Promise<number> {
    const streams = this.streams.list().filter(isToCheck);
    if (streams.length === 0) return 0;
    const { memberCache, db } = this.options;
    const lostAccess = new Set<string>();
    // Once per member and per sign-in, however many tabs they hold open.
    const membersById = new Map<string, ReturnType<MemberCache['getMember']>>();
    const familiesById = new Map<string, Promise<boolean>>();
    for (const stream of streams) {
      if (!membersById.has(stream.memberId)) membersById.set(stream.memberId, memberCache.getMember(stream.memberId));
      if (!familiesById.has(stream.familyId)) {
        familiesById.set(stream.familyId, memberCache.isFamilyLive(stream.familyId, stream.memberId));
      }
      const [member, isFamilyLive] = await Promise.all([
        membersById.get(stream.memberId),
        familiesById.get(stream.familyId),
      ]);
      // A new administrator (or a former one) opens the stream again, with the chat they may now read.
      if (!member?.isActive || !isFamilyLive || member.isAdmin !== stream.isAdmin) lostAccess.add(stream.id);
    }
    const closed = this.streams.close((stream) => lostAccess.has(stream.id));
    // Participants added to or removed from a watched session since the stream opened: one query for all.
    const members = streams.filter((stream) => !stream.isAdmin && !lostAccess.has(stream.id));
    const participations = await findParticipations(
      db,
      [...new Set(members.map((stream) => stream.memberId))],
      [...new Set(members.flatMap((stream) => stream.sessionIds))],
    );
    // Grouped by member once: filtering the whole list per stream cost 10,000 x 10,000 steps (1.7 s
    // of the main thread at every heartbeat) with 10,000 streams open.
    const sessionIdsByMember = new Map<string, Set<string>>();
    for (const row of participations) {
      if (row.memberId === null) continue;
      const sessionIds = sessionIdsByMember.get(row.memberId) ?? new Set<string>();
      sessionIds.add(row.sessionId);
      sessionIdsByMember.set(row.memberId, sessionIds);
    }
    for (const stream of members) {
      const joined = sessionIdsByMember.get(stream.memberId);
      this.streams.allowChat(stream.id, new Set(stream.sessionIds.filter((sessionId) => joined?.has(sessionId))));
    }
    return closed;
  }

  /** A revoked sign-in's streams end now; a changed member's are checked against the database. */
  private onAccessChanges(changes: readonly AccessChange[]): void {
    const revokedFamilies = new Set(changes.flatMap((change) => (change.kind === 'family' ? [change.familyId] : [])));
    const changedMembers = new Set(changes.flatMap((change) => (change.kind === 'member' ? [change.memberId] : [])));
    if (revokedFamilies.size > 0) this.streams.close((stream) => revokedFamilies.has(stream.familyId));
    if (changedMembers.size === 0) return;
    // After every listener of this change has run, so the member cache has forgotten what it made stale.
    setImmediate(() => {
      this.recheckStreams((stream) => changedMembers.has(stream.memberId)).catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'live streams: could not check the streams of a changed member'),
      );
    });
  }

  /**
   * Members holding a stream are seen (online, and connected to their session) though they send
   * nothing; written at once, since heartbeats already come only every 15 seconds. Then the open
   * streams are checked again (the safety net for a lost access change).
   */
  private onHeartbeat(memberIds: readonly string[]): void {
    const { seenMembers, clock, log } = this.options;
    const now = clock.now();
    for (const memberId of memberIds) seenMembers.record(memberId, now);
    seenMembers
      .flush()
      .catch((error: unknown) => log.warn({ err: error }, 'live streams: could not record the watchers as seen'));
    this.recheckStreams().catch((error: unknown) =>
      log.warn({ err: error }, 'live streams: could not check the streams'),
    );
  }

  get openStreamCount(): number {
    return this.streams.openCount;
  }

  /** At app close: end every stream, before the bus stops and the database closes. */
  stop(): void {
    this.streams.closeAll();
  }
}
