/**
 * A session's counters kept in memory (docs/decisions/014-session-versions-in-memory.md): polled
 * reads cost no database round trip while nothing changes, yet a step, here or announced by
 * another process, and any write request are seen by the very next read. The API tests run the
 * app as the server does (counters up to a minute old here, to show what only an announcement
 * clears), on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { myParticipationResponseSchema } from '@stationbid/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { OwnPlaceCache } from './own-places.ts';
import { SessionVersionTracker } from './session-versions.ts';
import { createStationWithSeats, readHistory, setSessionState, startSession } from './test-sessions.ts';

/** A database that answers every counters read with `version` and counts the reads. */
function countingDatabase(version: { value: number }) {
  const reads = { count: 0 };
  const db = {
    execute: async () => {
      reads.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { rows: [{ version: String(version.value), outside: '0', status: 'active' }] };
    },
  } as unknown as Database;
  return { db, reads };
}

describe('SessionVersionTracker', () => {
  it('reads the database once for many readers, then answers from memory until the counters are too old', async () => {
    const version = { value: 1 };
    const { db, reads } = countingDatabase(version);
    let now = 0;
    const tracker = new SessionVersionTracker(db, 1_000, () => now);

    const answers = await Promise.all(Array.from({ length: 50 }, () => tracker.read('s1')));
    expect(reads.count).toBe(1);
    expect(answers.every((answer) => answer?.version === 1)).toBe(true);

    version.value = 2;
    now = 1_000;
    expect((await tracker.read('s1'))?.version).toBe(1);
    expect(reads.count).toBe(1);
    now = 1_001;
    expect((await tracker.read('s1'))?.version).toBe(2);
    expect(reads.count).toBe(2);
  });

  it('asks the database again at once after forgetAll, and does not keep a read that a change overtook', async () => {
    const version = { value: 1 };
    const { db, reads } = countingDatabase(version);
    const tracker = new SessionVersionTracker(db, 60_000, () => 0);
    await tracker.read('s1');

    const overtaken = tracker.read('s1-other');
    tracker.forgetAll();
    version.value = 2;
    await overtaken;
    await tracker.read('s1-other');
    expect(reads.count).toBe(3);
    expect((await tracker.read('s1'))?.version).toBe(2);
    expect(reads.count).toBe(4);
  });
});

describe('OwnPlaceCache', () => {
  const session = (version: number) => ({ version }) as never;
  const versions = (version: number) => ({ version, outsideVersion: 0, status: 'active' });

  it('loads a member place once per version, and not past its age limit', async () => {
    let now = 0;
    let loads = 0;
    const cache = new OwnPlaceCache(100, 15_000, () => now);
    const load = async () => {
      loads += 1;
      return { session: session(1), participant: null };
    };
    await Promise.all([cache.read('s', versions(1), 'm', load), cache.read('s', versions(1), 'm', load)]);
    await cache.read('s', versions(1), 'm', load);
    expect(loads).toBe(1);
    await cache.read('s', versions(1), 'other', load);
    expect(loads).toBe(2);
    now = 15_001;
    await cache.read('s', versions(1), 'm', load);
    expect(loads).toBe(3);
  });

  it('does not keep a place read at another version than the one asked for', async () => {
    let loads = 0;
    const cache = new OwnPlaceCache(100, 15_000, () => 0);
    const load = async () => {
      loads += 1;
      return { session: session(2), participant: null };
    };
    await cache.read('s', versions(1), 'm', load);
    await cache.read('s', versions(1), 'm', load);
    expect(loads).toBe(2);
  });
});

describe('reads served from the counters in memory', () => {
  let context: TestContext;
  let adminEmail: string;
  let admin: SignedIn;

  beforeAll(async () => {
    context = await createTestContext({}, { sessionVersionsMaxAgeMs: 60_000 });
    adminEmail = (await createAdmin(context)).email;
  });
  afterAll(async () => context?.close());

  async function runningSession() {
    // Earlier tests move the clock past the administrator's token.
    admin = await signIn(context, adminEmail);
    const first = await createMember(context, { yearsOfService: 20, firstName: 'First' });
    const second = await createMember(context, { yearsOfService: 10, firstName: 'Second' });
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: 2 } });
    const sessionId = await startSession(context, admin, {
      participantIds: [first.id, second.id],
      stationIds: [station.id],
    });
    return {
      sessionId,
      station,
      first: await signIn(context, first.email),
      second: await signIn(context, second.email),
    };
  }

  const readBoard = (who: SignedIn, sessionId: string) =>
    injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/board` });
  const readMine = async (who: SignedIn, sessionId: string) =>
    myParticipationResponseSchema.parse(
      (await injectAs(context, who, { method: 'GET', url: `/api/bid-sessions/${sessionId}/my-participation` })).json(),
    );

  it('shows a bid at once on the board and in the next member place, though the counters are kept a minute', async () => {
    const { sessionId, station, first, second } = await runningSession();
    const before = await readBoard(second, sessionId);
    expect((await readMine(second, sessionId)).isUserTurn).toBe(false);

    const bid = await injectAs(context, first, {
      method: 'POST',
      url: '/api/bid-sessions/submit-bid',
      payload: { sessionId, bidData: { station: station.id, shift: 'A', position: 'Firefighter' } },
    });
    expect(bid.statusCode).toBe(200);

    const after = await readBoard(second, sessionId);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().board.counts.done).toBe(1);
    expect(await readMine(second, sessionId)).toMatchObject({ isUserTurn: true, peopleAhead: 0 });
  });

  it('shows a turn that expired by the clock at once, with no request in between to clear the counters', async () => {
    const { sessionId, second } = await runningSession();
    context.clock.advance(61 * 60_000);
    const watcher = await signIn(context, (await createMember(context)).email);
    const before = await readBoard(watcher, sessionId);
    expect(before.json().board.counts.done).toBe(0);

    // The expiry is a step of the turn clock: only its live event tells the reads.
    await context.app.turnClock.tick();
    expect((await readHistory(context.db, sessionId)).map((entry) => entry.action)).toContain('moved_to_back');

    const after = await readBoard(watcher, sessionId);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().board.turn?.participantId).not.toBe(before.json().board.turn?.participantId);
    expect(second).toBeDefined();
  });

  it('sees a write made behind its back only after a request that may write, as a server process sees another process', async () => {
    const { sessionId, second } = await runningSession();
    const before = await readBoard(second, sessionId);
    await setSessionState(context.db, sessionId, { status: 'paused', pausedRemainingMs: 60_000 });

    // Nothing announced the change: the counters in memory still name the version read before.
    const unannounced = await readBoard(second, sessionId);
    expect(unannounced.headers.etag).toBe(before.headers.etag);

    // Any request that may write makes the next read ask the database.
    const write = await injectAs(context, second, { method: 'POST', url: `/api/bid-sessions/${sessionId}/join` });
    expect(write.statusCode).toBe(200);
    const seen = await readBoard(second, sessionId);
    expect(seen.headers.etag).not.toBe(before.headers.etag);
    expect(seen.json().board.status).toBe('paused');
  });
});
