/**
 * bench/forecast: members reading their own forecast ("what will I likely get",
 * GET /api/bid-sessions/:id/forecast) while the session runs, as open session pages do, against a
 * hello-world measured the same way in the same run.
 *
 * It builds a department (by default 1,000 members) in a fresh database and gives 2 members of 3 a
 * ranked list of 3 drawn seats of their position (`members.bid_preferences`, written straight into
 * the database before the server starts, as bench/engine's `--what-if` does), starts the server in a
 * process of its own, and creates and starts a session of every member. Then:
 *
 * - the first forecast read of the session is timed (it has to work out the forecast of the whole
 *   session), and every reader reads the board and the forecast once (warm-up);
 * - a hello-world Fastify (bench/hello-server.ts), in a process of its own, is loaded by the same
 *   readers with the same paths, headers and pace for `--seconds`: the machine's baseline of the
 *   moment;
 * - the readers open their pages one after the other over `--open-over` seconds (15, the time the
 *   server keeps a member's sign-in facts before reading them again), so that those reads are spread
 *   over the load as members who came to the page at different moments make them;
 * - the server is loaded for `--seconds`: `--readers` members spread over the queue, each behaving
 *   like an open session page, read the board (GET /:id/board) and their forecast (GET /:id/forecast)
 *   once per `--poll` ms (after a random initial offset), both at once, each over keep-alive
 *   connections of its own, with `accept-encoding: gzip` and If-None-Match from their previous
 *   answer (as the browser's HTTP cache does). Each request's time is measured per path, and every
 *   forecast answer (a 304 repeats the one before) is counted as up to date or not;
 * - meanwhile the administrator places a phone-in bid for the turn holder every `--pick-every` ms:
 *   reads the board, takes a free seat of the holder's position from it, and sends
 *   POST /api/bid-sessions/submit-bid with the holder's `userId`. After each pick one more member
 *   (not a reader, with a list, at the end of the queue) reads their forecast every `--probe-every`
 *   ms until it is up to date at a newer version: the time a forecast takes to catch up with a pick;
 * - meanwhile, too, a read without a token (refused, 401, before any database read or computation)
 *   every 50 ms over a connection of its own: the time a request waits for the server's event loop.
 *
 * It prints p50, p99 and max per path, answers per second, the hello-world's figures and the ratio
 * of the p99s, the same latencies by when the request was sent after the last pick (which reads a
 * new version slows), the picks made, the share of forecast answers that were up to date, the first
 * read's time, the times to up to date after a pick, and the CPU time of the server and the load
 * generator. `--pick-every` longer than `--seconds` makes no pick: the reads without a computation.
 * With `--cpu-prof <dir>` the server writes a V8 CPU profile there when it stops (read it with
 * bench/profile-summary.ts, `--last-seconds` for the load alone).
 *
 *   npm run bench:forecast                                        # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:forecast -- --members 20000
 *   npm run bench:forecast -- --members 20000 --readers 200 --seconds 30 --cpu-prof /tmp/forecast-prof
 *   npm run bench:forecast -- --members 20000 --open-over 0     # every page opened at once (sign-in waves)
 *   npm run bench:forecast -- --members 20000 --pick-every 100000  # no pick: the reads alone
 *   npm run bench:forecast -- --members 20000 --server-dir /tmp/stationbid-before  # another build's server
 *
 * Loopback only; each request gives up after --timeout (10 s).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import {
  type ForecastAnswer,
  getSeatPositionForRank,
  type SeatPosition,
  type SessionBoard,
  SHIFTS,
} from '@stationbid/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { MEMBER_CACHE_TTL_MS } from '../apps/server/src/modules/auth/member-cache.ts';
import { type BenchMember, type BenchSeatRow, createRandom, defaultStationCount } from './department.ts';
import {
  callApi,
  createStartedSession,
  type PreparedServer,
  prepareServer,
  processUsage,
  type RunningProcess,
  serverBuild,
  startHelloServer,
  startServer,
} from './server-under-test.ts';
import { format, percentile } from './support.ts';

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    stations: { type: 'string' },
    /** Members with the session page open, spread over the queue. */
    readers: { type: 'string', default: '200' },
    /** Each reader reads the board and the forecast once per this many ms. */
    poll: { type: 'string', default: '1000' },
    /** The administrator places a phone-in bid for the turn holder once per this many ms. */
    'pick-every': { type: 'string', default: '2000' },
    /** After a pick, one member reads their forecast once per this many ms until it is up to date. */
    'probe-every': { type: 'string', default: '50' },
    /** Seconds of each load (the hello-world's, then the server's). */
    seconds: { type: 'string', default: '30' },
    /** Seconds before a request counts as timed out. */
    timeout: { type: 'string', default: '10' },
    /**
     * Seconds over which the readers open their pages (one read of each path, in turn) just before
     * the server's load, as members who came to the page at different moments: the server keeps a
     * member's sign-in facts for 15 s (MEMBER_CACHE_TTL_MS) and then reads them again, so they are
     * read again at moments spread over the load. 0: the pages were all opened at the warm-up, and
     * every reader's facts are read again at once, at the load's start and every 15 s after.
     */
    'open-over': { type: 'string', default: String(MEMBER_CACHE_TTL_MS / 1000) },
    /** Write a V8 CPU profile of the server process into this directory. */
    'cpu-prof': { type: 'string' },
    /**
     * The checkout whose server is measured (default: this one), e.g. the previous build:
     * `git worktree add /tmp/stationbid-before <commit> && (cd /tmp/stationbid-before && npm ci)`.
     */
    'server-dir': { type: 'string' },
    /**
     * Write the server's load to this file (JSON): each request's send time (ms from the load's
     * start) and latency per path, and the picks' send times, for a timeline of the slow ones.
     */
    samples: { type: 'string' },
  },
});
const memberCount = Number(options.members);
const stationCount = options.stations ? Number(options.stations) : defaultStationCount(memberCount);
const readerCount = Number(options.readers);
const pollMs = Number(options.poll);
const pickEveryMs = Number(options['pick-every']);
const probeEveryMs = Number(options['probe-every']);
const seconds = Number(options.seconds);
const timeoutMs = Number(options.timeout) * 1000;
const openOverMs = Number(options['open-over']) * 1000;
if (!Number.isFinite(openOverMs) || openOverMs < 0) throw new Error('--open-over is a number of seconds, 0 or more');
for (const [name, value] of Object.entries({ readerCount, pollMs, pickEveryMs, probeEveryMs, seconds })) {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} is a number above 0`);
}

/** A browser's fetch from the session page: JSON, gzip (the shared answers come gzipped). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip', accept: 'application/json' };

const PATHS = ['forecast', 'board'] as const;
type PathName = (typeof PATHS)[number];
/** How often the event-loop probe sends its read without a token during the server's load. */
const LOOP_PROBE_EVERY_MS = 50;
const urlOf = (sessionId: string, name: PathName) => `/api/bid-sessions/${sessionId}/${name}`;

/**
 * Gives 2 members of 3 a ranked list of 3 drawn seats of their position, in batches, into the
 * database the server is about to open (as the Bid Preferences API stores it; see bench/engine's
 * saveRankedLists). Answers the ids of the members with a list.
 */
async function saveRankedLists(prepared: PreparedServer): Promise<Set<string>> {
  const { department } = prepared;
  const random = createRandom(2027);
  const byPosition = new Map<SeatPosition, BenchSeatRow[]>();
  for (const seat of department.seatRows) {
    const list = byPosition.get(seat.seatPosition) ?? [];
    list.push(seat);
    byPosition.set(seat.seatPosition, list);
  }
  const lists = department.members
    .filter((_, index) => index % 3 !== 2)
    .map((member) => {
      const ofPosition = byPosition.get(getSeatPositionForRank(member.rank)) ?? [];
      const kinds = new Map<string, { stationId: string; shift: string; seatPosition: SeatPosition }>();
      while (kinds.size < 3 && ofPosition.length > 0) {
        const seat = ofPosition[Math.floor(random() * ofPosition.length)] as BenchSeatRow;
        kinds.set(`${seat.stationId}|${seat.shift}`, {
          stationId: seat.stationId,
          shift: seat.shift,
          seatPosition: seat.seatPosition,
        });
      }
      return { id: member.id, prefs: { seatChoices: [...kinds.values()] } };
    });
  // PGlite belongs to one process: opened here, closed before the server opens it.
  const handle = await openDatabase({
    databaseUrl: prepared.env.DATABASE_URL,
    dataDir: prepared.env.DATA_DIR ?? '',
  });
  try {
    for (let start = 0; start < lists.length; start += 1000) {
      const batch = JSON.stringify(lists.slice(start, start + 1000));
      await handle.db.execute(sql`
        update members m set bid_preferences = x.prefs
        from jsonb_to_recordset(${batch}::jsonb) as x(id uuid, prefs jsonb)
        where m.id = x.id`);
    }
  } finally {
    await handle.close();
  }
  return new Set(lists.map((list) => list.id));
}

/** One answer as the reader got it: its time from the request to the body's last byte. */
interface Answer {
  status: number;
  ms: number;
  etag: string | null;
  /** The body as sent (gzipped or not); only kept when asked for. */
  body: Buffer | null;
  encoding: string | undefined;
  bytes: number;
  failure: 'timeout' | 'error' | null;
}

function get(agent: http.Agent, url: string, headers: Record<string, string>, keepBody: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const settle = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    const failed = (failure: 'timeout' | 'error') =>
      settle({ status: 0, etag: null, body: null, encoding: undefined, bytes, failure });
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      response.on('end', () =>
        settle({
          status: response.statusCode ?? 0,
          etag: typeof response.headers.etag === 'string' ? response.headers.etag : null,
          body: keepBody ? Buffer.concat(chunks) : null,
          encoding: response.headers['content-encoding'],
          bytes,
          failure: null,
        }),
      );
      response.on('error', () => failed('error'));
    });
    request.setTimeout(timeoutMs, () => {
      failed('timeout');
      request.destroy();
    });
    request.on('error', () => failed('error'));
  });
}

function jsonOf<T>(answer: Answer): T {
  const body = answer.body ?? Buffer.alloc(0);
  return JSON.parse((answer.encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8')) as T;
}

/** A member with the session page open. */
interface Reader {
  member: BenchMember;
  token: string;
  /** The browser's connections to the origin. */
  agent: http.Agent;
  /** The ETag of the last answer per path, as the browser's HTTP cache holds it. */
  etags: Map<PathName, string>;
  /** Whether the forecast the reader holds is up to date (a 304 repeats it). */
  upToDate: boolean | null;
}

/** What one load measured on one path. */
interface PathFigures {
  latencies: number[];
  /** When each answered request was sent (performance.now()), in the order of `latencies`. */
  sentAt: number[];
  statuses: Map<string, number>;
  timeouts: number;
  errors: number;
  /** Bytes of the 200 answers' bodies, as sent. */
  fullBytes: number;
  full: number;
}

/** What one load measured. */
interface LoadFigures {
  paths: Record<PathName, PathFigures>;
  durationMs: number;
  /** Forecast answers (200 and 304) and how many of them were up to date. */
  forecastAnswers: number;
  forecastUpToDate: number;
  serverCpuMs: number;
  loadCpuMs: number;
}

const emptyPathFigures = (): PathFigures => ({
  latencies: [],
  sentAt: [],
  statuses: new Map(),
  timeouts: 0,
  errors: 0,
  fullBytes: 0,
  full: 0,
});

const emptyLoadFigures = (): LoadFigures => ({
  paths: { forecast: emptyPathFigures(), board: emptyPathFigures() },
  durationMs: 0,
  forecastAnswers: 0,
  forecastUpToDate: 0,
  serverCpuMs: 0,
  loadCpuMs: 0,
});

/** One read of `name` by `reader`, noted in `figures`; `isApp` false for the hello-world (no forecast to read). */
async function readOnce(
  reader: Reader,
  baseUrl: string,
  sessionId: string,
  name: PathName,
  figures: LoadFigures,
  isApp: boolean,
): Promise<void> {
  const etag = reader.etags.get(name);
  const headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    authorization: `Bearer ${reader.token}`,
    ...(etag ? { 'if-none-match': etag } : {}),
  };
  const keepBody = isApp && name === 'forecast';
  const sentAt = performance.now();
  const answer = await get(reader.agent, `${baseUrl}${urlOf(sessionId, name)}`, headers, keepBody);
  const of = figures.paths[name];
  if (answer.failure === 'timeout') of.timeouts += 1;
  else if (answer.failure === 'error') of.errors += 1;
  else {
    of.latencies.push(answer.ms);
    of.sentAt.push(sentAt);
    of.statuses.set(String(answer.status), (of.statuses.get(String(answer.status)) ?? 0) + 1);
    if (answer.status === 200) {
      of.full += 1;
      of.fullBytes += answer.bytes;
      if (answer.etag) reader.etags.set(name, answer.etag);
    }
  }
  if (!keepBody) return;
  if (answer.status === 200) reader.upToDate = jsonOf<{ forecast: ForecastAnswer }>(answer).forecast.upToDate;
  if (answer.status === 200 || answer.status === 304) {
    figures.forecastAnswers += 1;
    if (reader.upToDate) figures.forecastUpToDate += 1;
  }
}

/**
 * Every reader reads both paths once per `pollMs` (after a random offset) until `durationMs` has
 * passed; a round that takes longer than `pollMs` is followed at once by the next, as a page's poll
 * waits for its read. Answers the figures, with the CPU time the server and this process spent.
 */
async function load(
  baseUrl: string,
  serverPid: number,
  sessionId: string,
  readers: readonly Reader[],
  isApp: boolean,
  durationMs: number,
): Promise<LoadFigures> {
  const figures = emptyLoadFigures();
  const random = createRandom(11);
  const serverCpuBefore = processUsage(serverPid).cpuMs;
  const loadCpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    readers.map(async (reader) => {
      await sleep(random() * pollMs);
      while (performance.now() < until) {
        const roundStart = performance.now();
        await Promise.all(PATHS.map((name) => readOnce(reader, baseUrl, sessionId, name, figures, isApp)));
        const wait = roundStart + pollMs - performance.now();
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  figures.durationMs = performance.now() - started;
  figures.serverCpuMs = processUsage(serverPid).cpuMs - serverCpuBefore;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  figures.loadCpuMs = (loadCpu.user + loadCpu.system) / 1000;
  return figures;
}

/** What the administrator's picks and the probe after each measured. */
interface PickFigures {
  picks: number;
  refused: number;
  /** Each phone-in bid's time, request to answer. */
  pickMs: number[];
  /** When each accepted pick was sent (performance.now()). */
  pickSentAt: number[];
  /** From each pick's answer until the probe member's forecast was up to date at a newer version. */
  upToDateMs: number[];
  /** Picks after which the forecast was not up to date before the next pick was due. */
  notUpToDateBeforeNext: number;
  /** Forecast reads the probe made. */
  probeReads: number;
}

/** A free seat of `position` on the board, drawn. */
function freeSeatOf(board: SessionBoard, position: SeatPosition, random: () => number) {
  const free = board.stations.flatMap((station) =>
    SHIFTS.flatMap((shift) =>
      station.availablePositions[shift]
        .filter((group) => group.position === position && group.count > 0)
        .map(() => ({ station: station.id, shift, position })),
    ),
  );
  return free[Math.floor(random() * free.length)];
}

/** The probe member's forecast, read without a cache (fetch decompresses). */
async function readForecast(baseUrl: string, token: string, sessionId: string): Promise<ForecastAnswer> {
  return (await callApi<{ forecast: ForecastAnswer }>(baseUrl, token, 'GET', urlOf(sessionId, 'forecast'))).forecast;
}

/**
 * The administrator's phone-in bid for the turn holder every `pickEveryMs` until `until`; after each
 * one, the probe member's forecast read every `probeEveryMs` until it is up to date at a newer version
 * than before the pick, or the next pick is due.
 */
async function pick(
  baseUrl: string,
  adminToken: string,
  probeToken: string,
  sessionId: string,
  until: number,
  probeVersion: number,
): Promise<PickFigures> {
  const figures: PickFigures = {
    picks: 0,
    refused: 0,
    pickMs: [],
    pickSentAt: [],
    upToDateMs: [],
    notUpToDateBeforeNext: 0,
    probeReads: 0,
  };
  const random = createRandom(5);
  let lastVersion = probeVersion;
  while (performance.now() + pickEveryMs <= until) {
    const pickStart = performance.now();
    const { board } = await callApi<{ board: SessionBoard }>(baseUrl, adminToken, 'GET', urlOf(sessionId, 'board'));
    const holder = board.turn;
    if (board.status !== 'active' || !holder?.memberId) break;
    const seat = freeSeatOf(board, getSeatPositionForRank(holder.rank), random);
    if (!seat) throw new Error(`no free seat left for turn ${board.currentParticipant}`);
    const before = performance.now();
    const response = await fetch(`${baseUrl}/api/bid-sessions/submit-bid`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, bidData: seat, userId: holder.memberId }),
    });
    const text = await response.text();
    const pickedAt = performance.now();
    figures.pickMs.push(pickedAt - before);
    if (!response.ok) {
      figures.refused += 1;
      if (figures.refused <= 3) console.log(`  pick refused: ${response.status} ${text.slice(0, 300)}`);
    } else {
      figures.picks += 1;
      figures.pickSentAt.push(before);
    }
    const nextPickAt = pickStart + pickEveryMs;
    if (response.ok) {
      for (;;) {
        const forecast = await readForecast(baseUrl, probeToken, sessionId);
        figures.probeReads += 1;
        if (forecast.upToDate && forecast.sessionVersion > lastVersion) {
          figures.upToDateMs.push(performance.now() - pickedAt);
          lastVersion = forecast.sessionVersion;
          break;
        }
        if (performance.now() + probeEveryMs >= nextPickAt) {
          figures.notUpToDateBeforeNext += 1;
          break;
        }
        await sleep(probeEveryMs);
      }
    }
    const wait = nextPickAt - performance.now();
    if (wait > 0) await sleep(wait);
  }
  return figures;
}

/**
 * The server's event loop as a request sees it: a read without a token, which the server refuses
 * (401) before any database read or computation, sent once per `everyMs` over one connection until
 * `until`. Its time is the time a request waits for the loop (and the machine), nothing else.
 */
async function probeLoop(baseUrl: string, sessionId: string, until: number, everyMs: number): Promise<PathFigures> {
  const figures = emptyPathFigures();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    while (performance.now() < until) {
      const sentAt = performance.now();
      const answer = await get(agent, `${baseUrl}${urlOf(sessionId, 'board')}`, BROWSER_HEADERS, false);
      if (answer.failure === 'timeout') figures.timeouts += 1;
      else if (answer.failure === 'error') figures.errors += 1;
      else {
        figures.latencies.push(answer.ms);
        figures.sentAt.push(sentAt);
        figures.statuses.set(String(answer.status), (figures.statuses.get(String(answer.status)) ?? 0) + 1);
      }
      const wait = sentAt + everyMs - performance.now();
      if (wait > 0) await sleep(wait);
    }
  } finally {
    agent.destroy();
  }
  return figures;
}

/** Requests by when they were sent after the last pick was: the latencies of each time range. */
const SINCE_PICK_RANGES_MS = [0, 250, 500, 1000, 1500, 2000];

function sincePickRows(figures: PathFigures, pickSentAt: readonly number[]) {
  const rows = SINCE_PICK_RANGES_MS.map((from, index) => ({
    label:
      index + 1 < SINCE_PICK_RANGES_MS.length ? `${from}-${SINCE_PICK_RANGES_MS[index + 1]} ms` : `${from} ms or more`,
    latencies: [] as number[],
  }));
  const beforeFirst = { label: 'before the first pick', latencies: [] as number[] };
  figures.sentAt.forEach((sentAt, index) => {
    const latency = figures.latencies[index] ?? 0;
    const last = pickSentAt.findLast((at) => at <= sentAt);
    if (last === undefined) {
      beforeFirst.latencies.push(latency);
      return;
    }
    const since = sentAt - last;
    const row = rows.findLast((_, rowIndex) => since >= (SINCE_PICK_RANGES_MS[rowIndex] ?? 0));
    row?.latencies.push(latency);
  });
  return [beforeFirst, ...rows];
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** p50, p99 and max of a path's latencies. */
function spread(values: readonly number[]) {
  const inOrder = sorted(values);
  return { p50: percentile(inOrder, 0.5), p99: percentile(inOrder, 0.99), max: inOrder.at(-1) ?? 0 };
}

async function main(): Promise<void> {
  const build = serverBuild(options['server-dir']);
  const cpuProfileDir = options['cpu-prof'] ? path.resolve(options['cpu-prof']) : undefined;
  if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
  console.log(`bench/forecast on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(
    `${memberCount} members (all in the session, 2 of 3 with a ranked list of 3 seats), ${stationCount} stations; ` +
      `${readerCount} readers each reading the board and the forecast every ${pollMs} ms, ` +
      `a pick every ${pickEveryMs} ms, ${seconds} s per load, timeout ${timeoutMs / 1000} s`,
  );
  let started = performance.now();
  const prepared = await prepareServer(build, { memberCount, stationCount });
  let server: RunningProcess | null = null;
  let hello: RunningProcess | null = null;
  const readers: Reader[] = [];
  try {
    const withList = await saveRankedLists(prepared);
    server = await startServer(prepared, cpuProfileDir ? { cpuProfileDir } : {});
    const { baseUrl } = server;
    const { department } = prepared;
    const adminToken = await prepared.accessTokenFor(department.admin);
    const { sessionId, queue } = await createStartedSession(
      baseUrl,
      adminToken,
      department.members.map((member) => member.id),
    );
    console.log(
      `  ${prepared.databaseLabel}: department, ${withList.size} ranked lists and started session in ` +
        `${format((performance.now() - started) / 1000)} s`,
    );

    // The probe: a member with a list at the end of the queue, whose turn will not come in the run.
    const memberById = new Map(department.members.map((member) => [member.id, member]));
    const probeId = [...queue].reverse().find((id) => withList.has(id));
    const probeMember = probeId ? memberById.get(probeId) : undefined;
    if (!probeMember) throw new Error('no member with a list in the queue');
    const probeToken = await prepared.accessTokenFor(probeMember);
    started = performance.now();
    const first = await readForecast(baseUrl, probeToken, sessionId);
    const firstReadMs = performance.now() - started;
    console.log(
      `  first forecast read (works out the session's forecast): ${format(firstReadMs)} ms; ` +
        `upToDate ${first.upToDate}, turn ${first.turn}, ${first.membersAhead} members ahead, ${first.choices.length} choices: ${first.summary}`,
    );

    // The readers, spread over the queue (the turn holder first), each with connections of its own.
    const stride = Math.max(1, Math.floor(queue.length / readerCount));
    for (let index = 0; index < readerCount; index++) {
      const member = memberById.get(queue[(index * stride) % queue.length] ?? '');
      if (!member) throw new Error('a reader is not in the queue');
      readers.push({
        member,
        token: await prepared.accessTokenFor(member),
        agent: new http.Agent({ keepAlive: true, maxSockets: 6 }),
        etags: new Map(),
        upToDate: null,
      });
    }
    // Warm-up: each reader's page has read both once (its HTTP cache holds the answers).
    const warmUp = emptyLoadFigures();
    started = performance.now();
    await Promise.all(
      readers.map((reader) =>
        Promise.all(PATHS.map((name) => readOnce(reader, baseUrl, sessionId, name, warmUp, true))),
      ),
    );
    for (const name of PATHS) {
      const of = warmUp.paths[name];
      if (of.full !== readerCount) throw new Error(`warm-up: ${name} answered ${[...of.statuses]} to ${readerCount}`);
      console.log(
        `  warm-up ${name}: ${readerCount} reads at once, p50 ${format(spread(of.latencies).p50)} ms, max ` +
          `${format(spread(of.latencies).max)} ms, ${(of.fullBytes / of.full / 1024).toFixed(1)} KB on the wire each`,
      );
    }
    console.log(`  warm-up in ${format(performance.now() - started)} ms`);

    // The baseline: the same readers, paths, headers and pace against a hello-world.
    hello = await startHelloServer();
    const helloReaders = readers.map((reader) => ({
      ...reader,
      agent: new http.Agent({ keepAlive: true, maxSockets: 6 }),
      etags: new Map(reader.etags),
    }));
    console.log(`  hello-world: ${seconds} s …`);
    const helloFigures = await load(hello.baseUrl, hello.pid, sessionId, helloReaders, false, seconds * 1000);
    for (const reader of helloReaders) reader.agent.destroy();
    await hello.stop();
    hello = null;

    if (openOverMs > 0) {
      console.log(`  the readers open their pages, one after the other over ${format(openOverMs / 1000)} s …`);
      const opening = emptyLoadFigures();
      await Promise.all(
        readers.map(async (reader, index) => {
          await sleep((index * openOverMs) / readers.length);
          await Promise.all(PATHS.map((name) => readOnce(reader, baseUrl, sessionId, name, opening, true)));
        }),
      );
    }

    console.log(`  StationBid: ${seconds} s, a pick every ${pickEveryMs} ms …`);
    const loadStart = performance.now();
    const [appFigures, pickFigures, loopFigures] = await Promise.all([
      load(baseUrl, server.pid, sessionId, readers, true, seconds * 1000),
      pick(baseUrl, adminToken, probeToken, sessionId, loadStart + seconds * 1000, first.sessionVersion),
      probeLoop(baseUrl, sessionId, loadStart + seconds * 1000, LOOP_PROBE_EVERY_MS),
    ]);
    printFigures(appFigures, helloFigures, pickFigures, loopFigures, firstReadMs);
    if (options.samples) {
      const timeline = (figures: PathFigures) =>
        figures.sentAt.map((at, index) => [
          Math.round(at - loadStart),
          Number((figures.latencies[index] ?? 0).toFixed(1)),
        ]);
      writeFileSync(
        options.samples,
        JSON.stringify({
          loadStartedAt: performance.timeOrigin + loadStart,
          forecast: timeline(appFigures.paths.forecast),
          board: timeline(appFigures.paths.board),
          withoutToken: timeline(loopFigures),
          picks: pickFigures.pickSentAt.map((at) => Math.round(at - loadStart)),
        }),
      );
      console.log(`samples: ${options.samples}`);
    }
  } finally {
    for (const reader of readers) reader.agent.destroy();
    await hello?.stop();
    await server?.stop();
    await prepared.dispose();
  }
  if (cpuProfileDir) console.log(`CPU profile of the server in ${cpuProfileDir}`);
}

function printFigures(
  app: LoadFigures,
  hello: LoadFigures,
  picks: PickFigures,
  loop: PathFigures,
  firstReadMs: number,
): void {
  const perSecond = (count: number, figures: LoadFigures) => count / (figures.durationMs / 1000);
  const answered = (of: PathFigures) => of.latencies.length;
  console.log('');
  console.log(
    '| server | path | answers/s | answers (status: count) | failed / timeouts | p50 | p99 | max | p99 x hello-world |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, figures] of [
    ['StationBid', app],
    ['hello-world', hello],
  ] as const) {
    for (const name of PATHS) {
      const of = figures.paths[name];
      const { p50, p99, max } = spread(of.latencies);
      const ratio = p99 / spread(hello.paths[name].latencies).p99;
      console.log(
        `| ${label} | ${name} | ${perSecond(answered(of), figures).toFixed(1)} | ` +
          `${[...of.statuses].map(([status, count]) => `${status}: ${count}`).join(', ') || 'none'} | ` +
          `${of.errors} / ${of.timeouts} | ${format(p50)} ms | ${format(p99)} ms | ${format(max)} ms | ` +
          `${label === 'StationBid' ? ratio.toFixed(1) : '-'} |`,
      );
    }
  }
  const loopSpread = spread(loop.latencies);
  console.log(
    `| StationBid | a read without a token (401: the event loop alone), every ${LOOP_PROBE_EVERY_MS} ms | ` +
      `${perSecond(answered(loop), app).toFixed(1)} | ${[...loop.statuses].map(([status, count]) => `${status}: ${count}`).join(', ')} | ` +
      `${loop.errors} / ${loop.timeouts} | ${format(loopSpread.p50)} ms | ${format(loopSpread.p99)} ms | ${format(loopSpread.max)} ms | - |`,
  );
  console.log('');
  console.log('By when the request was sent after the last pick was (p50 / p99 / max, count):');
  console.log('| since the last pick | forecast | board | a read without a token |');
  console.log('| --- | --- | --- | --- |');
  const byRange = [app.paths.forecast, app.paths.board, loop].map((figures) =>
    sincePickRows(figures, picks.pickSentAt),
  );
  for (const [index, row] of (byRange[0] ?? []).entries()) {
    const cells = byRange.map((rows) => {
      const latencies = rows[index]?.latencies ?? [];
      const { p50, p99, max } = spread(latencies);
      return latencies.length === 0 ? '-' : `${format(p50)} / ${format(p99)} / ${format(max)} ms (${latencies.length})`;
    });
    console.log(`| ${row.label} | ${cells.join(' | ')} |`);
  }
  const pickSpread = spread(picks.pickMs);
  const catchUp = spread(picks.upToDateMs);
  const allAnswers = (figures: LoadFigures) => PATHS.reduce((sum, name) => sum + answered(figures.paths[name]), 0);
  console.log('');
  console.log(`first forecast read (works out the whole session's forecast): ${format(firstReadMs)} ms`);
  console.log(
    `picks: ${picks.picks} made, ${picks.refused} refused; phone-in bid answered p50 ${format(pickSpread.p50)} ms, ` +
      `max ${format(pickSpread.max)} ms`,
  );
  console.log(
    `forecast answers up to date: ${app.forecastUpToDate} of ${app.forecastAnswers} ` +
      `(${((100 * app.forecastUpToDate) / Math.max(1, app.forecastAnswers)).toFixed(1)} %)`,
  );
  console.log(
    `time from a pick's answer to an up-to-date forecast (one member reading every ${probeEveryMs} ms): ` +
      `p50 ${format(catchUp.p50)} ms, max ${format(catchUp.max)} ms over ${picks.upToDateMs.length} picks; ` +
      `not up to date before the next pick: ${picks.notUpToDateBeforeNext}; ${picks.probeReads} probe reads`,
  );
  for (const [label, figures] of [
    ['StationBid', app],
    ['hello-world', hello],
  ] as const) {
    console.log(
      `${label}: server CPU ${format(figures.serverCpuMs)} ms in ${format(figures.durationMs / 1000)} s ` +
        `(${((100 * figures.serverCpuMs) / figures.durationMs).toFixed(0)} % of a core, ` +
        `${((1000 * figures.serverCpuMs) / Math.max(1, allAnswers(figures))).toFixed(0)} µs per answer); ` +
        `load generator CPU ${((100 * figures.loadCpuMs) / figures.durationMs).toFixed(0)} % of a core`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
