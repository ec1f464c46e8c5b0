/**
 * What every signed-in request needs to know, kept in this process for a few seconds so that
 * authentication and the signed-in member's own page do not grow with the department: the member's
 * authority (active, administrator, name, e-mail), whether their sign-in (refresh-token family) is
 * still live, and every active member's bid priority (their department place by the department's
 * seniority rule, which needs every active member and the rule to compute).
 *
 * Anything that changes these facts announces it (the functions at the end of this file), after
 * its transaction has committed. The announcement clears the entries at once in this process and,
 * on PostgreSQL, in every other server process through NOTIFY (`LiveEventBus.publishAccessChanges`),
 * so signing out, a revoked sign-in and a deactivation still take effect on the next request. The
 * short lifetimes below are only a safety net for a notification that was lost (a listening
 * connection that dropped and came back). Writes made behind the app's back (SQL by hand, tests
 * that insert rows) are seen once the lifetime runs out, or at once for a member the cached
 * priorities do not know yet.
 */
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessChange, LiveEventBus } from '../live/live-event-bus.ts';
import { loadDepartmentPlaces } from '../users/department-places.ts';
import { findMemberAuthFacts, type MemberAuthFacts } from '../users/users.repository.ts';
import { isRefreshFamilyLive } from './auth.repository.ts';

/** How long a member's facts and a live sign-in are trusted without a word from the database. */
export const MEMBER_CACHE_TTL_MS = 15_000;
/**
 * The bid priorities change only with ranking inputs (a member's score inputs, dates in rank, hire
 * dates, list numbers, who is active) and the seniority rule, which are announced; this is the
 * safety net.
 */
export const BID_PRIORITIES_TTL_MS = 30_000;
/** Above this many cached sign-ins, expired ones are swept out before another is added. */
const MAX_CACHED_FAMILIES = 20_000;

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

export class MemberCache {
  private readonly members = new Map<string, Expiring<MemberAuthFacts | undefined>>();
  /** Live sign-ins only, by family id, with their member (to forget them all when the member changes). */
  private readonly liveFamilies = new Map<string, Expiring<string>>();
  private bidPriorities: Expiring<Map<string, number>> | undefined;
  private bidPrioritiesLoading: { generation: number; priorities: Promise<Map<string, number>> } | undefined;
  /**
   * Counts the changes applied. A read that started before a change and ends after it may have
   * read what the change replaced, so its answer is used but not kept.
   */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly bus: LiveEventBus,
  ) {}

  /** The member's authority, or undefined when there is no such member. */
  async getMember(memberId: string): Promise<MemberAuthFacts | undefined> {
    const now = this.clock.now().getTime();
    const cached = this.freshMember(memberId, now);
    if (cached) return cached.value;
    const generation = this.generation;
    const facts = await findMemberAuthFacts(this.db, memberId);
    if (generation === this.generation)
      this.members.set(memberId, { value: facts, expiresAt: now + MEMBER_CACHE_TTL_MS });
    return facts;
  }

  /**
   * The member's facts when memory knows them and that the sign-in is live, without a read; else
   * undefined (unknown, expired or not live: `getMember` and `isFamilyLive` then ask the
   * database). For the polls answered before the route runs (session-room/early-revalidation.ts).
   */
  peek(memberId: string, familyId: string): { member: MemberAuthFacts | undefined } | undefined {
    const now = this.clock.now().getTime();
    const member = this.freshMember(memberId, now);
    return member && this.isFamilyKnownLive(familyId, memberId, now) ? { member: member.value } : undefined;
  }

  private freshMember(memberId: string, now: number): Expiring<MemberAuthFacts | undefined> | undefined {
    const cached = this.members.get(memberId);
    return cached && cached.expiresAt > now ? cached : undefined;
  }

  private isFamilyKnownLive(familyId: string, memberId: string, now: number): boolean {
    const cached = this.liveFamilies.get(familyId);
    return cached !== undefined && cached.expiresAt > now && cached.value === memberId;
  }

  /** True while the sign-in has a token that is not revoked (the member has not signed out). */
  async isFamilyLive(familyId: string, memberId: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (this.isFamilyKnownLive(familyId, memberId, now)) return true;
    const generation = this.generation;
    const isLive = await isRefreshFamilyLive(this.db, familyId, memberId);
    // Only live sign-ins are kept: a revoked one never comes back, and is refused from the database.
    if (isLive && generation === this.generation) {
      if (this.liveFamilies.size >= MAX_CACHED_FAMILIES) this.sweepExpiredFamilies(now);
      this.liveFamilies.set(familyId, { value: memberId, expiresAt: now + MEMBER_CACHE_TTL_MS });
    }
    return isLive;
  }

  /**
   * The member's bid priority (their place among all active members), or null for an inactive one.
   * A member the cached priorities do not know (added since) makes them be computed again.
   */
  async getBidPriority(member: { id: string; isActive: boolean }): Promise<number | null> {
    if (!member.isActive) return null;
    const cached = await this.getBidPriorities();
    const priority = cached.get(member.id);
    if (priority !== undefined) return priority;
    return (await this.getBidPriorities({ isStale: true })).get(member.id) ?? null;
  }

  /** Every active member's bid priority. */
  async getBidPriorities(options: { isStale?: boolean } = {}): Promise<Map<string, number>> {
    const now = this.clock.now().getTime();
    if (!options.isStale && this.bidPriorities && this.bidPriorities.expiresAt > now) return this.bidPriorities.value;
    // Requests that find the priorities expired together share one computation, which reads the
    // whole department, instead of each making its own.
    const loading = this.bidPrioritiesLoading;
    if (loading && loading.generation === this.generation) return loading.priorities;
    const generation = this.generation;
    const priorities = loadDepartmentPlaces(this.db).then(({ places }) => places);
    this.bidPrioritiesLoading = { generation, priorities };
    try {
      const computed = await priorities;
      if (generation === this.generation) {
        this.bidPriorities = { value: computed, expiresAt: now + BID_PRIORITIES_TTL_MS };
      }
      return computed;
    } finally {
      if (this.bidPrioritiesLoading?.priorities === priorities) this.bidPrioritiesLoading = undefined;
    }
  }

  /** Announces changes: applied here at once, and sent to the other server processes. */
  announce(changes: readonly AccessChange[]): void {
    this.bus.publishAccessChanges(changes);
  }

  /** Forgets what the changes made stale (this process's and the other processes' announcements). */
  apply(changes: readonly AccessChange[]): void {
    this.generation += 1;
    for (const change of changes) {
      if (change.kind === 'family') this.liveFamilies.delete(change.familyId);
      else if (change.kind === 'rankings') this.bidPriorities = undefined;
      else {
        this.members.delete(change.memberId);
        for (const [familyId, family] of this.liveFamilies) {
          if (family.value === change.memberId) this.liveFamilies.delete(familyId);
        }
      }
    }
  }

  private sweepExpiredFamilies(now: number): void {
    for (const [familyId, family] of this.liveFamilies) {
      if (family.expiresAt <= now) this.liveFamilies.delete(familyId);
    }
    // Still full (a burst of sign-ins): start over rather than grow without bound.
    if (this.liveFamilies.size >= MAX_CACHED_FAMILIES) this.liveFamilies.clear();
  }
}

/**
 * The caches of the apps serving each database in this process (usually one). Member changes are
 * made in several modules, each with the database it changed; announcing through the database
 * reaches whichever app serves it, without handing the cache to every service.
 */
const cachesByDatabase = new WeakMap<Executor, Set<MemberCache>>();

/** Registers the cache of an app serving `db`; answers a function that removes it (at app close). */
export function registerMemberCache(db: Database, cache: MemberCache): () => void {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = new Set();
    cachesByDatabase.set(db, caches);
  }
  caches.add(cache);
  return () => caches.delete(cache);
}

/** The cache of an app serving this database; undefined inside a transaction, or with no app. */
export function findMemberCache(executor: Executor): MemberCache | undefined {
  const caches = cachesByDatabase.get(executor);
  return caches ? caches.values().next().value : undefined;
}

function announce(db: Executor, changes: readonly AccessChange[]): void {
  for (const cache of cachesByDatabase.get(db) ?? []) cache.announce(changes);
}

/**
 * A member was changed, deleted, deactivated or reactivated, or lost sign-ins (password changed or
 * reset, every sign-in revoked). Their bid-priority inputs may have changed too. Call after commit.
 */
export function announceMemberChanged(db: Executor, memberId: string): void {
  announce(db, [{ kind: 'member', memberId }, { kind: 'rankings' }]);
}

/** Members were added (created, imported, registered): everyone's bid priority may move. Call after commit. */
export function announceMembersAdded(db: Executor): void {
  announce(db, [{ kind: 'rankings' }]);
}

/** The department's seniority rule was set: everyone's bid priority may move. Call after commit. */
export function announceSeniorityRuleChanged(db: Executor): void {
  announce(db, [{ kind: 'rankings' }]);
}

/** One sign-in was revoked (signed out, or a replayed refresh token). Call after commit. */
export function announceSignInRevoked(db: Executor, familyId: string): void {
  announce(db, [{ kind: 'family', familyId }]);
}
