/**
 * bench/live: 1,000 watchers on the live stream and a session in progress.
 *
 * It starts the app on a loopback port (as `npm start` does), builds a small department (by default
 * 100 Firefighters and the stations to seat them), creates and starts a session of all of them, and
 * opens 1,000 live streams (GET /api/live/stream, each with its own ticket) that watch the session.
 * Then each turn holder bids in turn over HTTP (POST /api/bid-sessions/submit-bid), one bid after
 * the other, and every watcher notes when the bid's `session.changed` event reaches it. It prints
 * the p50 and p99 time from the accepted bid's response to each watcher's receipt (and from the
 * bid's request, which includes the step itself).
 *
 * The watchers run in the same Node process as the server, over loopback, so the figures include
 * the clients' own work of reading 1,000 streams on the same cores: an upper bound of the server's
 * share.
 *
 *   npm run bench:live                                  # PGlite in a temporary directory
 *   npm run bench:live -- --watchers 200 --bids 20      # smaller
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:live
 *
 * On PostgreSQL the bench creates a database of its own on that server and drops it afterwards.
 * It stops by itself: after the bids, or after --max-seconds (300) at the latest.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { members, seats, stations } from '../apps/server/src/db/schema/index.ts';
import {
  benchAdminRow,
  benchMemberRow,
  benchSessionRequest,
  benchStationRow,
  buildBenchApp,
  format,
  openBenchDatabase,
  percentile,
  queueOf,
  type SignedInMember,
  signInMembers,
} from './support.ts';

const { values: options } = parseArgs({
  options: {
    watchers: { type: 'string', default: '1000' },
    participants: { type: 'string', default: '100' },
    /** Bids to make (at most one per participant). */
    bids: { type: 'string', default: '100' },
    'max-seconds': { type: 'string', default: '300' },
  },
});
const watcherCount = Number(options.watchers);
const participantCount = Number(options.participants);
const bidCount = Math.min(Number(options.bids), participantCount);
const maxSeconds = Number(options['max-seconds']);

/** Streams opened at once while connecting the watchers. */
const CONNECT_BATCH = 100;
/** A bid's event not at every watcher by then counts as missed there. */
const DELIVERY_TIMEOUT_MS = 5000;
/** Firefighter seats per shift of each station. */
const FIREFIGHTER_SEATS_PER_SHIFT = 3;

/** An administrator and the Firefighters (distinct years, so the queue is fixed), each signed in. */
async function buildDepartment(handle: DatabaseHandle) {
  const { db } = handle;
  const stationCount = Math.ceil(participantCount / (FIREFIGHTER_SEATS_PER_SHIFT * 3)) + 1;
  const stationRows = await db
    .insert(stations)
    .values(Array.from({ length: stationCount }, (_, index) => benchStationRow(index)))
    .returning();
  await db.insert(seats).values(
    stationRows.flatMap((station) =>
      ['A', 'B', 'C'].flatMap((shift) =>
        Array.from({ length: FIREFIGHTER_SEATS_PER_SHIFT }, (_, index) => ({
          stationId: station.id,
          shift,
          seatPosition: 'Firefighter',
          ordinal: index + 1,
        })),
      ),
    ),
  );
  const admin: SignedInMember = { id: randomUUID(), familyId: randomUUID() };
  const firefighters: SignedInMember[] = Array.from({ length: participantCount }, () => ({
    id: randomUUID(),
    familyId: randomUUID(),
  }));
  await db.insert(members).values([
    // The administrator signs in by token like everyone else here, so the password is never checked.
    benchAdminRow(admin.id, 'not-used'),
    ...firefighters.map((member, index) => benchMemberRow(member.id, index, 'Firefighter', 30 - (index % 30))),
  ]);
  await signInMembers(db, [admin, ...firefighters]);
  return { admin, firefighters, stationIds: stationRows.map((station) => station.id) };
}

/** One watcher: a stream read as it arrives, noting when each bid's event came. */
interface Watcher {
  /** performance.now() at the receipt of the n-th bid_submitted event. */
  bidReceipts: number[];
  abort: AbortController;
}

async function openWatcher(baseUrl: string, ticket: string, sessionId: string, onBid: () => void): Promise<Watcher> {
  const abort = new AbortController();
  const watcher: Watcher = { bidReceipts: [], abort };
  const response = await fetch(`${baseUrl}/api/live/stream?ticket=${ticket}&sessions=${sessionId}`, {
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const receivedAt = performance.now();
        pending += decoder.decode(value, { stream: true });
        const frames = pending.split('\n\n');
        pending = frames.pop() ?? '';
        for (const frame of frames) {
          if (frame.includes('"action":"bid_submitted"')) {
            watcher.bidReceipts.push(receivedAt);
            onBid();
          }
        }
      }
    } catch {
      // Aborted at the end of the bench.
    }
  })();
  return watcher;
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`bench/live: stopped after ${maxSeconds} s`);
    process.exit(1);
  }, maxSeconds * 1000);
  deadline.unref();

  const database = await openBenchDatabase('stationbid-bench-live-');
  const { app, accessTokenFor: tokenOf } = await buildBenchApp(database);
  const watchers: Watcher[] = [];
  try {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`bench/live on ${database.label}`);
    console.log(`${watcherCount} watchers, ${participantCount} participants, ${bidCount} bids`);
    const { admin, firefighters, stationIds } = await buildDepartment(database.handle);
    const adminToken = await tokenOf(admin);
    const call = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return JSON.parse(text);
    };

    const participantIds = firefighters.map((member) => member.id);
    const created = await call(
      adminToken,
      'POST',
      '/api/bid-sessions',
      benchSessionRequest('Bench live session', participantIds, stationIds),
    );
    const sessionId: string = created.session.id;
    const started = await call(adminToken, 'POST', `/api/bid-sessions/${sessionId}/start`);
    const queue = queueOf(started);
    const memberById = new Map(firefighters.map((member) => [member.id, member]));

    // Watchers: each with its own ticket, from the participants' and the administrator's sign-ins.
    const connectStarted = performance.now();
    let deliveryWaiter: (() => void) | null = null;
    const onBid = () => deliveryWaiter?.();
    const watcherTokens = await Promise.all([admin, ...firefighters].map(tokenOf));
    for (let start = 0; start < watcherCount; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, watcherCount - start) }, async (_, offset) => {
        const token = watcherTokens[(start + offset) % watcherTokens.length] ?? adminToken;
        const { ticket } = await call(token, 'POST', '/api/live/ticket');
        return openWatcher(baseUrl, ticket, sessionId, onBid);
      });
      watchers.push(...(await Promise.all(batch)));
    }
    console.log(
      `  ${watchers.length} streams open in ${format(performance.now() - connectStarted)} ms (server counts ${app.live.openStreamCount})`,
    );

    const fromResponse: number[] = [];
    const fromRequest: number[] = [];
    const stepTimes: number[] = [];
    let missed = 0;
    const bidPhaseStarted = performance.now();
    for (let turn = 0; turn < bidCount; turn++) {
      const member = memberById.get(queue[turn] ?? '');
      if (!member) throw new Error(`turn ${turn + 1}: unknown member`);
      const token = await tokenOf(member);
      const stationId = stationIds[Math.floor(turn / (FIREFIGHTER_SEATS_PER_SHIFT * 3))];
      const shift = ['A', 'B', 'C'][turn % 3];
      const requestedAt = performance.now();
      await call(token, 'POST', '/api/bid-sessions/submit-bid', {
        sessionId,
        bidData: { station: stationId, shift, position: 'Firefighter' },
      });
      const answeredAt = performance.now();
      stepTimes.push(answeredAt - requestedAt);
      const allReceived = () => watchers.every((watcher) => watcher.bidReceipts.length > turn);
      if (!allReceived()) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, DELIVERY_TIMEOUT_MS);
          function finish() {
            clearTimeout(timer);
            deliveryWaiter = null;
            resolve();
          }
          deliveryWaiter = () => {
            if (allReceived()) finish();
          };
        });
      }
      for (const watcher of watchers) {
        const receivedAt = watcher.bidReceipts[turn];
        if (receivedAt === undefined) {
          missed += 1;
          continue;
        }
        fromResponse.push(receivedAt - answeredAt);
        fromRequest.push(receivedAt - requestedAt);
      }
    }
    const bidPhaseMs = performance.now() - bidPhaseStarted;

    const sortedResponse = [...fromResponse].sort((a, b) => a - b);
    const sortedRequest = [...fromRequest].sort((a, b) => a - b);
    const sortedSteps = [...stepTimes].sort((a, b) => a - b);
    console.log('');
    console.log(
      `bids: ${bidCount} in ${format(bidPhaseMs / 1000)} s; deliveries: ${fromResponse.length}, missed: ${missed}`,
    );
    console.log(
      `bid request to response: p50 ${format(percentile(sortedSteps, 0.5))} ms, p99 ${format(percentile(sortedSteps, 0.99))} ms`,
    );
    console.log(
      `accepted bid's response to a watcher's receipt: p50 ${format(percentile(sortedResponse, 0.5))} ms, p99 ${format(percentile(sortedResponse, 0.99))} ms, max ${format(sortedResponse.at(-1) ?? 0)} ms`,
    );
    console.log(
      `bid request to a watcher's receipt: p50 ${format(percentile(sortedRequest, 0.5))} ms, p99 ${format(percentile(sortedRequest, 0.99))} ms`,
    );
    console.log(`memory (rss): ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
    if (bidCount < queue.length) await call(adminToken, 'POST', `/api/bid-sessions/${sessionId}/end`);
  } finally {
    for (const watcher of watchers) watcher.abort.abort();
    await app.close();
    await database.dispose();
    clearTimeout(deadline);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
