/**
 * bench/idle-memory: the server's resident memory at rest with the demo department, as an operator's
 * machine sees it (VmRSS of the server process, from /proc).
 *
 * For each way of running it, the quick start (`npm start`: the TypeScript through tsx) and
 * production (`NODE_ENV=production npm start`: the compiled server, which this bench builds first),
 * it starts the server exactly as the root package.json's start script does (its variables, then
 * `node <its flags> scripts/start.mjs`, so what is measured is what `npm start` runs) on a loopback
 * port, with the demo, waits for GET /api/health/ready, lets it sit for --idle seconds (60: V8 gives
 * its young generation back after about 30 s without work) and prints its RSS then, its peak
 * (VmHWM), and where the memory is: V8's heap (and of it the young generation) and the external
 * memory (PGlite's WebAssembly memory is most of it). The breakdown comes from
 * bench/idle-memory-probe.mjs, which the server loads with `--import`.
 *
 * On PGlite it measures the first start (a new data directory: the database is created, migrated
 * and given the demo) and a restart on the same directory, which is what a server runs most of its
 * life; with BENCH_DATABASE_URL also PostgreSQL (a database of the bench's own, dropped after).
 *
 *   npm run bench:idle-memory
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:idle-memory
 *   npm run bench:idle-memory -- --only production --idle 60
 *   npm run bench:idle-memory -- --node-flags ''      # without the start script's node flags
 *   npm run bench:idle-memory -- --server-dir /tmp/stationbid-before   # another checkout
 *
 * Loopback only; each server is stopped (SIGTERM) after its measurement.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findFreePort, processUsage, startFlagsOf } from './server-under-test.ts';

const { values: options } = parseArgs({
  options: {
    /** Seconds the server sits after it is ready, before its memory is read. */
    idle: { type: 'string', default: '60' },
    /** `quick-start` or `production`: only that one. */
    only: { type: 'string' },
    /** Another checkout to measure instead of this tree, e.g. /tmp/stationbid-before (with its node_modules). */
    'server-dir': { type: 'string' },
    /** Node flags instead of the start script's, e.g. '' for none. */
    'node-flags': { type: 'string' },
  },
});

const root = path.resolve(options['server-dir'] ?? path.join(import.meta.dirname, '..'));
const idleSeconds = Number(options.idle);
const nodeFlags =
  options['node-flags'] === undefined ? startFlagsOf(root) : options['node-flags'].split(/\s+/).filter(Boolean);
/** The variables the start script sets before `exec node` (e.g. glibc's malloc settings). */
const startEnvironment = startEnvironmentOf(root);
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;
const MB = 1024 * 1024;

type Mode = 'quick-start' | 'production';

interface Measurement {
  mode: Mode;
  database: string;
  start: string;
  readyAfterMs: number;
  rssMb: number;
  peakRssMb: number;
  heapMb: number;
  youngMb: number;
  externalMb: number;
}

interface Probe {
  rss: number;
  heapTotal: number;
  external: number;
  newSpace: number;
}

function startEnvironmentOf(dir: string): Record<string, string> {
  const start: string = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts?.start ?? '';
  const assignments = /^((?:\s*\w+=\S+)*)\s*(?:exec\s+)?node\b/.exec(start)?.[1] ?? '';
  return Object.fromEntries(
    assignments
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => [
        assignment.slice(0, assignment.indexOf('=')),
        assignment.slice(assignment.indexOf('=') + 1),
      ]),
  );
}

function environmentFor(mode: Mode): Record<string, string> {
  return mode === 'production'
    ? { NODE_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64url'), DEMO_DATA: '1' }
    : { NODE_ENV: 'development', DEMO_DATA: '1' };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function measure(mode: Mode, database: string, start: string, env: Record<string, string>): Promise<Measurement> {
  const port = await findFreePort();
  const probeDir = mkdtempSync(path.join(tmpdir(), 'stationbid-idle-probe-'));
  const probeFile = path.join(probeDir, 'memory.json');
  // Without the caller's database and log settings: the case decides them.
  const { DATABASE_URL: _url, DATA_DIR: _dir, LOG_LEVEL: _level, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', path.join(import.meta.dirname, 'idle-memory-probe.mjs'), 'scripts/start.mjs'],
    {
      cwd: root,
      env: {
        ...inherited,
        ...startEnvironment,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        STATIONBID_MEMORY_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-20_000);
  });
  try {
    const startedAt = performance.now();
    for (;;) {
      if (hasExited(child)) throw new Error(`the server exited before it was ready:\n${output}`);
      if (performance.now() - startedAt > READY_TIMEOUT_MS) throw new Error(`the server was not ready:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined);
      if (ready?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const readyAfterMs = performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    if (hasExited(child)) throw new Error(`the server exited while idle:\n${output}`);
    const usage = processUsage(child.pid ?? 0);
    const probe = JSON.parse(readFileSync(probeFile, 'utf8')) as Probe;
    return {
      mode,
      database,
      start,
      readyAfterMs,
      rssMb: usage.rssMb,
      peakRssMb: usage.peakRssMb,
      heapMb: probe.heapTotal / MB,
      youngMb: probe.newSpace / MB,
      externalMb: probe.external / MB,
    };
  } finally {
    await stop(child);
    rmSync(probeDir, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (hasExited(child)) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The compiled server of this tree, built now so that production measures the sources as they are. */
function buildForProduction(): void {
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  };
  run(process.execPath, ['scripts/build-server.mjs']);
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) run('npm', ['run', 'build', '-w', '@stationbid/web']);
}

async function pgliteRuns(mode: Mode): Promise<Measurement[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-idle-data-'));
  try {
    const env = { ...environmentFor(mode), DATA_DIR: dataDir };
    const first = await measure(mode, 'PGlite', 'first start (new data directory)', env);
    const again = await measure(mode, 'PGlite', 'restart (same data directory)', env);
    return [first, again];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresRun(mode: Mode, serverUrl: string): Promise<Measurement> {
  const name = `stationbid_idle_${randomBytes(4).toString('hex')}`;
  const secretDir = mkdtempSync(path.join(tmpdir(), 'stationbid-idle-secret-'));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const version = await admin.query('show server_version');
    const label = `PostgreSQL ${version.rows[0]?.server_version ?? ''}`.trim();
    return await measure(mode, label, 'first start (new database)', {
      ...environmentFor(mode),
      DATABASE_URL: url.toString(),
      // Where the quick start writes its generated JWT secret.
      DATA_DIR: secretDir,
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(secretDir, { recursive: true, force: true });
  }
}

const modes: Mode[] = options.only ? [options.only as Mode] : ['quick-start', 'production'];
if (modes.some((mode) => mode !== 'quick-start' && mode !== 'production')) {
  throw new Error(`--only takes quick-start or production, not ${options.only}`);
}
console.log(
  `bench/idle-memory: ${root}, node ${process.version}, flags [${nodeFlags.join(' ')}], environment [${Object.entries(
    startEnvironment,
  )
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')}], ${idleSeconds} s idle after ready, the demo department`,
);
if (modes.includes('production')) buildForProduction();
const serverUrl = process.env.BENCH_DATABASE_URL;
const results: Measurement[] = [];
for (const mode of modes) {
  const runs = [...(await pgliteRuns(mode)), ...(serverUrl ? [await postgresRun(mode, serverUrl)] : [])];
  for (const run of runs) {
    results.push(run);
    console.log(
      `${run.mode}, ${run.database}, ${run.start}: ${run.rssMb.toFixed(0)} MB idle (peak ${run.peakRssMb.toFixed(0)} MB), ready in ${(run.readyAfterMs / 1000).toFixed(1)} s`,
    );
  }
}
const cell = (value: number) => `${value.toFixed(0)} MB`;
console.log('');
// External memory is mostly PGlite's WebAssembly memory, counted at its size: only the pages
// Postgres has touched are resident.
console.log('| mode | database | start | RSS idle | peak RSS | V8 heap (of it young generation) | external memory |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const run of results) {
  console.log(
    `| ${run.mode} | ${run.database} | ${run.start} | **${cell(run.rssMb)}** | ${cell(run.peakRssMb)} | ${cell(run.heapMb)} (${cell(run.youngMb)}) | ${cell(run.externalMb)} |`,
  );
}
