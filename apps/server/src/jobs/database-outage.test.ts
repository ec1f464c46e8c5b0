/**
 * A database outage while the server runs its jobs, as an operator and a member see it:
 * - the log has one line when it starts (what failed and what the database said, no SQL), no
 *   line per failed tick, and, on PostgreSQL, one line when it ends;
 * - GET /api/health (liveness) answers 200 throughout, GET /api/health/ready 503 with why;
 * - a sign-in answers 503 with a message a person can act on, and Retry-After.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the app reaches its database through a TCP proxy that the test
 * closes (connections cut, then refused) and opens again. On PGlite the database is closed under
 * the app (PGlite has no network to cut), so the outage has no end to see.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { withDatabaseName } from '../test/global-setup.ts';
import { findFreePort } from '../test/server-process.ts';
import { capturedLog, TEST_SETTINGS } from '../test/test-app.ts';

const databaseSource = inject('databaseSource');
const PASSWORD = 'outage-drill-password';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A TCP proxy to PostgreSQL that the test can close (cutting every connection) and open again. */
class DatabaseProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = tcpConnect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

interface Outage {
  handle: DatabaseHandle;
  begin(): Promise<void>;
  /** Undefined on PGlite: a closed PGlite does not come back. */
  end: (() => Promise<void>) | undefined;
  dispose(): Promise<void>;
}

async function openOutageDatabase(): Promise<Outage> {
  if (databaseSource.kind === 'pglite') {
    const handle = await openPglite({ snapshot: new Blob([readFileSync(databaseSource.snapshotFile)]) });
    let isClosed = false;
    return {
      handle,
      begin: async () => {
        isClosed = true;
        await handle.close();
      },
      end: undefined,
      dispose: async () => {
        if (!isClosed) await handle.close();
      },
    };
  }
  const name = `stationbid_outage_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseSource.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${databaseSource.template}`);
  const server = new URL(databaseSource.serverUrl);
  const proxy = new DatabaseProxy(await findFreePort(), {
    host: server.hostname,
    port: Number(server.port || 5432),
  });
  await proxy.open();
  const throughProxy = new URL(withDatabaseName(databaseSource.serverUrl, name));
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  const handle = await openPostgres(throughProxy.toString());
  return {
    handle,
    begin: () => proxy.close(),
    end: () => proxy.open(),
    dispose: async () => {
      await handle.close();
      await proxy.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function waitFor(what: string, isDone: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > giveUpAt) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a database outage while the jobs run', () => {
  let outage: Outage;
  let app: FastifyInstance;
  const log = capturedLog();
  const lines = () =>
    log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    outage = await openOutageDatabase();
    await outage.handle.db.insert(members).values({
      email: 'chief@outage.example',
      firstName: 'Dana',
      lastName: 'Chief',
      employeeId: 'OUT-1',
      isAdmin: true,
      passwordHash: await hashPassword(PASSWORD),
    });
    app = await buildApp({
      db: outage.handle.db,
      databaseKind: outage.handle.kind,
      settings: TEST_SETTINGS,
      // The server's own logger options, at the server's default level.
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await app?.close();
    await outage?.dispose();
  });

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'chief@outage.example', password: PASSWORD },
    });

  it('logs it once, stays live but not ready, and answers a sign-in 503 with Retry-After', async () => {
    expect((await signIn()).statusCode).toBe(200);
    app.turnClock.start();
    app.outboxWorker.start();
    app.reminderScheduler.start();
    await waitFor('a first tick', () => app.turnClock.status.lastTickAt !== undefined);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    const before = lines().length;
    await outage.begin();
    // Three seconds of failing ticks: about twelve of the turn clock, six of the push lane.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const live = await app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });

    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { database: 'down', turnClock: 'stale' } });
    expect(ready.json().reasons).toEqual([
      'The database did not answer.',
      expect.stringMatching(
        /^The turn clock's ticks are failing; its last good tick was \d+ s ago \(it ticks every 250 ms\)\.$/,
      ),
    ]);

    const refused = await signIn();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      error: 'StationBid cannot reach its database right now. Try again in a minute.',
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 60,
    });

    const during = lines().slice(before);
    const problems = during.filter((line) => line.level >= 40);
    // One line for the whole outage: not one per tick, job, probe or request.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ level: 50, outage: 'database' });
    expect(problems[0]?.msg).toMatch(/^database unavailable \(.+\); first failure: .+\. Retrying/);
    expect(typeof problems[0]?.databaseMessage).toBe('string');
    expect(problems[0]?.code ?? problems[0]?.databaseMessage).toBeTruthy();
    expect(app.outageLog.databaseOutage?.failedAttempts).toBeGreaterThan(10);
    const duringText = log.text().split('\n').slice(before).join('\n');
    expect(duringText).not.toMatch(/Failed query|select |: tick failed|"stack"/);

    if (!outage.end) return;
    await outage.end();
    await waitFor('the end of the outage', () => app.outageLog.databaseOutage === undefined);
    const ended = lines()
      .slice(before)
      .filter((line) => line.outage === 'database');
    expect(ended.map((line) => line.level)).toEqual([50, 30]);
    expect(ended[1]?.msg).toMatch(/^database available again after \d+ s; \d+ attempts failed meanwhile$/);
    expect(ended[1]?.durationMs).toBeGreaterThanOrEqual(3_000);
    await waitFor(
      'a good tick',
      async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200,
    );
    expect((await signIn()).statusCode).toBe(200);
  }, 60_000);
});
