/**
 * bench/engine: a whole bid session of a large department, run to completion through the API.
 *
 * It builds a department (by default 5,000 members and 300 stations with a seat for everyone),
 * creates a session with every member, starts it, and lets each turn holder bid in turn for a free
 * seat they are eligible for, through POST /api/bid-sessions/submit-bid with their own token. It
 * prints bids per second and the p50 and p99 time per bid.
 *
 * Requests go through `app.inject` on the app `buildApp` makes, which is exactly what the server
 * runs (routing, validation, authentication, the engine's transaction, the response) minus the
 * socket and HTTP parsing.
 *
 *   npm run bench:engine                                   # PGlite in a temporary directory
 *   npm run bench:engine -- --participants 1000            # a smaller department
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:engine
 *   npm run bench:engine -- --participants 20000 --stations 1200 --bids 2000 --baseline 1000
 *   npm run bench:engine -- --participants 20000 --stations 1200 --bids 1000 --cpu-prof-bids /tmp/prof
 *                                     # 20,000 (first 2,000 bids), after a whole 1,000 session, with the ratio
 *
 * On PostgreSQL the bench creates a database of its own on that server and drops it afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getSeatPositionForRank, type Rank, SEAT_POSITIONS, type SeatPosition, SHIFTS } from '@stationbid/domain';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { members, seats, stations } from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import {
  BENCH_ADMIN_EMAIL,
  benchAdminRow,
  benchMemberRow,
  benchSessionRequest,
  benchStationRow,
  buildBenchApp,
  format,
  openBenchDatabase,
  percentile,
  queueOf,
  signInMembers,
} from './support.ts';

const { values: options } = parseArgs({
  options: {
    participants: { type: 'string', default: '5000' },
    stations: { type: 'string', default: '300' },
    /** Stop after this many bids (the session is then ended); all of them by default. */
    bids: { type: 'string' },
    /**
     * A smaller session run to completion first, in the same run, on a database of its own (stations
     * in proportion), so the ratio of the two p99s compares on a noisy machine: e.g. 1000.
     */
    baseline: { type: 'string' },
    /**
     * Writes a V8 CPU profile of the bid phase alone (not the department's creation, which would
     * drown it) of the measured session into this directory.
     */
    'cpu-prof-bids': { type: 'string' },
  },
});

/** One session to run: its size and how many of its turns to bid. */
interface SessionSize {
  participantCount: number;
  stationCount: number;
  bidLimit: number;
}

/** The most participants one create or add request names (the API's limit). */
const PARTICIPANTS_PER_REQUEST = 10_000;

// The one member who signs in through the login route, so the bench also passes through it once.
const ADMIN_PASSWORD = 'bench-admin-password';

/** Seats of each station per shift, by position: 7 per shift, 21 per station. */
const SEATS_PER_SHIFT: Record<SeatPosition, number> = { Captain: 1, Lieutenant: 1, Engineer: 2, Firefighter: 3 };
/** The department's ranks, in proportions the seats above can hold. */
const RANK_MIX: [Rank, number][] = [
  ['Firefighter', 0.5],
  ['Engineer', 0.25],
  ['Lieutenant', 0.15],
  ['Captain', 0.1],
];

/** A small deterministic generator, so every run builds the same department and bids alike. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

interface BenchMember {
  id: string;
  rank: Rank;
  familyId: string;
}

async function buildDepartment(handle: DatabaseHandle, { participantCount, stationCount }: SessionSize) {
  const { db } = handle;
  const random = createRandom(2026);
  const stationRows = Array.from({ length: stationCount }, (_, index) => benchStationRow(index));
  const createdStations = [];
  for (let start = 0; start < stationRows.length; start += 500) {
    createdStations.push(
      ...(await db
        .insert(stations)
        .values(stationRows.slice(start, start + 500))
        .returning()),
    );
  }
  const seatRows = createdStations.flatMap((station) =>
    SHIFTS.flatMap((shift) =>
      SEAT_POSITIONS.flatMap((seatPosition) =>
        Array.from({ length: SEATS_PER_SHIFT[seatPosition] }, (_, index) => ({
          stationId: station.id,
          shift,
          seatPosition,
          ordinal: index + 1,
        })),
      ),
    ),
  );
  for (let start = 0; start < seatRows.length; start += 2000) {
    await db.insert(seats).values(seatRows.slice(start, start + 2000));
  }

  const adminId = randomUUID();
  await db.insert(members).values(benchAdminRow(adminId, await hashPassword(ADMIN_PASSWORD)));

  const benchMembers: BenchMember[] = [];
  const memberRows = [];
  let rankIndex = 0;
  let rankQuota = 0;
  for (let index = 0; index < participantCount; index++) {
    while (rankIndex < RANK_MIX.length - 1 && index >= rankQuota + participantCount * (RANK_MIX[rankIndex]?.[1] ?? 0)) {
      rankQuota += participantCount * (RANK_MIX[rankIndex]?.[1] ?? 0);
      rankIndex += 1;
    }
    const rank = RANK_MIX[rankIndex]?.[0] ?? 'Firefighter';
    const id = randomUUID();
    benchMembers.push({ id, rank, familyId: randomUUID() });
    memberRows.push(benchMemberRow(id, index, rank, Math.floor(random() * 31)));
  }
  for (let start = 0; start < memberRows.length; start += 1000) {
    await db.insert(members).values(memberRows.slice(start, start + 1000));
  }
  await signInMembers(db, benchMembers);
  return { benchMembers, seatRows };
}

/** The free seats of one station, shift and position, as the bench counts them. */
interface SeatGroup {
  stationId: string;
  shift: string;
  position: SeatPosition;
  free: number;
}

async function inject(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

interface SessionFigures {
  size: SessionSize;
  bids: number;
  bidsPerSecond: number;
  p50: number;
  p99: number;
}

async function runSession(size: SessionSize, bidProfileDir?: string): Promise<SessionFigures> {
  const { participantCount, stationCount, bidLimit } = size;
  const database = await openBenchDatabase('stationbid-bench-');
  const { app, accessTokenFor } = await buildBenchApp(database);
  try {
    console.log(`bench/engine on ${database.label}`);
    console.log(`department: ${participantCount} members, ${stationCount} stations`);
    let started = performance.now();
    const { benchMembers, seatRows } = await buildDepartment(database.handle, size);
    console.log(`  built in ${format(performance.now() - started)} ms (${seatRows.length} seats)`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: BENCH_ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const adminToken = login.json<{ token: string }>().token;

    started = performance.now();
    const participantIds = benchMembers.map((member) => member.id);
    // A request names at most 10,000 participants (the API's limit): larger sessions are created
    // with the first 10,000 and given the rest by POST /:id/participants.
    const created = await inject(
      app,
      adminToken,
      'POST',
      '/api/bid-sessions',
      benchSessionRequest('Bench session', participantIds.slice(0, PARTICIPANTS_PER_REQUEST)),
    );
    const sessionId: string = created.session.id;
    for (let start = PARTICIPANTS_PER_REQUEST; start < participantIds.length; start += PARTICIPANTS_PER_REQUEST) {
      await inject(app, adminToken, 'POST', `/api/bid-sessions/${sessionId}/participants`, {
        userIds: participantIds.slice(start, start + PARTICIPANTS_PER_REQUEST),
      });
    }
    console.log(`  session created in ${format(performance.now() - started)} ms`);
    started = performance.now();
    const startedSession = await inject(app, adminToken, 'POST', `/api/bid-sessions/${sessionId}/start`);
    console.log(`  session started in ${format(performance.now() - started)} ms`);

    // The queue order the server decided; the bench keeps its own count of free seats.
    const queue = queueOf(startedSession);
    const memberById = new Map(benchMembers.map((member) => [member.id, member]));
    const freeSeats = new Map<SeatPosition, SeatGroup[]>();
    const groups = new Map<string, SeatGroup>();
    for (const seat of seatRows) {
      const key = `${seat.stationId}|${seat.shift}|${seat.seatPosition}`;
      const group = groups.get(key) ?? {
        stationId: seat.stationId,
        shift: seat.shift,
        position: seat.seatPosition,
        free: 0,
      };
      group.free += 1;
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const list = freeSeats.get(group.position) ?? [];
      list.push(group);
      freeSeats.set(group.position, list);
    }

    const random = createRandom(7);
    const latencies: number[] = [];
    const bidCount = Math.min(bidLimit, queue.length);
    const profiler = bidProfileDir ? await startBidPhaseProfile() : null;
    const bidPhaseStart = performance.now();
    for (let turn = 0; turn < bidCount; turn++) {
      const member = memberById.get(queue[turn] ?? '');
      if (!member) throw new Error(`turn ${turn + 1}: unknown member`);
      const position = getSeatPositionForRank(member.rank);
      const candidates = (freeSeats.get(position) ?? []).filter((group) => group.free > 0);
      const group = candidates[Math.floor(random() * candidates.length)];
      if (!group) throw new Error(`turn ${turn + 1}: no free ${position} seat left`);
      const token = await accessTokenFor(member);
      const before = performance.now();
      await inject(app, token, 'POST', '/api/bid-sessions/submit-bid', {
        sessionId,
        bidData: { station: group.stationId, shift: group.shift, position },
      });
      latencies.push(performance.now() - before);
      group.free -= 1;
      if ((turn + 1) % 500 === 0 || turn + 1 === bidCount) {
        const recent = [...latencies.slice(-500)].sort((a, b) => a - b);
        console.log(
          `  ${String(turn + 1).padStart(5)} bids: last 500 p50 ${format(percentile(recent, 0.5))} ms, p99 ${format(percentile(recent, 0.99))} ms`,
        );
      }
    }
    const bidPhaseMs = performance.now() - bidPhaseStart;
    if (profiler) console.log(`  CPU profile of the bids: ${await profiler.stop(bidProfileDir ?? '.')}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const final = await inject(app, adminToken, 'GET', `/api/bid-sessions/${sessionId}`);
    if (bidCount < queue.length) await inject(app, adminToken, 'POST', `/api/bid-sessions/${sessionId}/end`);

    console.log('');
    console.log(
      `bids: ${latencies.length} in ${format(bidPhaseMs / 1000)} s` +
        (bidCount < queue.length ? ` (limited by --bids: ${bidCount} of ${queue.length} turns, then End)` : ''),
    );
    console.log(`bids/second: ${(latencies.length / (bidPhaseMs / 1000)).toFixed(1)}`);
    console.log(`time per bid: p50 ${format(percentile(sorted, 0.5))} ms, p99 ${format(percentile(sorted, 0.99))} ms`);
    console.log(
      `session status after the last bid: ${final.session.status}, completedBids ${final.session.completedBids}`,
    );
    return {
      size,
      bids: latencies.length,
      bidsPerSecond: latencies.length / (bidPhaseMs / 1000),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}

/** A CPU profile taken through the inspector, so that it can cover one phase of the run. */
async function startBidPhaseProfile() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop(directory: string): Promise<string> {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      session.disconnect();
      mkdirSync(directory, { recursive: true });
      const file = path.join(directory, `bids-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

async function main(): Promise<void> {
  const participantCount = Number(options.participants);
  const stationCount = Number(options.stations);
  const size: SessionSize = {
    participantCount,
    stationCount,
    bidLimit: options.bids ? Number(options.bids) : participantCount,
  };
  const results: SessionFigures[] = [];
  if (options.baseline) {
    const baselineCount = Number(options.baseline);
    results.push(
      await runSession({
        participantCount: baselineCount,
        stationCount: Math.max(1, Math.round((baselineCount * stationCount) / participantCount)),
        bidLimit: baselineCount,
      }),
    );
    console.log('');
  }
  results.push(await runSession(size, options['cpu-prof-bids']));
  if (results.length < 2) return;
  console.log('');
  console.log('| participants | stations | bids | bids/second | p50 per bid | p99 per bid |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const figures of results) {
    console.log(
      `| ${figures.size.participantCount} | ${figures.size.stationCount} | ${figures.bids} | ${figures.bidsPerSecond.toFixed(1)} | ` +
        `${format(figures.p50)} ms | ${format(figures.p99)} ms |`,
    );
  }
  const [baseline, measured] = results;
  if (baseline && measured) {
    console.log(
      `p99 at ${measured.size.participantCount} / p99 at ${baseline.size.participantCount}: ${(measured.p99 / baseline.p99).toFixed(2)}; ` +
        `p50: ${(measured.p50 / baseline.p50).toFixed(2)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
