/**
 * The db commands against the real server process (`src/server.ts`, as `npm start` runs it) on an
 * embedded data directory: a backup while it runs and takes writes, the refusals while it holds the
 * directory, a server refusing to start while a command holds it, and the move of a session in
 * progress to PostgreSQL, where the restarted server resumes the same turn and deadline.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabaseName } from '../../test/global-setup.ts';
import { type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { openPglite } from '../client.ts';
import { type CommandContext, moveCommand, restoreCommand } from './commands.ts';
import { CONTROL_FILE, claimDataDir } from './control.ts';
import { restoreLogicalBackup, verifyLogicalBackup } from './logical-backup.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const postgresUrl = process.env.TEST_DATABASE_URL;
const NEEDS_POSTGRES = postgresUrl ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';

const workDir = mkdtempSync(path.join(tmpdir(), 'stationbid-db-commands-'));
const dataDir = path.join(workDir, 'data');
let server: ServerProcess | undefined;
let token: string;
let sessionId: string;
let turnBefore: { holder: string; deadline: string; currentParticipant: number };
const scratchDatabases: string[] = [];

function commandContext(log: string[], databaseUrl?: string): CommandContext {
  return { databaseUrl, dataDir, log: (line) => log.push(line) };
}

async function api<T>(baseUrl: string, method: string, url: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface SessionView {
  session: { status: string; currentParticipant: number; currentBidEnd: string; currentTurn: { user: { id: string } } };
}

async function currentTurn(baseUrl: string) {
  const { session } = await api<SessionView>(baseUrl, 'GET', `/api/bid-sessions/${sessionId}`);
  return {
    status: session.status,
    holder: session.currentTurn.user.id,
    deadline: session.currentBidEnd,
    currentParticipant: session.currentParticipant,
  };
}

beforeAll(async () => {
  server = await startServerProcess({ env: { DATA_DIR: dataDir } });
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@stationbid.example', password: 'stationbid-admin' }),
  });
  token = ((await login.json()) as { token: string }).token;
  const { sessions } = await api<{ sessions: { id: string }[] }>(server.baseUrl, 'GET', '/api/bid-sessions');
  sessionId = sessions[0]!.id;
  await api(server.baseUrl, 'POST', `/api/bid-sessions/${sessionId}/start`);
  turnBefore = await currentTurn(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await server?.kill();
  if (postgresUrl && scratchDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of scratchDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(workDir, { recursive: true, force: true });
});

describe('the db commands on an embedded installation', () => {
  it('npm run db:backup asks the running server for the backup, a consistent one while it takes writes', async () => {
    const running = server!;
    const file = path.join(workDir, 'while-running.backup.gz');
    // Stations (each with its seats) are created all through the backup; a backup read table by
    // table outside one snapshot would hold seats whose station it does not have.
    let writing = true;
    let created = 0;
    const writes = (async () => {
      while (writing) {
        created += 1;
        await api(running.baseUrl, 'POST', '/api/stations', {
          name: `Backup Station ${created}`,
          number: 100 + created,
          address: `${created} Backup Road`,
          shiftCapacity: { A: 2, B: 2, C: 2 },
        });
      }
    })();
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, 'scripts/db.mjs'), 'backup', file], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    writing = false;
    await writes;
    expect(stderr).toBe('');
    expect(stdout).toContain(`The server is running (pid ${running.child.pid}): it writes the backup`);
    expect(stdout).toMatch(/Wrote .*while-running\.backup\.gz: \d+ tables, \d+ rows, schema \d{4}_\w+\./);
    expect(created).toBeGreaterThan(1);

    const { rowCounts } = await verifyLogicalBackup(file);
    expect(rowCounts.members).toBe(31);
    // The foreign keys are checked as the rows load: every seat's station is in the file.
    const target = await openPglite({});
    try {
      const restored = await restoreLogicalBackup(target, file);
      expect(restored.rowCounts.stations).toBeGreaterThanOrEqual(6);
    } finally {
      await target.close();
    }
    // The server answered, and the temporary file it wrote is gone.
    expect((await fetch(`${running.baseUrl}/api/health`)).status).toBe(200);
  }, 90_000);

  it('restore and move refuse while the server runs, naming it', async () => {
    const log: string[] = [];
    const backup = path.join(workDir, 'while-running.backup.gz');
    await expect(restoreCommand(commandContext(log), backup)).rejects.toThrow(
      `The data directory ${dataDir} is in use by the StationBid server (pid ${server!.child.pid}). Stop the server first`,
    );
    await expect(moveCommand(commandContext(log), 'postgresql://nobody@127.0.0.1:1/none')).rejects.toThrow(
      /in use by the StationBid server .*Stop the server first: bids made after the copy would not reach PostgreSQL/,
    );
  });

  it('a server does not start while a db command holds the data directory', async () => {
    expect(await server!.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, CONTROL_FILE))).toBe(false);
    const claim = await claimDataDir(dataDir, 'db:restore');
    try {
      await expect(startServerProcess({ env: { DATA_DIR: dataDir } })).rejects.toThrow(
        /StationBid cannot start: The data directory .* is in use by npm run db:restore \(pid \d+\)\. Wait until it has finished/,
      );
    } finally {
      await claim.release();
    }
  }, 90_000);

  it(`moves to PostgreSQL with matching counts; the session resumes with the same turn and deadline${NEEDS_POSTGRES}`, async (test) => {
    if (!postgresUrl) return test.skip();
    const name = `stationbid_move_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    scratchDatabases.push(name);
    const targetUrl = withDatabaseName(postgresUrl, name);

    const log: string[] = [];
    await moveCommand(commandContext(log), targetUrl);
    const output = log.join('\n');
    expect(output).toMatch(/^members +31 +31$/m);
    expect(output).toMatch(/^bid_sessions +1 +1$/m);
    expect(output).toMatch(/All \d+ tables match\./);
    expect(output).not.toContain('DIFFERENT');
    expect(output).toContain(`  DATABASE_URL=${targetUrl}`);
    expect(output).toContain(`keep DATA_DIR=${dataDir}`);

    // A second move into the same database is refused: it is not empty any more.
    await expect(moveCommand(commandContext([]), targetUrl)).rejects.toThrow(/not empty: .*members \(31\)/);

    // The server on PostgreSQL (same DATA_DIR: same sign-in secret, so the old token still works).
    server = await startServerProcess({ env: { DATA_DIR: dataDir, DATABASE_URL: targetUrl } });
    // The start-up line (JSON: the output is not a terminal) names the database it opened.
    expect(server.output()).toContain('"database":{"kind":"postgres","from":"DATABASE_URL"}');
    expect(await currentTurn(server.baseUrl)).toEqual({ status: 'active', ...turnBefore });
    expect(new Date(turnBefore.deadline).getTime()).toBeGreaterThan(Date.now());
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
