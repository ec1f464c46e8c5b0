/**
 * The real entry point as `npm start` runs it: a process that migrates an empty data directory,
 * seeds it, serves, and stops cleanly on SIGTERM, also with a live stream open; a restart keeps
 * the data. Its output, with stdout not a terminal, is JSON lines only; start-up errors are a few
 * plain lines that say what to fix.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './db/client.ts';
import { findFreePort, startServerProcess } from './test/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-process-'));
const streamDataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-process-stream-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(streamDataDir, { recursive: true, force: true });
});

/** Every line of a process's stdout, parsed: throws on a line that is not JSON. */
function jsonLines(output: string): { level: number; msg: string; [field: string]: unknown }[] {
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Runs the server until it exits (a start-up error), with `env` added; its exit code and output. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function signInAsDemoAdmin(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@stationbid.example', password: 'stationbid-admin' }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

describe('the server process', () => {
  it('starts on an empty data directory with demo data, stops cleanly, and restarts on the same data', async () => {
    const first = await startServerProcess({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    // Not a terminal: the log is JSON lines only, the start-up report one of them.
    const firstLines = jsonLines(first.output());
    const report = firstLines.find((line) => line.msg.startsWith('StationBid is running at'));
    expect(report).toMatchObject({
      level: 30,
      firstStart: { administrator: 'admin@stationbid.example', demoData: true },
      demoSignIns: [
        { who: 'administrator', email: 'admin@stationbid.example', password: 'stationbid-admin' },
        { who: 'member', email: 'elena.ramirez@stationbid.example', password: 'stationbid-member' },
      ],
    });
    // One line per migration applied, with its name and time, in the journal's order.
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const applied = firstLines.filter((line) => line.migration !== undefined);
    expect(applied.map((line) => line.migration)).toEqual(journal.entries.map((entry) => entry.tag));
    for (const line of applied) {
      expect(line).toMatchObject({ level: 30, msg: `migration applied: ${line.migration}` });
      expect(line.durationMs).toEqual(expect.any(Number));
    }

    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${first.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@stationbid.example', password: 'stationbid-admin' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    expect(await first.stop()).toBe(0);

    // Same data directory: no second seed, and the kept secret still accepts the old token.
    const second = await startServerProcess({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, port: first.port });
    const secondLines = jsonLines(second.output());
    expect(secondLines.filter((line) => line.msg === 'no migration to apply')).toHaveLength(1);
    expect(secondLines.some((line) => line.migration !== undefined || line.firstStart !== undefined)).toBe(false);
    const me = await fetch(`${second.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 120_000);

  it('ends a live stream open at SIGTERM, says ready until then, and exits 0', async () => {
    const server = await startServerProcess({ env: { DATA_DIR: streamDataDir } });
    try {
      const ready = await fetch(`${server.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'up', turnClock: 'ticking' } });

      const token = await signInAsDemoAdmin(server.baseUrl);
      const authorization = { authorization: `Bearer ${token}` };
      const list = await fetch(`${server.baseUrl}/api/bid-sessions`, { headers: authorization });
      const { sessions } = (await list.json()) as { sessions: { id: string }[] };
      const sessionId = sessions[0]?.id;
      expect(sessionId).toBeDefined();
      const ticketResponse = await fetch(`${server.baseUrl}/api/live/ticket`, {
        method: 'POST',
        headers: authorization,
      });
      const { ticket } = (await ticketResponse.json()) as { ticket: string };
      const stream = await fetch(`${server.baseUrl}/api/live/stream?ticket=${ticket}&sessions=${sessionId}`);
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let received = decoder.decode((await reader.read()).value);
      expect(received).toMatch(/^retry: \d+/);

      const exitCode = server.stop();
      // The stream ends (the browser reconnects after `retry:`) rather than hanging the shutdown.
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        received += decoder.decode(chunk.value);
      }
      expect(await exitCode).toBe(0);
    } finally {
      await server.kill();
    }
  }, 120_000);

  it('lists every wrong setting at once, production rules and values outside the README together', async () => {
    const { code, stdout, stderr } = await runUntilExit({
      NODE_ENV: 'production',
      PORT: 'eighty',
      DEMO_DATA: 'yes',
      ADMIN_EMAIL: 'chief@dept.example',
      DATA_DIR: dataDir,
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      'StationBid cannot start; fix these settings:',
      expect.stringMatching(/^ {2}- PORT: /),
      '  - DEMO_DATA: must be 1 or 0 (or true or false)',
      '  - JWT_SECRET: required when NODE_ENV=production (at least 32 random characters)',
      '  - ADMIN_EMAIL and ADMIN_PASSWORD: set both, or neither',
    ]);
  }, 60_000);

  it('says in one line, without the password, that the database refuses the connection', async () => {
    const closedPort = await findFreePort();
    const { code, stderr } = await runUntilExit({
      DATABASE_URL: `postgresql://stationbid:secret-db-password@127.0.0.1:${closedPort}/stationbid`,
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: dataDir,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `StationBid cannot start: DATABASE_URL postgresql://stationbid@127.0.0.1:${closedPort}/stationbid: connection refused at 127.0.0.1:${closedPort}. Is PostgreSQL running and reachable there?`,
    );
  }, 60_000);
});
