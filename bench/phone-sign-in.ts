/**
 * bench/phone-sign-in: how soon a phone on a slow network sees the Sign In button on its very
 * first visit, and what the service worker then downloads.
 *
 * It starts the production server of this tree (NODE_ENV=production, a fresh data directory, on a
 * free loopback port) serving the built web app (apps/web/dist: build it first with
 * `npm run build -w @stationbid/web`; the bench builds nothing), and opens /login in Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH) in a fresh profile each run (no HTTP cache, no service
 * worker), throttled through CDP as a mid-range phone on a poor mobile network:
 * Network.emulateNetworkConditions (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and
 * Emulation.setCPUThrottlingRate 4, at 390x844. It takes, in the page itself (from the navigation's
 * start), the moment a visible "Sign In" button is there, and the bytes (transferSize: headers and
 * the body as sent) and requests that had finished by then (Resource Timing). It prints the median,
 * min and max over the runs.
 *
 * Baseline, in the same run (the bench rule: the ratio stays readable on a noisy machine): the same
 * measurement, same browser and throttling, on a tiny static page with a Sign In button served by a
 * hello-world Fastify (bench/hello-page-server.ts). Runs of the two alternate.
 *
 * It also reads the service worker's precache list from apps/web/dist/sw.js: the entries a first
 * visit's worker downloads at install, and their total size on disk (what travels if the server
 * sends them uncompressed) and gzipped.
 *
 *   npm run build -w @stationbid/web && npm run bench:phone-sign-in
 *   node --import tsx bench/phone-sign-in.ts --runs 7 --cpu-throttle 6
 *   node --import tsx bench/phone-sign-in.ts --web-dist /tmp/web-dist-before   # a copy of another build
 *
 * Loopback only. It stops after the runs, or after --max-seconds (300) whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { findFreePort, type RunningProcess, startFlagsOf, startNodeProcess } from './server-under-test.ts';

// The functions handed to the page run there, where these exist; the benches are type-checked
// with the server's settings, without the DOM's types.
declare const performance: {
  now(): number;
  getEntriesByType(type: string): { name: string; startTime: number; responseEnd: number; transferSize: number }[];
};
declare const window: Record<string, unknown>;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'latency-ms': { type: 'string', default: '150' },
    /** Bytes per second: 1.6 Mbit/s. */
    download: { type: 'string', default: '200000' },
    /** Bytes per second: 750 kbit/s, the upload of Chrome's "Slow 4G"-ish mobile profiles. */
    upload: { type: 'string', default: '93750' },
    'cpu-throttle': { type: 'string', default: '4' },
    'max-seconds': { type: 'string', default: '300' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    /** Another copy of the built web app (a build of another tree, or one kept from a rebuild). */
    'web-dist': { type: 'string' },
    /** Also print the last app run's requests in the order they started: the critical path. */
    waterfall: { type: 'boolean', default: false },
  },
});
const runCount = Number(options.runs);
const latencyMs = Number(options['latency-ms']);
const downloadBytesPerSecond = Number(options.download);
const uploadBytesPerSecond = Number(options.upload);
const cpuThrottle = Number(options['cpu-throttle']);
const maxSeconds = Number(options['max-seconds']);
/** A run that shows no Sign In by then fails the bench. */
const SIGN_IN_TIMEOUT_MS = 60_000;

const root = path.join(import.meta.dirname, '..');
const distDir = path.resolve(options['web-dist'] ?? path.join(root, 'apps/web/dist'));

const cap = setTimeout(() => {
  console.error(`bench/phone-sign-in: stopped after ${maxSeconds} s`);
  process.exit(2);
}, maxSeconds * 1000);
cap.unref();

if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(path.join(distDir, 'sw.js'))) {
  console.error('apps/web/dist is not built: run `npm run build -w @stationbid/web` first (the bench builds nothing).');
  process.exit(1);
}

interface Measurement {
  /** From the navigation's start to a visible Sign In button. */
  signInMs: number;
  /** Bytes and requests (the document included) finished by then. */
  bytes: number;
  requests: number;
  /** Each of those requests: when it started and ended (ms from the navigation's start). */
  waterfall: { name: string; startTime: number; responseEnd: number; transferSize: number }[];
}

/** The files of the service worker's precache list, with their size on disk and gzipped. */
function precacheEntries(): { url: string; bytes: number; gzipBytes: number }[] {
  const worker = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map(([, url = '']) => {
    const file = readFileSync(path.join(distDir, url));
    return { url, bytes: file.length, gzipBytes: gzipSync(file).length };
  });
}

/**
 * Runs in the page from its first script on: notes when a visible button reading "Sign In" is
 * first there, checking on every change of the document
 * and every frame. A string, not a function: tsx's
 * transform would add helpers (`__name`) to a function that do not exist in the page.
 */
const WATCH_FOR_SIGN_IN = `(() => {
  const check = () => {
    if (window.__signInVisibleAt !== undefined) return;
    for (const button of document.querySelectorAll('button')) {
      if (button.textContent.trim() === 'Sign In' && button.getBoundingClientRect().width > 0) {
        window.__signInVisibleAt = performance.now();
        return;
      }
    }
  };
  // The document, not its element: init scripts run before the parser has made the <html> element.
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // And on every frame: a button already in the document becomes visible when a stylesheet loads.
  const onFrame = () => {
    check();
    if (window.__signInVisibleAt === undefined) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
})();`;

async function measure(browser: Browser, url: string): Promise<Measurement> {
  // A new context is a fresh profile: no HTTP cache, no service worker, no storage.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: downloadBytesPerSecond,
      uploadThroughput: uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    await page.addInitScript({ content: WATCH_FOR_SIGN_IN });
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible', timeout: SIGN_IN_TIMEOUT_MS });
    await page.waitForFunction(() => window.__signInVisibleAt !== undefined, undefined, { timeout: 5000 });
    return await page.evaluate(() => {
      const at = window.__signInVisibleAt as number;
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
      const done = entries.filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= at);
      return {
        signInMs: at,
        bytes: done.reduce((sum, entry) => sum + entry.transferSize, 0),
        requests: done.length,
        waterfall: done.map(({ name, startTime, responseEnd, transferSize }) => ({
          name,
          startTime,
          responseEnd,
          transferSize,
        })),
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const summary = (values: readonly number[], unit: (value: number) => string) =>
  `median ${unit(median(values))}  (min ${unit(Math.min(...values))}, max ${unit(Math.max(...values))})`;
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (value: number) => `${(value / 1000).toFixed(1)} kB`;
const count = (value: number) => String(Math.round(value));

async function startApp(dataDir: string): Promise<RunningProcess> {
  const port = await findFreePort();
  return startNodeProcess({
    entry: path.join(root, 'apps/server/src/server.ts'),
    nodeFlags: startFlagsOf(root),
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEMO_DATA: '0',
      WEB_DIST_DIR: distDir,
      // A first start needs an administrator; nobody signs in here.
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: randomBytes(16).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
    readyLine: 'StationBid is running',
    port,
  });
}

async function startHelloPage(): Promise<RunningProcess> {
  const port = await findFreePort();
  return startNodeProcess({
    entry: path.join(import.meta.dirname, 'hello-page-server.ts'),
    cwd: root,
    env: { PORT: String(port) },
    readyLine: 'hello-page-server listening',
    port,
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-bench-phone-'));
const processes: RunningProcess[] = [];
let browser: Browser | undefined;
try {
  const app = await startApp(dataDir);
  processes.push(app);
  const hello = await startHelloPage();
  processes.push(hello);
  browser = await chromium.launch({
    executablePath: options.chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });

  console.log(
    `bench/phone-sign-in: ${path.relative(root, distDir) || distDir}, ${runCount} runs each, ${latencyMs} ms latency, ` +
      `${((downloadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s down, ${((uploadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s up, ` +
      `CPU ${cpuThrottle}x slower, 390x844, fresh profile per run, Chromium ${browser.version()}\n`,
  );
  const appRuns: Measurement[] = [];
  const helloRuns: Measurement[] = [];
  // One unmeasured load of each first: the servers' own first answers (files read, JIT) are not a phone's.
  await measure(browser, `${app.baseUrl}/login`);
  await measure(browser, `${hello.baseUrl}/login`);
  for (let run = 1; run <= runCount; run += 1) {
    const appRun = await measure(browser, `${app.baseUrl}/login`);
    const helloRun = await measure(browser, `${hello.baseUrl}/login`);
    appRuns.push(appRun);
    helloRuns.push(helloRun);
    console.log(
      `run ${run}: app ${ms(appRun.signInMs)} (${kb(appRun.bytes)}, ${appRun.requests} requests), ` +
        `baseline ${ms(helloRun.signInMs)}`,
    );
  }

  if (options.waterfall) {
    console.log('\nThe last app run, until Sign In (start, end ms; kB sent; file):');
    for (const entry of appRuns.at(-1)?.waterfall.sort((a, b) => a.startTime - b.startTime) ?? []) {
      console.log(
        `  ${String(Math.round(entry.startTime)).padStart(5)} ${String(Math.round(entry.responseEnd)).padStart(5)} ` +
          `${kb(entry.transferSize).padStart(9)}  ${new URL(entry.name).pathname.slice(0, 90)}`,
      );
    }
  }

  const appMedian = median(appRuns.map((run) => run.signInMs));
  const helloMedian = median(helloRuns.map((run) => run.signInMs));
  console.log('\n/login, until a visible Sign In button:');
  console.log(
    `  app       ${summary(
      appRuns.map((run) => run.signInMs),
      ms,
    )}`,
  );
  console.log(
    `            bytes ${summary(
      appRuns.map((run) => run.bytes),
      kb,
    )}`,
  );
  console.log(
    `            requests ${summary(
      appRuns.map((run) => run.requests),
      count,
    )}`,
  );
  console.log(
    `  baseline  ${summary(
      helloRuns.map((run) => run.signInMs),
      ms,
    )}  (a static page, hello-world Fastify)`,
  );
  console.log(`  ratio     app / baseline = ${(appMedian / helloMedian).toFixed(1)}x`);

  const entries = precacheEntries();
  const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const totalGzip = entries.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  console.log(
    `\nService worker precache (apps/web/dist/sw.js): ${entries.length} entries, ` +
      `${kb(total)} on disk, ${kb(totalGzip)} gzipped`,
  );
} finally {
  await browser?.close();
  for (const running of processes) await running.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
