/**
 * The claim on an embedded data directory (control.ts): one holder at a time, a stale claim left
 * by a killed process is replaced, and the control address answers only with the holder's token.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../test/server-process.ts';
import { CONTROL_FILE, claimDataDir, findHolder } from './control.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-control-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('claiming the data directory', () => {
  it('lets one process hold it at a time and frees it on release', async () => {
    const first = await claimDataDir(dataDir, 'db:backup');
    expect(await findHolder(dataDir)).toEqual({ holder: 'db:backup', pid: process.pid, ready: false });
    await expect(claimDataDir(dataDir, 'server')).rejects.toThrow(
      `The data directory ${dataDir} is in use by npm run db:backup (pid ${process.pid}). Wait until it has finished, then try again.`,
    );
    const control = JSON.parse(readFileSync(path.join(dataDir, CONTROL_FILE), 'utf8')) as { url: string };
    expect((await fetch(`${control.url}/status`)).status).toBe(401);
    expect(
      (await fetch(`${control.url}/backup`, { method: 'POST', headers: { authorization: 'Bearer guess' } })).status,
    ).toBe(401);
    await first.release();
    expect(await findHolder(dataDir)).toBeUndefined();
  });

  it('replaces the claim of a process that died without releasing it', async () => {
    const nobody = await findFreePort();
    writeFileSync(
      path.join(dataDir, CONTROL_FILE),
      JSON.stringify({ pid: 999_999, holder: 'server', url: `http://127.0.0.1:${nobody}`, token: 'gone' }),
    );
    expect(await findHolder(dataDir)).toBeUndefined();
    const claim = await claimDataDir(dataDir, 'db:restore');
    expect(await findHolder(dataDir)).toMatchObject({ holder: 'db:restore', pid: process.pid });
    await claim.release();
  });
});
