/**
 * The real entry point as `npm start` runs it: a process that migrates an empty data directory,
 * seeds it, serves, and stops cleanly on SIGTERM; a restart keeps the data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
});
