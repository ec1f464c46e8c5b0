/**
 * Reads of a session that every watcher shares (the board, the session with its participants, the
 * history), serialised and gzipped once per session version and served to everyone from memory
 * with an ETag, so that a thousand pages asking at once cost one computation
 * (docs/decisions/012-session-board.md).
 *
 * A cached answer is keyed by the counters it was computed at (the session's version and the
 * outside-change version); several requests for a key not yet cached wait on one computation. An
 * answer that also shows something no counter follows (presence: "connected"), or a session that
 * another session's steps may change without counting (one that is not running), is served at most
 * `maxAgeMs` old.
 */
import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { RevalidationMemo } from './revalidation-memo.ts';

const gzip = promisify(gzipCallback);

/** One serialised answer. */
export interface CachedAnswer {
  /** A strong ETag, quoted. */
  etag: string;
  /** The counters it was made at (the key it was read with). */
  key: string;
  /** For an answer that ages: when it is made again, whatever the counters (clock milliseconds). */
  expiresAt?: number;
  json: string;
  gzipped: Buffer;
  /** The value before serialisation, for callers that build on it (never changed after caching). */
  value: unknown;
  builtAt: number;
}

/** Enough for the few sessions a department shows at once, with each of their answers. */
const DEFAULT_MAX_ENTRIES = 64;

export class SessionReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly building = new Map<string, Promise<CachedAnswer>>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /**
   * The answer in `slot` (e.g. "board:<sessionId>") computed at `key`: from memory when it is
   * there and young enough, else built once by `build` for everyone asking meanwhile.
   */
  async read(slot: string, key: string, build: () => Promise<unknown>, options: { maxAgeMs?: number } = {}) {
    const now = this.clock.now().getTime();
    const entry = this.entries.get(slot);
    if (entry && entry.key === key && (options.maxAgeMs === undefined || now - entry.builtAt <= options.maxAgeMs)) {
      return entry;
    }
    const buildKey = `${slot}\u0000${key}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = this.build(slot, key, build, options.maxAgeMs).finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    return pending;
  }

  /** Forgets every answer of a slot (e.g. a deleted session). */
  forget(slot: string): void {
    this.entries.delete(slot);
  }

  private async build(
    slot: string,
    key: string,
    build: () => Promise<unknown>,
    maxAgeMs: number | undefined,
  ): Promise<CachedAnswer> {
    const builtAt = this.clock.now().getTime();
    const value = await build();
    const json = JSON.stringify(value);
    const gzipped = await gzip(json, { level: 6 });
    // The key alone names the content when nothing else changes it: then every server process
    // gives the same ETag for the same version. An answer that ages also names when it was made.
    const kind = slot.split(':')[0];
    const etag = maxAgeMs !== undefined ? `"${kind}-${key}-${builtAt.toString(36)}"` : `"${kind}-${key}"`;
    const entry: CachedAnswer = {
      key,
      etag,
      json,
      gzipped,
      value,
      builtAt,
      ...(maxAgeMs !== undefined ? { expiresAt: builtAt + maxAgeMs } : {}),
    };
    const current = this.entries.get(slot);
    // A slower build of an older key must not replace a newer answer.
    if (!current || current.builtAt <= builtAt) {
      this.entries.delete(slot);
      this.entries.set(slot, entry);
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    return entry;
  }
}

/**
 * An answer made for one reader: not shared, so not kept or compressed ahead; sent by
 * `sendSessionAnswer` with an ETag that is a hash of its content (`sendRevalidatedAnswer`).
 */
export interface OwnAnswer {
  /** Names the read in the ETag. */
  kind: string;
  value: unknown;
}

/** A read that is shared by every reader alike (cached), or made for one reader. */
export type SessionAnswer = CachedAnswer | OwnAnswer;

/** Sends a shared answer as `sendCachedAnswer` does, and one reader's own as `sendRevalidatedAnswer`. */
export function sendSessionAnswer(request: FastifyRequest, reply: FastifyReply, answer: SessionAnswer) {
  return 'etag' in answer
    ? sendCachedAnswer(request, reply, answer)
    : sendRevalidatedAnswer(request, reply, answer.kind, answer.value);
}

export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/**
 * The headers of an answer the browser revalidates: its ETag, `no-cache` (browsers then send
 * If-None-Match by themselves, so a page that polls pays a few bytes while nothing changed), and
 * Vary when it may be sent gzipped. The same on a 304 made before the route runs.
 */
export function setRevalidationHeaders(reply: FastifyReply, etag: string, variesWithEncoding: boolean): void {
  if (variesWithEncoding) reply.header('vary', 'accept-encoding');
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
}

/** Where a polled read notes the ETag it gave, and the session whose counters it follows. */
export interface RememberAt {
  memo: RevalidationMemo;
  sessionId: string;
}

/**
 * The revalidation step of every answer with an ETag: notes it for the early hook (with
 * `rememberAt` and a signed-in member), sets its headers, and tells whether the client holds it.
 */
function isNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  variesWithEncoding: boolean,
  rememberAt?: RememberAt & { versionsKey: string; expiresAt?: number },
): boolean {
  if (rememberAt && request.member) {
    const { memo, ...held } = rememberAt;
    memo.remember(request.member.id, request.url, { ...held, etag, variesWithEncoding });
  }
  setRevalidationHeaders(reply, etag, variesWithEncoding);
  return matchesEtag(request, etag);
}

/**
 * Sends a cached answer: 304 when the client holds it already, gzipped bytes when the client
 * accepts gzip, else the JSON text. With `rememberAt`, a polled read notes the ETag it gave, so
 * that the next poll that holds it is answered before the route runs (revalidation-memo.ts).
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  rememberAt?: RememberAt,
) {
  const held = rememberAt && {
    ...rememberAt,
    versionsKey: answer.key,
    ...(answer.expiresAt !== undefined ? { expiresAt: answer.expiresAt } : {}),
  };
  if (isNotModified(request, reply, answer.etag, true, held)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  if (/\bgzip\b/.test(acceptEncoding)) {
    return reply.header('content-encoding', 'gzip').send(answer.gzipped);
  }
  return reply.send(Buffer.from(answer.json));
}

/**
 * Sends an answer of one member's own (not shared, so not kept) with an ETag that is a hash of its
 * content: the browser that polls it revalidates by itself (`no-cache`) and gets a 304 while
 * nothing in it changed. The hash covers everything in the answer, the member's own ids included,
 * so one member's ETag never matches another's answer on a shared device. `kind` names the read.
 */
export function sendRevalidatedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  value: unknown,
  /** For an answer that stays the same while the session's counters do (`versionsKey`). */
  rememberAt?: RememberAt & { versionsKey: string },
) {
  const json = JSON.stringify(value);
  const etag = `"${kind}-${hash('sha256', json, 'base64url').slice(0, 27)}"`;
  if (isNotModified(request, reply, etag, false, rememberAt)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
