/**
 * The real entry point as `npm start` runs it: a process that migrates an empty data directory,
 * seeds it, serves, and stops cleanly on SIGTERM, also with a live stream open; a restart keeps
 * the data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-process-'));
const streamDataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-process-stream-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(streamDataDir, { recursive: true, force: true });
});

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
    const first = await startServerProcess({ env: { DATA_DIR: dataDir } });
    expect(first.output()).toContain('admin@stationbid.example / stationbid-admin');
    expect(first.output()).toContain('First start: created the administrator');

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
    const second = await startServerProcess({ env: { DATA_DIR: dataDir }, port: first.port });
    expect(second.output()).not.toContain('First start');
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
});
