/**
 * bench/polling: members polling a running session, as a browser without a working live stream
 * does, against a hello-world Fastify measured the same way in the same run.
 *
 * It builds a department (by default 1,000 members) in a fresh database, starts the server in a
 * process of its own (`apps/server/src/server.ts` of this tree, or of `--server-dir`), creates and
 * starts a session of every member, and loads it with autocannon: 50 connections, each signed in as
 * a different participant, each repeating the member's polling mix:
 *
 *   --mix old     GET /api/bid-sessions/:id, /:id/my-participation, /history?sessionId=
 *   --mix board   the same three and GET /:id/board, for a build that has the board
 *   --mix board-only   the board, my-participation and the history: without the whole session,
 *                 which a page that follows the board no longer reads
 *
 * Every request says `accept-encoding: gzip, deflate, br`, as a browser does, and, as the browser's
 * HTTP cache does, each poller has read each address once and sends If-None-Match with the ETag it
 * got (so an unchanged answer is a 304). In the same run it
 * starts a hello-world Fastify (bench/hello-server.ts) in a process of its own and loads it with the
 * same requests, connections and duration, and prints requests per second, p50 and p99 of both and
 * their ratio. With `--compare-dir <checkout>` it also measures that build (the previous one, with
 * the mix `--compare-mix` names: old by default, all a build before the board has) and prints the
 * ratio of the two builds. For each server it also prints the CPU time the server and the load
 * generator spent per answer, which says who limited the throughput.
 *
 * All the servers run at once and are loaded in turn; `--rounds N` does that N times and prints
 * medians, because on a shared machine the same server's figure swings by 2x from one minute to
 * the next (docs/performance.md), and a comparison is only fair between loads taken close together.
 *
 *   npm run bench:polling                                         # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:polling
 *   npm run bench:polling -- --members 20000 --mix board --compare-dir /tmp/stationbid-before
 *   npm run bench:polling -- --mix board-only --rounds 5 --seconds 5
 *
 * Loopback only; each load lasts --seconds (10) and each request gives up after --timeout (10 s).
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { defaultStationCount } from './department.ts';
import {
  createStartedSession,
  type PreparedServer,
  prepareServer,
  processUsage,
  type RunningProcess,
  type ServerBuild,
  serverBuild,
  startHelloServer,
  startServer,
} from './server-under-test.ts';
import { format, percentile } from './support.ts';

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    stations: { type: 'string' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    /**
     * Loads per server, taken in turn (the hello-world, this build, the compared one, then again):
     * the machine's speed drifts by minutes, so each figure is the median of its rounds and the
     * ratio the median of each round's ratio.
     */
    rounds: { type: 'string', default: '1' },
    /** Seconds before a request counts as timed out. */
    timeout: { type: 'string', default: '10' },
    mix: { type: 'string', default: 'old' },
    'server-dir': { type: 'string' },
    /** Another build measured in the same run, e.g. /tmp/stationbid-before. */
    'compare-dir': { type: 'string' },
    /** The mix the compared build gets: old (the default: a build before the board has no other), board or board-only. */
    'compare-mix': { type: 'string', default: 'old' },
    /** Write a V8 CPU profile of each server process into this directory. */
    'cpu-prof': { type: 'string' },
  },
});
const memberCount = Number(options.members);
const stationCount = options.stations ? Number(options.stations) : defaultStationCount(memberCount);
const connections = Number(options.connections);
const seconds = Number(options.seconds);
const rounds = Number(options.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds is a whole number, 1 or more');
const timeoutSeconds = Number(options.timeout);
type Mix = 'old' | 'board' | 'board-only';
if (options.mix !== 'old' && options.mix !== 'board' && options.mix !== 'board-only') {
  throw new Error('--mix is old, board or board-only');
}
const mix: Mix = options.mix;
const isMix = (value: string): value is Mix => value === 'old' || value === 'board' || value === 'board-only';
if (!isMix(options['compare-mix'])) throw new Error('--compare-mix is old, board or board-only');
const compareMix: Mix = options['compare-mix'];

const PROBE_ROUNDS = 5;

/** One request as the load sends it; answers its status and the bytes of its body as sent. */
function probe(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

/** One connection's requests: the mix, as the participant behind `token`. */
function mixRequests(kind: Mix, sessionId: string, token: string): AutocannonRequest[] {
  const headers = { ...BROWSER_HEADERS, authorization: `Bearer ${token}` };
  const requests: AutocannonRequest[] = [
    ...(kind === 'board-only' ? [] : [{ method: 'GET', path: `/api/bid-sessions/${sessionId}`, headers }]),
    { method: 'GET', path: `/api/bid-sessions/${sessionId}/my-participation`, headers },
    { method: 'GET', path: `/api/bid-sessions/history?sessionId=${sessionId}`, headers },
  ];
  if (kind !== 'old') requests.push({ method: 'GET', path: `/api/bid-sessions/${sessionId}/board`, headers });
  return requests;
}

/**
 * The requests as a browser sends them after a first read of each: with If-None-Match where that
 * first answer had an ETag, as fetch's default HTTP cache does for `cache-control: no-cache`.
 */
async function withBrowserRevalidation(baseUrl: string, requests: AutocannonRequest[]) {
  return Promise.all(
    requests.map(async (request) => {
      const response = await fetch(`${baseUrl}${request.path}`, { headers: request.headers ?? {} });
      await response.arrayBuffer();
      const etag = response.headers.get('etag');
      return etag ? { ...request, headers: { ...request.headers, 'if-none-match': etag } } : request;
    }),
  );
}

interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx and 304, errors and timeouts. */
  failed: number;
  timeouts: number;
  statuses: string;
  /** The server's CPU time (user and system, all its threads) per answer, in microseconds. */
  serverCpuPerAnswerUs: number;
  /** The load generator's (this process's) CPU time per answer, in microseconds. */
  loadCpuPerAnswerUs: number;
}

/** One load of `target`: its figures, printed as a line. */
async function load({ label, baseUrl, pid: serverPid, requestsPerConnection }: Target) {
  let next = 0;
  // What each side spends per answer says who limits the throughput: on 2 cores the hello-world's
  // figure is often the load generator's ceiling, not the hello-world's.
  const serverCpuBefore = processUsage(serverPid).cpuMs;
  const loadCpuBefore = process.cpuUsage();
  const result: AutocannonResult = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: timeoutSeconds,
    setupClient: (client) => {
      client.setRequests(requestsPerConnection[next % requestsPerConnection.length] ?? []);
      next += 1;
    },
  });
  const serverCpuMs = processUsage(serverPid).cpuMs - serverCpuBefore;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const answered = result['2xx'] + (result.statusCodeStats['304']?.count ?? 0);
  const perAnswerUs = (microseconds: number) => (answered > 0 ? microseconds / answered : 0);
  const figures: LoadFigures = {
    requestsPerSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.non2xx - (result.statusCodeStats['304']?.count ?? 0),
    timeouts: result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status}: ${count}`)
      .join(', '),
    serverCpuPerAnswerUs: perAnswerUs(serverCpuMs * 1000),
    loadCpuPerAnswerUs: perAnswerUs(loadCpu.user + loadCpu.system),
  };
  console.log(
    `  ${label}: ${figures.requestsPerSecond.toFixed(1)} req/s, p50 ${format(figures.p50)} ms, p99 ${format(figures.p99)} ms` +
      ` (${figures.statuses || 'no answers'}; errors ${result.errors}, timeouts ${result.timeouts});` +
      ` CPU per answer: server ${figures.serverCpuPerAnswerUs.toFixed(0)} µs, load generator ${figures.loadCpuPerAnswerUs.toFixed(0)} µs`,
  );
  return figures;
}

/** A server with its requests, ready to be loaded. */
interface Target {
  label: string;
  baseUrl: string;
  pid: number;
  requestsPerConnection: AutocannonRequest[][];
  stop(): Promise<void>;
}

/** Builds the department and session for one build and starts its server, with the mix's requests checked and timed alone. */
async function prepareBuild(build: ServerBuild, kind: Mix, cpuProfileDir: string | undefined): Promise<Target> {
  let started = performance.now();
  const prepared: PreparedServer = await prepareServer(build, { memberCount, stationCount });
  let server: RunningProcess | null = null;
  const stop = async () => {
    await server?.stop();
    await prepared.dispose();
  };
  try {
    server = await startServer(prepared, cpuProfileDir ? { cpuProfileDir } : {});
    const baseUrl = server.baseUrl;
    const { department } = prepared;
    const adminToken = await prepared.accessTokenFor(department.admin);
    const { sessionId, queue } = await createStartedSession(
      baseUrl,
      adminToken,
      department.members.map((member) => member.id),
    );
    console.log(
      `  ${build.label}: ${prepared.databaseLabel}, department and started session in ${format((performance.now() - started) / 1000)} s`,
    );
    // Each connection a different participant, spread over the queue (the turn holder first).
    const memberById = new Map(department.members.map((member) => [member.id, member]));
    const stride = Math.max(1, Math.floor(queue.length / connections));
    const pollers = Array.from({ length: connections }, (_, index) =>
      memberById.get(queue[(index * stride) % queue.length] ?? ''),
    );
    const tokens = await Promise.all(
      pollers.map((member) => {
        if (!member) throw new Error('a poller is not in the queue');
        return prepared.accessTokenFor(member);
      }),
    );
    // Each poller's browser has read each address once already; its HTTP cache revalidates every
    // answer that came with an ETag (`cache-control: no-cache`), so the load sends If-None-Match.
    const requestsPerConnection = await Promise.all(
      tokens.map((token) => withBrowserRevalidation(baseUrl, mixRequests(kind, sessionId, token))),
    );
    const firstBoard = requestsPerConnection[0]?.find((request) => request.path?.endsWith('/board'));
    if (kind !== 'old' && !firstBoard?.headers?.['if-none-match'])
      throw new Error('this build has no board with an ETag');
    // Check the mix answers as it should before loading it, and time each read alone (one connection,
    // PROBE_ROUNDS times in a row, after one pass that fills whatever the server keeps per version).
    started = performance.now();
    for (const request of requestsPerConnection[0] ?? []) {
      const response = await fetch(`${baseUrl}${request.path}`, { headers: request.headers ?? {} });
      await response.arrayBuffer();
      if (response.status !== 200 && response.status !== 304) {
        throw new Error(`${request.path}: ${response.status}`);
      }
    }
    console.log(`  one pass of the mix, one connection: ${format(performance.now() - started)} ms`);
    for (const request of requestsPerConnection[0] ?? []) {
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let round = 0; round < PROBE_ROUNDS; round++) {
        const before = performance.now();
        const answer = await probe(`${baseUrl}${request.path}`, request.headers ?? {});
        times.push(performance.now() - before);
        bytes = answer.bytes;
        status = answer.status;
      }
      times.sort((a, b) => a - b);
      console.log(
        `    ${request.path.replace(sessionId, ':id')}: ${status}, ${(bytes / 1024).toFixed(1)} KB on the wire, ` +
          `alone ${format(percentile(times, 0.5))} ms (median of ${PROBE_ROUNDS})`,
      );
    }
    return {
      label: `${build.label}, ${kind} mix`,
      baseUrl,
      pid: server.pid,
      requestsPerConnection,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The median of a list of numbers. */
function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

async function main(): Promise<void> {
  const build = serverBuild(options['server-dir']);
  const cpuProfileDir = options['cpu-prof'] ? path.resolve(options['cpu-prof']) : undefined;
  if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
  console.log(`bench/polling on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(
    `${memberCount} members (all in the session), ${stationCount} stations; ${connections} connections, ` +
      `${seconds} s each, ${rounds} round(s), timeout ${timeoutSeconds} s, ${mix} mix`,
  );
  const targets: Target[] = [];
  try {
    const current = await prepareBuild(build, mix, cpuProfileDir);
    targets.push(current);
    // The baseline: the same requests (paths, headers, tokens) to a hello-world.
    const hello = await startHelloServer();
    targets.unshift({
      label: 'hello-world',
      baseUrl: hello.baseUrl,
      pid: hello.pid,
      requestsPerConnection: current.requestsPerConnection,
      stop: async () => void (await hello.stop()),
    });
    if (options['compare-dir'])
      targets.push(await prepareBuild(serverBuild(options['compare-dir']), compareMix, cpuProfileDir));

    const figures = targets.map(() => [] as LoadFigures[]);
    for (let round = 0; round < rounds; round++) {
      if (rounds > 1) console.log(`  round ${round + 1} of ${rounds}`);
      // Each round starts with another server, so none is always loaded first (or just after another).
      for (let step = 0; step < targets.length; step++) {
        const index = (round + step) % targets.length;
        const target = targets[index];
        if (!target) continue;
        figures[index]?.push(await load(target));
      }
    }
    printTable(targets, figures);
  } finally {
    for (const target of targets) await target.stop();
  }
}

/** One row per server: the medians over the rounds; "x hello-world" the median of each round's ratio. */
function printTable(targets: readonly Target[], figures: readonly LoadFigures[][]): void {
  const hello = figures[0] ?? [];
  const of = (rows: readonly LoadFigures[], pick: (row: LoadFigures) => number) => median(rows.map(pick));
  console.log('');
  if (rounds > 1) console.log(`Medians of ${rounds} rounds:`);
  console.log(
    '| server | req/s | p50 | p99 | failed / timeouts | x hello-world | server CPU per answer | load generator CPU per answer |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [index, target] of targets.entries()) {
    const rows = figures[index] ?? [];
    const ratio = median(
      rows.map((row, round) => row.requestsPerSecond / (hello[round]?.requestsPerSecond ?? Number.NaN)),
    );
    const failed = rows.reduce((sum, row) => sum + row.failed, 0);
    const timeouts = rows.reduce((sum, row) => sum + row.timeouts, 0);
    console.log(
      `| ${target.label} | ${of(rows, (row) => row.requestsPerSecond).toFixed(1)} | ${format(of(rows, (row) => row.p50))} ms | ` +
        `${format(of(rows, (row) => row.p99))} ms | ${failed} / ${timeouts} | ${ratio.toFixed(4)} | ` +
        `${of(rows, (row) => row.serverCpuPerAnswerUs).toFixed(0)} µs | ${of(rows, (row) => row.loadCpuPerAnswerUs).toFixed(0)} µs |`,
    );
  }
  const [, current, compared] = figures;
  if (current && compared) {
    const ratio = median(
      current.map((row, round) => row.requestsPerSecond / (compared[round]?.requestsPerSecond ?? Number.NaN)),
    );
    console.log('');
    console.log(
      Number.isFinite(ratio)
        ? `build under test / compared build: ${ratio.toFixed(2)}x the requests per second (median of the rounds' ratios)`
        : `the compared build answered no request within ${timeoutSeconds} s: no ratio`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
