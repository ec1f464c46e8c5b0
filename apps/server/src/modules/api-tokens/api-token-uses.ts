/**
 * When each API token was last used, without a write per request: a busy integration (a poll a
 * second) would otherwise write its token's row on every call. A use is written at once when the
 * token's row says it was last used more than a minute ago (or never), and otherwise only noted;
 * so each token costs at most one UPDATE a minute per server process, and the list's "last used"
 * is right to within that minute. Writes run after the request's check, not in its way; a failed
 * one is logged and the next use a minute on tries again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordApiTokenUses } from './api-tokens.repository.ts';

/** How stale "last used" may be: the list shows it to the minute at best. */
export const API_TOKEN_USE_WRITE_INTERVAL_MS = 60_000;

export class ApiTokenUses {
  /** When this process last wrote each token's use, so that it does not write it again within the interval. */
  private written = new Map<string, number>();
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Notes a use at `at` of the token whose row said it was last used at `storedLastUsedAt`. */
  record(tokenId: string, storedLastUsedAt: Date | null, at: Date): void {
    const lastWritten = Math.max(storedLastUsedAt?.getTime() ?? 0, this.written.get(tokenId) ?? 0);
    if (at.getTime() - lastWritten < API_TOKEN_USE_WRITE_INTERVAL_MS) return;
    this.written.set(tokenId, at.getTime());
    const write = recordApiTokenUses(this.db, new Map([[tokenId, at]]))
      .catch((error: unknown) => {
        this.written.delete(tokenId);
        this.log.warn({ err: error, apiTokenId: tokenId }, 'API token: last use not written');
      })
      .finally(() => this.inFlight.delete(write));
    this.inFlight.add(write);
  }

  /** Waits for the writes under way (tests, and app close before the database closes). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
