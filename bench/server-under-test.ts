/**
 * A StationBid server in a process of its own, for the benches that talk HTTP to it
 * (bench/polling, bench/watch): its CPU time and memory are then its own, the load generator does
 * not share its event loop, and the same bench can drive another build of the server
 * (`--server-dir /tmp/stationbid-before`, a checkout of an older commit with its dependencies).
 *
 * The department is written directly into a fresh database migrated by that build (with its own
 * schema), the database is closed, and the build's `apps/server/src/server.ts` is started on it as
 * `npm start` would (through tsx), with a JWT secret made for the run, so the bench mints each
 * member's access token with that build's own token code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import {
  type BenchDepartment,
  type BenchSignIn,
  type DepartmentTables,
  insertDepartment,
  insertSignIns,
} from './department.ts';

const READY_LINE = 'StationBid is running';
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/** A build of the server: this working tree, or another checkout given by --server-dir. */
export interface ServerBuild {
  dir: string;
  /** What the bench prints: the directory and its commit. */
  label: string;
}

export function serverBuild(dir: string | undefined): ServerBuild {
  const resolved = path.resolve(dir ?? path.join(import.meta.dirname, '..'));
  let commit = 'unknown commit';
  try {
    const head = readFileSync(path.join(resolved, '.git'), 'utf8').trim();
    // A worktree's .git is a file naming its git directory.
    const gitDir = head.startsWith('gitdir:') ? head.slice('gitdir:'.length).trim() : path.join(resolved, '.git');
    const ref = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    commit = ref.startsWith('ref:') ? `${ref.slice(5)} (working tree)` : ref.slice(0, 7);
  } catch {
    // .git is a directory: the main checkout.
    commit = 'working tree';
  }
  return { dir: resolved, label: `${resolved} @ ${commit}` };
}

interface BuildModules {
  openPglite: (source: { dataDir?: string }) => Promise<DatabaseHandle>;
  openPostgres: (url: string) => Promise<DatabaseHandle>;
  tables: DepartmentTables;
  hashPassword: (password: string) => Promise<string>;
  AccessTokens: new (
    secret: string,
  ) => { sign(claims: { memberId: string; familyId: string }, now: Date): Promise<string> };
}

async function loadBuild(build: ServerBuild): Promise<BuildModules> {
  const source = (file: string) => path.join(build.dir, 'apps/server/src', file);
  const client = await import(source('db/client.ts'));
  const schema = await import(source('db/schema/index.ts'));
  const passwords = await import(source('modules/auth/passwords.ts'));
  const tokens = await import(source('modules/auth/tokens.ts'));
  return {
    openPglite: client.openPglite,
    openPostgres: client.openPostgres,
    tables: schema,
    hashPassword: passwords.hashPassword,
    AccessTokens: tokens.AccessTokens,
  };
}

export interface PreparedServer {
  build: ServerBuild;
  databaseLabel: string;
  department: BenchDepartment;
  /** More sign-ins of the department's members (watchers beyond one per member), if asked for. */
  extraSignIns: BenchSignIn[];
  /** The environment the server starts with (the database, the secret). */
  env: Record<string, string>;
  accessTokenFor(signIn: BenchSignIn): Promise<string>;
  /** Removes the database (the PostgreSQL database or the PGlite directory). */
  dispose(): Promise<void>;
}

/**
 * A fresh database migrated by `build`, with the bench department in it: on the PostgreSQL server of
 * BENCH_DATABASE_URL when set, else a PGlite data directory.
 */
export async function prepareServer(
  build: ServerBuild,
  options: {
    memberCount: number;
    stationCount: number;
    /** Further sign-ins of the department's members, written with it (more devices per member). */
    moreSignIns?: (department: BenchDepartment) => BenchSignIn[];
  },
): Promise<PreparedServer> {
  const modules = await loadBuild(build);
  const jwtSecret = randomBytes(32).toString('hex');
  const serverUrl = process.env.BENCH_DATABASE_URL;
  let handle: DatabaseHandle;
  let env: Record<string, string>;
  let databaseLabel: string;
  let dispose: () => Promise<void>;
  if (serverUrl) {
    const name = `stationbid_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const version = await admin.query('show server_version');
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await modules.openPostgres(url.toString());
    env = { DATABASE_URL: url.toString() };
    databaseLabel = `PostgreSQL ${version.rows[0]?.server_version ?? ''}`.trim();
    dispose = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-bench-server-'));
    // Where the server keeps its embedded database under DATA_DIR.
    handle = await modules.openPglite({ dataDir: path.join(dataDir, 'pglite') });
    env = { DATA_DIR: dataDir };
    databaseLabel = 'PGlite (embedded, data directory on disk)';
    dispose = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    await handle.migrate();
    const department = await insertDepartment(handle.db, modules.tables, {
      memberCount: options.memberCount,
      stationCount: options.stationCount,
      adminPasswordHash: await modules.hashPassword(BENCH_ADMIN_PASSWORD),
    });
    const extraSignIns = options.moreSignIns?.(department) ?? [];
    await insertSignIns(handle.db, modules.tables, extraSignIns);
    const tokens = new modules.AccessTokens(jwtSecret);
    return {
      build,
      databaseLabel,
      department,
      extraSignIns,
      env: { ...env, JWT_SECRET: jwtSecret },
      accessTokenFor: (signIn) => tokens.sign({ memberId: signIn.id, familyId: signIn.familyId }, new Date()),
      dispose,
    };
  } finally {
    // PGlite belongs to one process: the server opens it next.
    await handle.close();
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  output(): string;
  /** SIGTERM, then SIGKILL after 20 s; answers the exit code. */
  stop(): Promise<number | null>;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts a Node process running `entry` (through tsx) with `env` added, waits for `readyLine` on its
 * output, and answers it. With `cpuProfileDir`, the process writes a V8 CPU profile there when it
 * exits (`node --cpu-prof`).
 */
export async function startNodeProcess(options: {
  entry: string;
  cwd: string;
  env: Record<string, string>;
  readyLine: string;
  port: number;
  cpuProfileDir?: string;
  /** Node and V8 flags before the entry (the server's own, from `npm start`). */
  nodeFlags?: readonly string[];
}): Promise<RunningProcess> {
  const args = [
    ...(options.nodeFlags ?? []),
    ...(options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : []),
    '--import',
    'tsx',
    options.entry,
  ];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // Keep the start and the end; a server under load may log a lot.
    output = output.length > 200_000 ? output.slice(0, 100_000) + output.slice(-50_000) : output;
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const giveUpAt = Date.now() + START_TIMEOUT_MS;
  while (!output.includes(options.readyLine)) {
    if (hasExited(child) || Date.now() > giveUpAt) {
      child.kill('SIGKILL');
      throw new Error(`${options.entry} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    pid: child.pid ?? 0,
    baseUrl: `http://127.0.0.1:${options.port}`,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (hasExited(child)) return resolve(child.exitCode);
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        child.once('exit', (code) => {
          clearTimeout(killer);
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The Node flags `npm start` gives the server of the checkout in `dir` (its package.json's start
 * script: `node <flags> scripts/start.mjs`), so a bench runs each build as production does.
 */
export function startFlagsOf(dir: string): string[] {
  const start: string = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts?.start ?? '';
  const flags = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+scripts\/start\.mjs/.exec(start)?.[1] ?? '';
  return flags.trim().split(/\s+/).filter(Boolean);
}

/** The server of `prepared.build` on its database, listening on a free loopback port. */
export async function startServer(
  prepared: PreparedServer,
  options: { cpuProfileDir?: string } = {},
): Promise<RunningProcess> {
  const port = await findFreePort();
  return startNodeProcess({
    entry: path.join(prepared.build.dir, 'apps/server/src/server.ts'),
    nodeFlags: startFlagsOf(prepared.build.dir),
    cwd: prepared.build.dir,
    env: {
      ...prepared.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEMO_DATA: '0',
    },
    readyLine: READY_LINE,
    port,
    ...(options.cpuProfileDir ? { cpuProfileDir: options.cpuProfileDir } : {}),
  });
}

/** The hello-world Fastify of bench/hello-server.ts, the machine's baseline of the moment. */
export async function startHelloServer(): Promise<RunningProcess> {
  const port = await findFreePort();
  return startNodeProcess({
    entry: path.join(import.meta.dirname, 'hello-server.ts'),
    cwd: path.join(import.meta.dirname, '..'),
    env: { PORT: String(port) },
    readyLine: 'hello-server listening',
    port,
  });
}

export interface ProcessUsage {
  /** User plus system CPU time so far, in milliseconds. */
  cpuMs: number;
  /** Resident memory now and at its peak, in MB. */
  rssMb: number;
  peakRssMb: number;
}

/** CPU time and memory of a process of this machine, from /proc (Linux). */
export function processUsage(pid: number): ProcessUsage {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) in parentheses; utime and stime are the
  // 14th and 15th fields, in clock ticks (100 per second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { cpuMs: ticks * 10, rssMb: kilobytes('VmRSS') / 1024, peakRssMb: kilobytes('VmHWM') / 1024 };
}

/** A JSON call to the API; refuses any answer but 2xx. */
export async function callApi<T = unknown>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** The most participants one create or add request carries (the API's limit). */
const PARTICIPANTS_PER_REQUEST = 10_000;

/**
 * Creates a session of every given member through the API (in requests of at most 10,000
 * participants), starts it, and answers its id and the queue (member ids in turn order).
 */
export async function createStartedSession(
  baseUrl: string,
  adminToken: string,
  memberIds: readonly string[],
): Promise<{ sessionId: string; queue: string[] }> {
  const created = await callApi<{ session: { id: string } }>(baseUrl, adminToken, 'POST', '/api/bid-sessions', {
    name: 'Bench session',
    year: 2026,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    bidWindowDuration: 60,
    participantIds: memberIds.slice(0, PARTICIPANTS_PER_REQUEST),
  });
  const sessionId = created.session.id;
  for (let start = PARTICIPANTS_PER_REQUEST; start < memberIds.length; start += PARTICIPANTS_PER_REQUEST) {
    await callApi(baseUrl, adminToken, 'POST', `/api/bid-sessions/${sessionId}/participants`, {
      userIds: memberIds.slice(start, start + PARTICIPANTS_PER_REQUEST),
    });
  }
  const started = await callApi<{ session: { participants?: { user: { id: string } }[] } }>(
    baseUrl,
    adminToken,
    'POST',
    `/api/bid-sessions/${sessionId}/start`,
  );
  const queue = (started.session.participants ?? []).map((participant) => participant.user.id);
  if (queue.length === memberIds.length) return { sessionId, queue };
  // A build whose answer does not list every participant: read the queue page by page.
  queue.length = 0;
  let cursor: number | null = null;
  do {
    const page: { participants: { user: { id: string } }[]; nextCursor: number | null } = await callApi(
      baseUrl,
      adminToken,
      'GET',
      `/api/bid-sessions/${sessionId}/participants?limit=500${cursor === null ? '' : `&cursor=${cursor}`}`,
    );
    queue.push(...page.participants.map((participant) => participant.user.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { sessionId, queue };
}
