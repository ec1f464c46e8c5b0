/**
 * The open live streams of this process. A stream is one browser tab: it watches a fixed list of
 * sessions (a tab that wants others opens a new stream with the new list) and gets, as SSE
 * `message` events, every live event of those sessions. Every 15 seconds each stream gets a comment
 * line, so an idle stream is neither closed by a proxy nor taken for dead by the browser, and the
 * members holding streams are reported (`onHeartbeat`): a tab that only listens makes no requests,
 * yet its member is online and connected to their session.
 *
 * A stream belongs to one sign-in: it is ended (`close`) when that sign-in or its member loses
 * access. Chat (`chat.message`) goes only to the streams allowed to read each session's chat
 * (participants and administrators); `notifications.created` goes to the streams of the members it
 * names, whatever they watch (a stream may watch no session at all), and `preferences.changed` to
 * its member's streams alone; every other event goes to every watcher of its session.
 */
import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_RETRY_MS,
  type LiveEvent,
  type NotificationsCreatedEvent,
  type PreferencesChangedEvent,
} from '@stationbid/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A client this far behind (a stalled connection) is dropped; it reconnects and refetches. */
const STREAM_BACKLOG_MAX_BYTES = 1024 * 1024;

/** Who opens a stream, what it watches, and of which sessions it may read the chat. */
export interface StreamWatch {
  memberId: string;
  /** The sign-in the stream's ticket was issued under. */
  familyId: string;
  /** Whether the member was an administrator when the stream opened. */
  isAdmin: boolean;
  sessionIds: readonly string[];
  chatSessionIds: ReadonlySet<string>;
}

export interface LiveStream extends StreamWatch {
  id: string;
  response: ServerResponse;
}

export class LiveStreams {
  constructor(private readonly onHeartbeat: (memberIds: readonly string[]) => void = () => {}) {}

  private readonly streams = new Map<string, LiveStream>();
  private readonly streamsBySession = new Map<string, Set<LiveStream>>();
  /** Each member's streams, for the events meant for them alone. */
  private readonly streamsByMember = new Map<string, Set<LiveStream>>();
  /** How many streams each member holds, kept as streams open and close (a count per open was a scan). */
  private readonly streamCountByMember = new Map<string, number>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  /** Numbers the events of this process, for the SSE `id:` field. */
  private lastEventNumber = 0;

  get openCount(): number {
    return this.streams.size;
  }

  /**
   * Turns an authorised request into a stream: from here on the response is written by hand,
   * outside Fastify's reply (which answers once).
   */
  open(request: FastifyRequest, reply: FastifyReply, watch: StreamWatch) {
    const stream: LiveStream = { ...watch, id: randomUUID(), response: reply.raw };
    reply.hijack();
    reply.raw.writeHead(200, {
      // The security headers the plugins have set so far (helmet's), then the stream's own.
      ...definedHeaders(reply.getHeaders()),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    reply.raw.write(`retry: ${LIVE_RETRY_MS}\n: stream ${stream.id}\n\n`);
    this.streams.set(stream.id, stream);
    this.streamCountByMember.set(stream.memberId, this.countOf(stream.memberId) + 1);
    let memberStreams = this.streamsByMember.get(stream.memberId);
    if (!memberStreams) {
      memberStreams = new Set();
      this.streamsByMember.set(stream.memberId, memberStreams);
    }
    memberStreams.add(stream);
    for (const sessionId of stream.sessionIds) {
      let watchers = this.streamsBySession.get(sessionId);
      if (!watchers) {
        watchers = new Set();
        this.streamsBySession.set(sessionId, watchers);
      }
      watchers.add(stream);
    }
    request.raw.socket.setNoDelay(true);
    request.raw.on('close', () => this.forget(stream));
    this.startHeartbeat();
  }

  /**
   * Writes events to the streams that watch their sessions. A step's events (one per history
   * entry) go to each stream in one write, encoded once for all of them: with 10,000 streams, the
   * writes are most of what a bid costs the server (docs/performance.md, bench/watch).
   */
  deliver(events: readonly LiveEvent[]): void {
    const sessionEvents: SessionEvent[] = [];
    const memberEvents: NotificationsCreatedEvent[] = [];
    const preferenceEvents: PreferencesChangedEvent[] = [];
    for (const event of events) {
      if (event.type === 'notifications.created') memberEvents.push(event);
      else if (event.type === 'preferences.changed') preferenceEvents.push(event);
      else sessionEvents.push(event);
    }
    // The board first, so a page that re-reads on the notification finds the step applied.
    this.deliverToSessions(sessionEvents);
    for (const event of memberEvents) this.deliverToMembers(event);
    for (const event of preferenceEvents) this.deliverToOwnStreams(event);
  }

  /** A member's own change (their preferences) goes to that member's streams and no one else's. */
  private deliverToOwnStreams(event: PreferencesChangedEvent): void {
    const streams = this.streamsByMember.get(event.memberId);
    if (!streams || streams.size === 0) return;
    this.lastEventNumber += 1;
    const frame = `id: ${this.lastEventNumber}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) this.write(stream, frame);
  }

  /** Each named member's streams get the event naming that member alone. */
  private deliverToMembers(event: NotificationsCreatedEvent): void {
    for (const memberId of event.memberIds) {
      const streams = this.streamsByMember.get(memberId);
      if (!streams || streams.size === 0) continue;
      this.lastEventNumber += 1;
      const frame = `id: ${this.lastEventNumber}\ndata: ${JSON.stringify({ ...event, memberIds: [memberId] })}\n\n`;
      for (const stream of streams) this.write(stream, frame);
    }
  }

  private deliverToSessions(events: readonly SessionEvent[]): void {
    for (const [sessionId, sessionEvents] of groupBySession(events)) {
      const watchers = this.streamsBySession.get(sessionId);
      if (!watchers || watchers.size === 0) continue;
      const frames = sessionEvents.map((event) => {
        this.lastEventNumber += 1;
        return {
          isChat: event.type === 'chat.message',
          text: `id: ${this.lastEventNumber}\ndata: ${JSON.stringify(event)}\n\n`,
        };
      });
      const forAll = Buffer.from(frames.map((frame) => frame.text).join(''));
      const hasChat = frames.some((frame) => frame.isChat);
      const withoutChat = hasChat ? joinedOrNull(frames.filter((frame) => !frame.isChat)) : forAll;
      for (const stream of watchers) {
        const payload = !hasChat || stream.chatSessionIds.has(sessionId) ? forAll : withoutChat;
        if (payload) this.write(stream, payload);
      }
    }
  }

  /** The comment every stream gets every 15 seconds; tests call it to see one at once. */
  sendHeartbeat(): void {
    for (const stream of this.streams.values()) this.write(stream, ': heartbeat\n\n');
    const watchingMemberIds = new Set([...this.streams.values()].map((stream) => stream.memberId));
    if (watchingMemberIds.size > 0) this.onHeartbeat([...watchingMemberIds]);
  }

  /** How many streams a member holds open in this process. */
  countOf(memberId: string): number {
    return this.streamCountByMember.get(memberId) ?? 0;
  }

  /** The open streams, for checking that their members still have access. */
  list(): LiveStream[] {
    return [...this.streams.values()];
  }

  /** Changes which sessions' chat a stream may read (participants added or removed meanwhile). */
  allowChat(streamId: string, chatSessionIds: ReadonlySet<string>): void {
    const stream = this.streams.get(streamId);
    if (stream) stream.chatSessionIds = chatSessionIds;
  }

  /** Ends the streams that match, e.g. of a sign-in that was revoked; the client's reconnect is refused. */
  close(isToClose: (stream: LiveStream) => boolean): number {
    let closed = 0;
    for (const stream of [...this.streams.values()]) {
      if (!isToClose(stream)) continue;
      this.forget(stream);
      stream.response.end();
      closed += 1;
    }
    return closed;
  }

  /** Ends every stream (app close), so the server can stop without waiting on open connections. */
  closeAll(): void {
    this.stopHeartbeat();
    for (const stream of [...this.streams.values()]) {
      this.forget(stream);
      stream.response.end();
    }
  }

  private write(stream: LiveStream, frame: string | Buffer): void {
    if (stream.response.writableLength > STREAM_BACKLOG_MAX_BYTES) {
      this.forget(stream);
      stream.response.destroy();
      return;
    }
    stream.response.write(frame);
  }

  private forget(stream: LiveStream): void {
    if (!this.streams.delete(stream.id)) return;
    const remaining = this.countOf(stream.memberId) - 1;
    if (remaining > 0) this.streamCountByMember.set(stream.memberId, remaining);
    else this.streamCountByMember.delete(stream.memberId);
    const memberStreams = this.streamsByMember.get(stream.memberId);
    memberStreams?.delete(stream);
    if (memberStreams?.size === 0) this.streamsByMember.delete(stream.memberId);
    for (const sessionId of stream.sessionIds) {
      const watchers = this.streamsBySession.get(sessionId);
      watchers?.delete(stream);
      if (watchers?.size === 0) this.streamsBySession.delete(sessionId);
    }
    if (this.streams.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer) return;
    this.heartbeatTimer = setInterval(() => this.sendHeartbeat(), LIVE_HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }
}

function definedHeaders(headers: Record<string, string | number | string[] | undefined>): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined));
}

/** The events that belong to one session and go to its watchers. */
type SessionEvent = Exclude<LiveEvent, NotificationsCreatedEvent | PreferencesChangedEvent>;

/** Events by session, each session's in the order given. */
function groupBySession(events: readonly SessionEvent[]): Map<string, SessionEvent[]> {
  const bySession = new Map<string, SessionEvent[]>();
  for (const event of events) {
    const group = bySession.get(event.sessionId);
    if (group) group.push(event);
    else bySession.set(event.sessionId, [event]);
  }
  return bySession;
}

function joinedOrNull(frames: readonly { text: string }[]): Buffer | null {
  return frames.length === 0 ? null : Buffer.from(frames.map((frame) => frame.text).join(''));
}
