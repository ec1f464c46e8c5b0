/**
 * The watchers of bench/watch, in a process of their own (forked by bench/watch.ts, which sends the
 * run's settings and the watchers' access tokens over IPC). Each watcher does what the web page does:
 *
 * - opens its own live stream (POST /api/live/ticket with its token, then GET /api/live/stream);
 * - `patch`: reads the board once (GET /:id/board), patches it with `applySessionChange` on every
 *   `session.changed` event, and reads it again (If-None-Match: the ETag it holds) only when the
 *   patch answers `gap`, after a random 0 to 1.5 s, as the web client spreads its re-reads;
 * - `refetch` (the web app before the board): on every event reads GET /:id, /:id/my-participation
 *   and /history?sessionId= again; an event during a refetch makes one more refetch after it.
 *
 * A watcher "holds" bid n once what it shows counts n participants done: `counts.done` of its
 * board (patch), `completedBids` of its last session read (refetch). For every bid the process
 * reports, once each of its watchers holds it, when each did. Bytes are counted as the sockets
 * read them (headers, compressed bodies, the stream's frames). Parsed boards and event frames are
 * shared between the watchers of this process (the same text parses to the same value), and so
 * are patches (`applySessionChange` is pure: the same board and event give the same outcome), so
 * that ten thousand watchers fit in one process and its CPU, which on a real department is ten
 * thousand phones, does not stand in for the server's; each watcher still reads its own stream,
 * makes its own requests and reads its own bytes.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';
import { applySessionChange, type SessionBoard, type SessionChangedEvent } from '@stationbid/domain';

export interface WatchClientSettings {
  baseUrl: string;
  sessionId: string;
  mode: 'patch' | 'refetch';
  tokens: string[];
  /** Streams opened at once. */
  connectBatch: number;
  /** The most sockets open at once for reads (the streams have their own). */
  readSockets: number;
  /** Upper bound of the random delay before a re-read after a gap. */
  gapDelayMs: number;
}

export type ParentMessage = { type: 'start'; settings: WatchClientSettings } | { type: 'finish' };

export type ClientMessage =
  | { type: 'ready'; watchers: number; connectMs: number; initialReadMs: number; bytes: number }
  | { type: 'held'; bid: number; times: number[] }
  | {
      type: 'summary';
      bytes: number;
      /** CPU time this process used from ready until finish, in ms. */
      cpuMs: number;
      /** Per bid (index 0 = bid 1): watchers that never held it. */
      missing: number[];
      gaps: number;
      boardReads: number;
      boardNotModified: number;
      refetches: number;
      readErrors: number;
      streamDrops: number;
      firstError: string | null;
    }
  | { type: 'failed'; error: string };

const now = () => performance.timeOrigin + performance.now();

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
let readAgent = new http.Agent({ keepAlive: true, maxSockets: 2000, maxFreeSockets: 2000 });
const sockets = new Set<Socket>();
let bytesOfClosedSockets = 0;

function bytesRead(): number {
  let total = bytesOfClosedSockets;
  for (const socket of sockets) total += socket.bytesRead;
  return total;
}

function track(socket: Socket) {
  if (sockets.has(socket)) return;
  sockets.add(socket);
  socket.once('close', () => {
    bytesOfClosedSockets += socket.bytesRead;
    sockets.delete(socket);
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'deflate') return zlib.inflateSync(body).toString();
  return body.toString();
}

function request(
  settings: WatchClientSettings,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${settings.baseUrl}${path}`,
      { method, agent: readAgent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: decode(Buffer.concat(chunks), response.headers['content-encoding']),
            });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    outgoing.on('socket', track);
    outgoing.on('error', reject);
    outgoing.setTimeout(120_000, () => outgoing.destroy(new Error(`${path}: no answer in 120 s`)));
    outgoing.end();
  });
}

/** The last few parsed texts, shared by the watchers of this process. */
class ParseCache<T> {
  private readonly entries = new Map<string, T>();
  parse(text: string): T {
    let value = this.entries.get(text);
    if (value === undefined) {
      value = JSON.parse(text) as T;
      this.entries.set(text, value);
      if (this.entries.size > 64) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }
}
const boardCache = new ParseCache<{ board: SessionBoard }>();

/** The outcome of each patch, by board and event, for the watchers that hold the same board. */
const patchOutcomes = new WeakMap<SessionBoard, WeakMap<object, ReturnType<typeof applySessionChange>>>();
function patchBoard(board: SessionBoard, event: SessionChangedEvent): ReturnType<typeof applySessionChange> {
  let byEvent = patchOutcomes.get(board);
  if (!byEvent) {
    byEvent = new WeakMap();
    patchOutcomes.set(board, byEvent);
  }
  let outcome = byEvent.get(event);
  if (!outcome) {
    outcome = applySessionChange(board, event);
    byEvent.set(event, outcome);
  }
  return outcome;
}
const eventCache = new ParseCache<{ type: string } & Partial<SessionChangedEvent>>();

const counters = {
  gaps: 0,
  boardReads: 0,
  boardNotModified: 0,
  refetches: 0,
  readErrors: 0,
  streamDrops: 0,
  firstError: null as string | null,
};

function noteError(error: unknown) {
  counters.readErrors += 1;
  counters.firstError ??= error instanceof Error ? error.message : String(error);
}

/** Per bid, the time each watcher first held it; reported once all watchers hold it. */
const heldTimes: number[][] = [];
const reported = new Set<number>();
let watchers: Watcher[] = [];
let cpuAtReady: NodeJS.CpuUsage | undefined;

function noteProgress(watcher: Watcher, done: number) {
  if (done <= watcher.done) return;
  const at = now();
  for (let bid = watcher.done + 1; bid <= done; bid++) {
    let times = heldTimes[bid - 1];
    if (!times) {
      times = [];
      heldTimes[bid - 1] = times;
    }
    times.push(at);
    if (times.length === watchers.length && !reported.has(bid)) {
      reported.add(bid);
      send({ type: 'held', bid, times });
    }
  }
  watcher.done = done;
}

function send(message: ClientMessage) {
  process.send?.(message);
}

class Watcher {
  done = 0;
  board: SessionBoard | null = null;
  etag: string | null = null;
  private gapTimer: NodeJS.Timeout | null = null;
  private isRefetching = false;
  private isRefetchPending = false;
  private stream: http.ClientRequest | null = null;
  private isClosing = false;

  constructor(
    private readonly settings: WatchClientSettings,
    private readonly token: string,
  ) {}

  private get auth() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Opens the stream; resolves once the server has answered it with the stream's headers. */
  async open(): Promise<void> {
    const ticketAnswer = await request(this.settings, 'POST', '/api/live/ticket', this.auth);
    if (ticketAnswer.status !== 200) throw new Error(`ticket: ${ticketAnswer.status} ${ticketAnswer.text}`);
    const { ticket } = JSON.parse(ticketAnswer.text) as { ticket: string };
    await new Promise<void>((resolve, reject) => {
      const outgoing = http.request(
        `${this.settings.baseUrl}/api/live/stream?ticket=${ticket}&sessions=${this.settings.sessionId}`,
        { agent: streamAgent, headers: { accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`stream: ${response.statusCode}`));
            response.resume();
            return;
          }
          resolve();
          let pending = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            pending += chunk;
            let end = pending.indexOf('\n\n');
            while (end !== -1) {
              this.onFrame(pending.slice(0, end));
              pending = pending.slice(end + 2);
              end = pending.indexOf('\n\n');
            }
          });
          response.on('close', () => this.onStreamClosed());
          response.on('error', () => {});
        },
      );
      outgoing.on('socket', track);
      outgoing.on('error', reject);
      outgoing.end();
      this.stream = outgoing;
    });
  }

  /** The page's first read: the board (patch) or the three queries (refetch). */
  async initialRead(): Promise<void> {
    if (this.settings.mode === 'patch') await this.readBoard();
    else await this.refetch();
  }

  close() {
    this.isClosing = true;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.stream?.destroy();
  }

  private onFrame(frame: string) {
    let data = '';
    for (const line of frame.split('\n')) if (line.startsWith('data: ')) data += line.slice(6);
    if (!data) return;
    const event = eventCache.parse(data);
    if (event.type !== 'session.changed' || event.sessionId !== this.settings.sessionId) return;
    if (this.settings.mode === 'refetch') {
      void this.refetch();
      return;
    }
    if (!this.board) return;
    const outcome = patchBoard(this.board, event as SessionChangedEvent);
    if (outcome.kind === 'gap') {
      this.scheduleBoardRead();
      return;
    }
    this.board = outcome.board;
    noteProgress(this, this.board.counts.done);
  }

  private onStreamClosed() {
    if (this.isClosing) return;
    counters.streamDrops += 1;
    // As the browser does: reconnect after the stream's retry (2 s), then read again.
    setTimeout(() => {
      if (this.isClosing) return;
      this.open()
        .then(() => this.initialRead())
        .catch(noteError);
    }, 2000);
  }

  private scheduleBoardRead() {
    if (this.gapTimer) return;
    counters.gaps += 1;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      this.readBoard().catch(noteError);
    }, Math.random() * this.settings.gapDelayMs);
  }

  private async readBoard() {
    const answer = await request(this.settings, 'GET', `/api/bid-sessions/${this.settings.sessionId}/board`, {
      ...this.auth,
      ...(this.etag ? { 'if-none-match': this.etag } : {}),
    });
    counters.boardReads += 1;
    if (answer.status === 304) {
      counters.boardNotModified += 1;
      return;
    }
    if (answer.status !== 200) throw new Error(`board: ${answer.status} ${answer.text.slice(0, 200)}`);
    const board = boardCache.parse(answer.text).board;
    const etag = answer.headers.etag;
    this.etag = typeof etag === 'string' ? etag : null;
    if (!this.board || board.version >= this.board.version) this.board = board;
    noteProgress(this, this.board.counts.done);
  }

  private async refetch(): Promise<void> {
    if (this.isRefetching) {
      this.isRefetchPending = true;
      return;
    }
    this.isRefetching = true;
    try {
      do {
        this.isRefetchPending = false;
        counters.refetches += 1;
        const id = this.settings.sessionId;
        const [session] = await Promise.all([
          request(this.settings, 'GET', `/api/bid-sessions/${id}`, this.auth),
          request(this.settings, 'GET', `/api/bid-sessions/${id}/my-participation`, this.auth),
          request(this.settings, 'GET', `/api/bid-sessions/history?sessionId=${id}`, this.auth),
        ]);
        if (session.status !== 200) throw new Error(`session: ${session.status} ${session.text.slice(0, 200)}`);
        const completedBids = (JSON.parse(session.text) as { session: { completedBids: number } }).session
          .completedBids;
        noteProgress(this, completedBids);
      } while (this.isRefetchPending && !this.isClosing);
    } catch (error) {
      noteError(error);
    } finally {
      this.isRefetching = false;
    }
  }
}

async function start(settings: WatchClientSettings) {
  readAgent = new http.Agent({
    keepAlive: true,
    maxSockets: settings.readSockets,
    maxFreeSockets: settings.readSockets,
  });
  watchers = settings.tokens.map((token) => new Watcher(settings, token));
  const connectStarted = now();
  for (let start = 0; start < watchers.length; start += settings.connectBatch) {
    await Promise.all(watchers.slice(start, start + settings.connectBatch).map((watcher) => watcher.open()));
  }
  const connectMs = now() - connectStarted;
  const readStarted = now();
  for (let start = 0; start < watchers.length; start += settings.connectBatch) {
    await Promise.all(watchers.slice(start, start + settings.connectBatch).map((watcher) => watcher.initialRead()));
  }
  cpuAtReady = process.cpuUsage();
  send({ type: 'ready', watchers: watchers.length, connectMs, initialReadMs: now() - readStarted, bytes: bytesRead() });
}

function finish() {
  const bytes = bytesRead();
  const cpu = process.cpuUsage(cpuAtReady);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const missing = heldTimes.map((times) => watchers.length - times.length);
  for (const watcher of watchers) watcher.close();
  send({ type: 'summary', bytes, cpuMs, missing, ...counters });
  setTimeout(() => process.exit(0), 200).unref();
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'start') {
    start(message.settings).catch((error: unknown) => {
      send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
  } else if (message.type === 'finish') {
    finish();
  }
});
process.on('disconnect', () => process.exit(0));
// An exit of its own, so that a CPU profile (--cpu-prof) is written when the bench ends it.
process.on('SIGTERM', () => process.exit(0));
