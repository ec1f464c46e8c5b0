/**
 * bench/watch: thousands of members watching one session, modelled as the web client behaves, with
 * the server in a process of its own so that its CPU time and memory are its own.
 *
 * It builds a department (by default 1,000 members) in a fresh database, starts the server
 * (`apps/server/src/server.ts` of this tree or of `--server-dir`) as a child process, creates and
 * starts a session of every member, and forks `--client-processes` watcher processes
 * (bench/watch-client.ts) that open W live streams, each with a sign-in of its own: one member per
 * watcher (with more watchers than session members, the rest of the department watches too), or
 * up to --streams-per-member sign-ins (devices) of each member. Each watcher does what the
 * page does on each event (`--client patch`: keep the board, patch it, re-read it only on a gap;
 * `--client refetch`: read the session, my participation and the history again, as the web app did
 * before the board). Then the turn holders bid in turn, each with their own token, one bid every
 * `--bid-interval-ms` (0: the next as soon as the previous is answered).
 *
 * Per bid it reports the time from the bid's answer until every watcher holds the new state (p50,
 * p99, max over the bids, and over every watcher's receipt), the watchers that never held a bid
 * (missed), the bytes the watchers' sockets read per bid (events and reads), and the server's CPU
 * time per bid and memory (from /proc/<pid>).
 *
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:watch
 *   npm run bench:watch -- --watchers 10000 --members 20000 --client patch
 *   npm run bench:watch -- --server-dir /tmp/stationbid-before --client refetch --watchers 100 --bids 5
 *
 * Loopback only. It stops by itself: after the bids and the settle time (--settle-seconds, 60), or
 * after --max-seconds (900) at the latest, whatever happens.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchSignIn, defaultStationCount, SeatPicker } from './department.ts';
import {
  callApi,
  createStartedSession,
  type PreparedServer,
  prepareServer,
  processUsage,
  type RunningProcess,
  type ServerBuild,
  serverBuild,
  startServer,
} from './server-under-test.ts';
import { format, percentile } from './support.ts';
import type { ClientMessage, ParentMessage, WatchClientSettings } from './watch-client.ts';

const { values: options } = parseArgs({
  options: {
    watchers: { type: 'string', default: '1000' },
    members: { type: 'string', default: '1000' },
    stations: { type: 'string' },
    client: { type: 'string', default: 'patch' },
    bids: { type: 'string', default: '30' },
    'bid-interval-ms': { type: 'string', default: '1000' },
    'client-processes': { type: 'string', default: '1' },
    /** Streams each member holds at most; more watchers than that make the department larger. */
    'streams-per-member': { type: 'string', default: '1' },
    'connect-batch': { type: 'string', default: '200' },
    /** Sockets each watcher process keeps for reads at most (streams have their own). */
    'read-sockets': { type: 'string', default: '2000' },
    'settle-seconds': { type: 'string', default: '60' },
    'max-seconds': { type: 'string', default: '900' },
    'server-dir': { type: 'string' },
    /** Another build measured in the same run, e.g. /tmp/stationbid-before, with the settings below. */
    'compare-dir': { type: 'string' },
    'compare-client': { type: 'string', default: 'refetch' },
    'compare-watchers': { type: 'string' },
    'compare-bids': { type: 'string' },
    /** Write a V8 CPU profile of the server process into this directory. */
    'cpu-prof': { type: 'string' },
  },
});
const memberCount = Number(options.members);
const streamsPerMember = Math.max(1, Number(options['streams-per-member']));
const stationCount = options.stations ? Number(options.stations) : defaultStationCount(memberCount);
const bidIntervalMs = Number(options['bid-interval-ms']);
const clientProcessLimit = Math.max(1, Number(options['client-processes']));
const settleMs = Number(options['settle-seconds']) * 1000;
const maxSeconds = Number(options['max-seconds']);
function clientMode(value: string): 'patch' | 'refetch' {
  if (value !== 'patch' && value !== 'refetch') throw new Error('--client is patch or refetch');
  return value;
}

/** One measurement: a build, its watchers and their client, the bids. */
interface RunConfig {
  build: ServerBuild;
  mode: 'patch' | 'refetch';
  watcherCount: number;
  bidCount: number;
}

/** What a measurement prints in the closing table. */
interface WatchFigures {
  config: RunConfig;
  bidsMade: number;
  heldByAll: number;
  untilEveryone: { p50: number; p99: number; max: number };
  /** The same from the bid's request: includes the step, and is never negative. */
  fromRequest: { p50: number; p99: number; max: number };
  bidAnswer: { p50: number; p99: number };
  missed: number;
  kilobytesPerBid: number;
  serverCpuMsPerBid: number;
  rssWithStreamsMb: number;
  peakRssMb: number;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface WatchClient {
  child: ChildProcess;
  watchers: number;
  messages: ClientMessage[];
  waiters: (() => void)[];
}

/** A watcher process; with `cpuProfileDir`, it writes a V8 CPU profile there when it ends. */
function forkClient(cpuProfileDir?: string): WatchClient {
  const child = fork(path.join(import.meta.dirname, 'watch-client.ts'), [], {
    execArgv: ['--import', 'tsx', ...(cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfileDir] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const client: WatchClient = { child, watchers: 0, messages: [], waiters: [] };
  child.on('message', (message: ClientMessage) => {
    client.messages.push(message);
    for (const waiter of client.waiters.splice(0)) waiter();
  });
  child.on('exit', () => {
    for (const waiter of client.waiters.splice(0)) waiter();
  });
  return client;
}

/** Waits until `client` has sent a message of `type` (or has exited, or `timeoutMs` passed). */
async function nextMessage<T extends ClientMessage['type']>(
  client: WatchClient,
  type: T,
  timeoutMs: number,
): Promise<Extract<ClientMessage, { type: T }> | undefined> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const failed = client.messages.find((message) => message.type === 'failed');
    if (failed && failed.type === 'failed') throw new Error(`a watcher process failed: ${failed.error}`);
    const found = client.messages.find((message) => message.type === type);
    if (found) return found as Extract<ClientMessage, { type: T }>;
    if (client.child.exitCode !== null || Date.now() > giveUpAt) return undefined;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(1, giveUpAt - Date.now()));
      client.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

async function measure(config: RunConfig, startedAt: number): Promise<WatchFigures> {
  const { build, mode, watcherCount } = config;
  const bidCount = Math.min(config.bidCount, memberCount);
  const clientProcessCount = Math.min(clientProcessLimit, Math.max(1, watcherCount));
  const cpuProfileDir = options['cpu-prof'] ? path.resolve(options['cpu-prof']) : undefined;
  if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });

  // Each member holds --streams-per-member streams (the server allows 5 since f2668f5), each stream
  // with a sign-in of its own; members beyond the session's are department members who watch it.
  const departmentSize = Math.max(memberCount, Math.ceil(watcherCount / streamsPerMember));
  const extraSignInCount = Math.max(0, watcherCount - departmentSize);
  const extraFamilies = Array.from({ length: extraSignInCount }, () => randomUUID());
  let prepared: PreparedServer | null = null;
  let server: RunningProcess | null = null;
  const clients: WatchClient[] = [];
  try {
    let stepStarted = performance.now();
    prepared = await prepareServer(build, {
      memberCount: departmentSize,
      stationCount,
      moreSignIns: (department) =>
        extraFamilies.map((familyId, index) => ({
          id: department.members[index % departmentSize]?.id ?? '',
          familyId,
        })),
    });
    const { department } = prepared;
    server = await startServer(prepared, cpuProfileDir ? { cpuProfileDir } : {});
    const baseUrl = server.baseUrl;
    console.log(`bench/watch: server ${build.label} on ${prepared.databaseLabel}, pid ${server.pid}`);
    console.log(
      `${memberCount} members in the session (${departmentSize} in the department), ${stationCount} stations; ` +
        `${watcherCount} watchers (${mode}) in ` +
        `${clientProcessCount} process(es); ${bidCount} bids, one every ${bidIntervalMs} ms`,
    );
    const adminToken = await prepared.accessTokenFor(department.admin);
    const { sessionId, queue } = await createStartedSession(
      baseUrl,
      adminToken,
      department.members.slice(0, memberCount).map((member) => member.id),
    );
    console.log(`  department and started session in ${format((performance.now() - stepStarted) / 1000)} s`);
    const usageBefore = processUsage(server.pid);
    console.log(`  server before the watchers: RSS ${usageBefore.rssMb.toFixed(0)} MB`);

    // Every watcher its own sign-in and token.
    stepStarted = performance.now();
    const signIns: BenchSignIn[] = Array.from({ length: watcherCount }, (_, index) => {
      const member = department.members[index % departmentSize];
      if (!member) throw new Error('no member');
      const familyId = index < departmentSize ? member.familyId : (extraFamilies[index - departmentSize] ?? '');
      return { id: member.id, familyId };
    });
    const tokens: string[] = [];
    for (const signIn of signIns) tokens.push(await prepared.accessTokenFor(signIn));
    for (let index = 0; index < clientProcessCount; index++) {
      const client = forkClient(cpuProfileDir);
      const share = tokens.filter((_, tokenIndex) => tokenIndex % clientProcessCount === index);
      client.watchers = share.length;
      const settings: WatchClientSettings = {
        baseUrl,
        sessionId,
        mode,
        tokens: share,
        connectBatch: Math.max(1, Math.floor(Number(options['connect-batch']) / clientProcessCount)),
        readSockets: Number(options['read-sockets']),
        gapDelayMs: 1500,
      };
      client.child.send({ type: 'start', settings } satisfies ParentMessage);
      clients.push(client);
    }
    let bytesAtReady = 0;
    for (const client of clients) {
      const ready = await nextMessage(client, 'ready', maxSeconds * 1000);
      if (!ready) throw new Error('a watcher process did not get ready');
      bytesAtReady += ready.bytes;
      console.log(
        `  ${ready.watchers} watchers: streams open in ${format(ready.connectMs / 1000)} s, first reads in ${format(ready.initialReadMs / 1000)} s`,
      );
    }
    const usageReady = processUsage(server.pid);
    console.log(
      `  server with the streams open: RSS ${usageReady.rssMb.toFixed(0)} MB (+${(usageReady.rssMb - usageBefore.rssMb).toFixed(0)} MB), ` +
        `set-up took ${format((performance.now() - stepStarted) / 1000)} s`,
    );

    // The bids, at the pace asked, each by the turn holder with their own token.
    const memberById = new Map(department.members.map((member) => [member.id, member]));
    const seatPicker = new SeatPicker(department.seatRows);
    const answeredAt: number[] = [];
    const requestedAtList: number[] = [];
    const bidTimes: number[] = [];
    let peakRssMb = usageReady.rssMb;
    const sampler = setInterval(() => {
      if (server) peakRssMb = Math.max(peakRssMb, processUsage(server.pid).rssMb);
    }, 250);
    const bidPhaseStarted = now();
    let nextBidAt = now();
    for (let turn = 0; turn < bidCount; turn++) {
      if (Date.now() - startedAt > (maxSeconds - 30) * 1000 - settleMs) {
        console.log(`  stopped bidding after ${turn} bids: the wall-time cap is near`);
        break;
      }
      const waitMs = nextBidAt - now();
      if (waitMs > 0) await sleep(waitMs);
      const member = memberById.get(queue[turn] ?? '');
      if (!member) throw new Error(`turn ${turn + 1}: unknown member`);
      const token = await prepared.accessTokenFor(member);
      const requestedAt = now();
      nextBidAt = requestedAt + bidIntervalMs;
      await callApi(baseUrl, token, 'POST', '/api/bid-sessions/submit-bid', {
        sessionId,
        bidData: seatPicker.pick(member.rank),
      });
      answeredAt.push(now());
      requestedAtList.push(requestedAt);
      bidTimes.push(now() - requestedAt);
    }
    const bidsMade = answeredAt.length;
    const bidPhaseEnded = now();
    const usageBids = processUsage(server.pid);

    // Settle: wait until every process reports every bid held, or the settle time passes.
    const heldBy = (bid: number) =>
      clients.every((client) => client.messages.some((message) => message.type === 'held' && message.bid === bid));
    const settleUntil = Date.now() + settleMs;
    while (!heldBy(bidsMade) && Date.now() < settleUntil) await sleep(100);
    clearInterval(sampler);
    const usageAfter = processUsage(server.pid);
    peakRssMb = Math.max(peakRssMb, usageAfter.rssMb);

    for (const client of clients) client.child.send({ type: 'finish' } satisfies ParentMessage);
    const summaries: Extract<ClientMessage, { type: 'summary' }>[] = [];
    for (const client of clients) {
      const summary = await nextMessage(client, 'summary', 30_000);
      if (!summary) throw new Error('a watcher process did not report');
      summaries.push(summary);
    }

    // Per bid: when the last watcher held it; over all receipts: each watcher's time.
    const untilEveryone: number[] = [];
    const fromRequest: number[] = [];
    const receipts: number[] = [];
    let missed = 0;
    for (let bid = 1; bid <= bidsMade; bid++) {
      const answered = answeredAt[bid - 1] ?? 0;
      let last = Number.NEGATIVE_INFINITY;
      let heldEverywhere = true;
      for (const client of clients) {
        const held = client.messages.find((message) => message.type === 'held' && message.bid === bid);
        if (held?.type !== 'held') {
          heldEverywhere = false;
          continue;
        }
        for (const time of held.times) {
          receipts.push(time - answered);
          last = Math.max(last, time);
        }
      }
      for (const summary of summaries) missed += summary.missing[bid - 1] ?? 0;
      if (heldEverywhere) {
        untilEveryone.push(last - answered);
        fromRequest.push(last - (requestedAtList[bid - 1] ?? 0));
      }
    }
    // A bid no watcher of a process held at all has no entry in that process's list.
    for (const [index, summary] of summaries.entries()) {
      const client = clients[index];
      for (let bid = summary.missing.length + 1; bid <= bidsMade; bid++) missed += client?.watchers ?? 0;
    }
    const bytes = summaries.reduce((total, summary) => total + summary.bytes, 0) - bytesAtReady;
    const sum = (key: 'gaps' | 'boardReads' | 'boardNotModified' | 'refetches' | 'readErrors' | 'streamDrops') =>
      summaries.reduce((total, summary) => total + summary[key], 0);
    const firstError = summaries.find((summary) => summary.firstError)?.firstError;

    untilEveryone.sort((a, b) => a - b);
    fromRequest.sort((a, b) => a - b);
    receipts.sort((a, b) => a - b);
    bidTimes.sort((a, b) => a - b);
    const serverCpuMs = usageAfter.cpuMs - usageReady.cpuMs;
    console.log('');
    console.log(
      `bids: ${bidsMade} in ${format((bidPhaseEnded - bidPhaseStarted) / 1000)} s (${(bidsMade / ((bidPhaseEnded - bidPhaseStarted) / 1000)).toFixed(1)}/s); ` +
        `bid answered in p50 ${format(percentile(bidTimes, 0.5))} ms, p99 ${format(percentile(bidTimes, 0.99))} ms`,
    );
    console.log(
      `bid's answer until every watcher holds it: p50 ${format(percentile(untilEveryone, 0.5))} ms, ` +
        `p99 ${format(percentile(untilEveryone, 0.99))} ms, max ${format(untilEveryone.at(-1) ?? 0)} ms ` +
        `(${untilEveryone.length} of ${bidsMade} bids held by all; negative: before the bidder had the answer)`,
    );
    console.log(
      `bid's request until every watcher holds it: p50 ${format(percentile(fromRequest, 0.5))} ms, ` +
        `p99 ${format(percentile(fromRequest, 0.99))} ms, max ${format(fromRequest.at(-1) ?? 0)} ms`,
    );
    console.log(
      `each watcher's receipt after the answer: p50 ${format(percentile(receipts, 0.5))} ms, ` +
        `p99 ${format(percentile(receipts, 0.99))} ms (${receipts.length} receipts)`,
    );
    console.log(`missed: ${missed} (watcher x bid never held within the settle time of ${settleMs / 1000} s)`);
    console.log(
      `bytes the watchers read per bid: ${(bytes / Math.max(1, bidsMade) / 1024).toFixed(1)} KB ` +
        `(${(bytes / Math.max(1, bidsMade) / Math.max(1, watcherCount)) | 0} B per watcher)`,
    );
    console.log(
      `watcher work: gaps ${sum('gaps')}, board reads ${sum('boardReads')} (304: ${sum('boardNotModified')}), ` +
        `refetches ${sum('refetches')}, read errors ${sum('readErrors')}, stream drops ${sum('streamDrops')}` +
        (firstError ? ` (first error: ${firstError})` : ''),
    );
    console.log(
      `server CPU: ${format(serverCpuMs / Math.max(1, bidsMade))} ms per bid (${format(serverCpuMs / 1000)} s from the first bid until settled; ` +
        `bids alone ${format((usageBids.cpuMs - usageReady.cpuMs) / 1000)} s)`,
    );
    const clientCpuMs = summaries.reduce((total, summary) => total + summary.cpuMs, 0);
    console.log(
      `watcher processes' CPU: ${format(clientCpuMs / Math.max(1, bidsMade))} ms per bid ` +
        `(${format(clientCpuMs / 1000)} s in ${clientProcessCount} process(es) over ${format((now() - bidPhaseStarted) / 1000)} s of bids and settling, on this machine's 2 cores too)`,
    );
    console.log(
      `server RSS: ${usageBefore.rssMb.toFixed(0)} MB before the watchers, ${usageReady.rssMb.toFixed(0)} MB with the streams, ` +
        `peak ${peakRssMb.toFixed(0)} MB during the bids (VmHWM ${usageAfter.peakRssMb.toFixed(0)} MB)`,
    );
    return {
      config,
      bidsMade,
      heldByAll: untilEveryone.length,
      untilEveryone: {
        p50: percentile(untilEveryone, 0.5),
        p99: percentile(untilEveryone, 0.99),
        max: untilEveryone.at(-1) ?? 0,
      },
      fromRequest: {
        p50: percentile(fromRequest, 0.5),
        p99: percentile(fromRequest, 0.99),
        max: fromRequest.at(-1) ?? 0,
      },
      bidAnswer: { p50: percentile(bidTimes, 0.5), p99: percentile(bidTimes, 0.99) },
      missed,
      kilobytesPerBid: bytes / Math.max(1, bidsMade) / 1024,
      serverCpuMsPerBid: serverCpuMs / Math.max(1, bidsMade),
      rssWithStreamsMb: usageReady.rssMb,
      peakRssMb: Math.max(peakRssMb, usageAfter.peakRssMb),
    };
  } finally {
    for (const client of clients) if (client.child.exitCode === null) client.child.kill('SIGTERM');
    await server?.stop();
    await prepared?.dispose();
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const deadline = setTimeout(() => {
    console.error(`bench/watch: stopped after ${maxSeconds} s`);
    process.exit(1);
  }, maxSeconds * 1000);
  deadline.unref();
  const runs: RunConfig[] = [
    {
      build: serverBuild(options['server-dir']),
      mode: clientMode(options.client),
      watcherCount: Number(options.watchers),
      bidCount: Number(options.bids),
    },
  ];
  if (options['compare-dir']) {
    runs.push({
      build: serverBuild(options['compare-dir']),
      mode: clientMode(options['compare-client']),
      watcherCount: Number(options['compare-watchers'] ?? options.watchers),
      bidCount: Number(options['compare-bids'] ?? options.bids),
    });
  }
  const results: WatchFigures[] = [];
  for (const run of runs) {
    // Each run gets what is left of the wall time, shared equally with the runs still to come.
    const runsLeft = runs.length - results.length;
    const secondsLeft = maxSeconds - (Date.now() - startedAt) / 1000;
    results.push(await measure(run, Date.now() - (maxSeconds - secondsLeft / runsLeft) * 1000));
    console.log('');
  }
  clearTimeout(deadline);
  console.log(
    '| server | client | watchers | bids (held by all) | answer to all p50 / p99 / max | request to all p50 / p99 / max | bid answered p50 / p99 | missed | KB per bid | server CPU per bid | server RSS streams / peak |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const figures of results) {
    const { config } = figures;
    console.log(
      `| ${config.build.label} | ${config.mode} | ${config.watcherCount} | ${figures.bidsMade} (${figures.heldByAll}) | ` +
        `${format(figures.untilEveryone.p50)} / ${format(figures.untilEveryone.p99)} / ${format(figures.untilEveryone.max)} ms | ` +
        `${format(figures.fromRequest.p50)} / ${format(figures.fromRequest.p99)} / ${format(figures.fromRequest.max)} ms | ` +
        `${format(figures.bidAnswer.p50)} / ${format(figures.bidAnswer.p99)} ms | ${figures.missed} | ` +
        `${figures.kilobytesPerBid.toFixed(1)} | ${format(figures.serverCpuMsPerBid)} ms | ` +
        `${figures.rssWithStreamsMb.toFixed(0)} / ${figures.peakRssMb.toFixed(0)} MB |`,
    );
  }
  const [current, previous] = results;
  if (current && previous) {
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(3) : 'n/a');
    console.log('');
    console.log(
      `first / second: request to all p99 x${ratio(current.fromRequest.p99, previous.fromRequest.p99)}, ` +
        `KB per bid x${ratio(current.kilobytesPerBid, previous.kilobytesPerBid)}, ` +
        `server CPU per bid x${ratio(current.serverCpuMsPerBid, previous.serverCpuMsPerBid)} ` +
        `(per watcher: x${ratio(current.serverCpuMsPerBid / current.config.watcherCount, previous.serverCpuMsPerBid / previous.config.watcherCount)})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
