/**
 * bench/browser-live-page: how soon a member's live page shows a bid, in a real browser, on a slow
 * device, in a department-sized session.
 *
 * It builds a department (by default 20,000 members) in a fresh database, starts the server of this
 * tree in a process of its own (serving the built web app, rebuilt first when stale), creates and
 * starts a session of every member, and opens /live-bid/:id in Chromium as the member last in the
 * queue, with the CPU slowed 4 times (CDP `Emulation.setCPUThrottlingRate`, a mid-range phone).
 * Then the turn holders bid in turn through the API, each with their own token, one after another
 * (`--bid-interval-ms` apart). For each bid it takes the time from the bid's answer until the page
 * shows it (the Session Info progress reads "n of N completed"), measured in the page itself, and
 * prints p50, p99 and max over the bids, and the bytes the page read over the network during them.
 *
 *   node --import tsx bench/browser-live-page.ts
 *   node --import tsx bench/browser-live-page.ts --members 5000 --bids 50 --cpu-throttle 6
 *
 * Loopback only. It stops after the bids, or after --max-seconds (900) whatever happens.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { defaultStationCount, SeatPicker } from './department.ts';
import {
  callApi,
  createStartedSession,
  prepareServer,
  type RunningProcess,
  serverBuild,
  startServer,
} from './server-under-test.ts';

// The functions handed to the page run there, where these exist; the benches are type-checked
// with the server's settings, without the DOM's types.
declare const localStorage: { setItem(key: string, value: string): void };
declare const document: { querySelector(selector: string): unknown };

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '20000' },
    bids: { type: 'string', default: '60' },
    'bid-interval-ms': { type: 'string', default: '500' },
    'cpu-throttle': { type: 'string', default: '4' },
    'max-seconds': { type: 'string', default: '900' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const memberCount = Number(options.members);
const bidCount = Number(options.bids);
const bidIntervalMs = Number(options['bid-interval-ms']);
const cpuThrottle = Number(options['cpu-throttle']);
const maxSeconds = Number(options['max-seconds']);
/** How long one bid may take to show before the run calls it missed. */
const SHOW_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const format = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const root = path.join(import.meta.dirname, '..');
const startedAt = Date.now();
const cap = setTimeout(() => {
  console.error(`bench/browser-live-page: stopped after ${maxSeconds} s`);
  process.exit(2);
}, maxSeconds * 1000);
cap.unref();

// The server serves apps/web/dist: build it when the sources are newer (as npm start does).
const built = spawnSync('node', ['-e', "import('./scripts/web-build.mjs').then((m) => m.buildWebIfStale())"], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the web build failed');

const build = serverBuild(undefined);
console.log(
  `bench/browser-live-page: ${memberCount} members, ${bidCount} bids ${bidIntervalMs} ms apart, CPU /${cpuThrottle}`,
);
console.log(`  server: ${build.label}`);
const prepared = await prepareServer(build, { memberCount, stationCount: defaultStationCount(memberCount) });
console.log(
  `  database: ${prepared.databaseLabel}, department written in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
);
let server: RunningProcess | undefined;
const browser = await chromium.launch({
  executablePath: options.chromium,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  server = await startServer(prepared);
  const baseUrl = server.baseUrl;
  const { department } = prepared;
  const adminToken = await prepared.accessTokenFor(department.admin);
  const { sessionId, queue } = await createStartedSession(
    baseUrl,
    adminToken,
    department.members.map((member) => member.id),
  );
  const memberById = new Map(department.members.map((member) => [member.id, member]));
  // The watcher is last in the queue: they follow the whole run without bidding.
  const watcher = memberById.get(queue.at(-1) ?? '');
  if (!watcher) throw new Error('no watcher');
  console.log(`  session of ${queue.length} started; the page watches as the member last in the queue`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watcherToken = await prepared.accessTokenFor(watcher);
  await context.addInitScript((token) => localStorage.setItem('token', token), watcherToken);
  const page = await context.newPage();
  let bytesRead = 0;
  let requestCount = 0;
  let isCounting = false;
  let lastResponseAt = Date.now();
  const readsByPath = new Map<string, { count: number; bytes: number }>();
  // Requests under way, but the live stream (open for good).
  const inFlight = new Set<unknown>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfailed', (request) => inFlight.delete(request));
  page.on('requestfinished', async (request) => {
    inFlight.delete(request);
    lastResponseAt = Date.now();
    if (!isCounting) return;
    requestCount += 1;
    const sizes = await request.sizes().catch(() => null);
    const bytes = sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
    bytesRead += bytes;
    // Ids are the same session's: count by the path's shape.
    const shape = new URL(request.url()).pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
    const read = readsByPath.get(shape) ?? { count: 0, bytes: 0 };
    readsByPath.set(shape, { count: read.count + 1, bytes: read.bytes + bytes });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });

  const openedAt = performance.now();
  await page.goto(`${baseUrl}/live-bid/${sessionId}`);
  const total = queue.length;
  await page
    .getByRole('progressbar', { name: `Progress: 0 of ${total} completed` })
    .waitFor({ state: 'attached', timeout: 120_000 });
  // The page settles: its first reads, the join, the stream's opening read (jittered up to 1.5 s).
  const settleUntil = Date.now() + 60_000;
  while ((inFlight.size > 0 || Date.now() - lastResponseAt < 3000) && Date.now() < settleUntil) await sleep(250);
  console.log(`  page shown and settled in ${format(performance.now() - openedAt)} ms (CPU /${cpuThrottle})`);

  const seatPicker = new SeatPicker(department.seatRows);
  const shownAfterMs: number[] = [];
  let missed = 0;
  isCounting = true;
  for (let turn = 0; turn < Math.min(bidCount, queue.length - 1); turn++) {
    if (Date.now() - startedAt > (maxSeconds - 60) * 1000) {
      console.log(`  stopped after ${turn} bids: the wall-time cap is near`);
      break;
    }
    const member = memberById.get(queue[turn] ?? '');
    if (!member) throw new Error(`turn ${turn + 1}: unknown member`);
    const token = await prepared.accessTokenFor(member);
    // The page notes the moment it shows the bid; the clocks of the page and this process are the same machine's.
    const shown = page.waitForFunction(
      (label) => (document.querySelector(`[aria-label="${label}"]`) === null ? false : Date.now()),
      `Progress: ${turn + 1} of ${total} completed`,
      { polling: 'raf', timeout: SHOW_TIMEOUT_MS },
    );
    await callApi(baseUrl, token, 'POST', '/api/bid-sessions/submit-bid', {
      sessionId,
      bidData: seatPicker.pick(member.rank),
    });
    const answeredAt = Date.now();
    try {
      const shownAt = (await (await shown).jsonValue()) as number;
      shownAfterMs.push(Math.max(0, shownAt - answeredAt));
    } catch {
      missed += 1;
    }
    await sleep(bidIntervalMs);
  }
  isCounting = false;

  const sorted = [...shownAfterMs].sort((first, second) => first - second);
  console.log(
    `  bid answered -> shown on the page (${sorted.length} bids${missed > 0 ? `, ${missed} not shown within ${SHOW_TIMEOUT_MS / 1000} s` : ''}): ` +
      `p50 ${format(percentile(sorted, 0.5))} ms, p99 ${format(percentile(sorted, 0.99))} ms, max ${format(sorted.at(-1) ?? Number.NaN)} ms`,
  );
  console.log(
    `  the page read ${requestCount} responses, ${(bytesRead / 1024).toFixed(1)} KB in all during the bids ` +
      `(${(bytesRead / 1024 / Math.max(1, sorted.length + missed)).toFixed(2)} KB per bid; the live stream's events are not counted)`,
  );
  if (readsByPath.size > 0) {
    const listed = [...readsByPath].map(
      ([shape, read]) => `${shape} ×${read.count} (${(read.bytes / 1024).toFixed(1)} KB)`,
    );
    console.log(`  those responses: ${listed.join(', ')}`);
  }
  console.log(`  run took ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  await context.close();
} finally {
  await browser.close();
  await server?.stop();
  await prepared.dispose();
}
