/**
 * The embedded database in a data directory, as `npm start` opens it: a new directory is created
 * (in a child process, so the server keeps none of initdb's memory), opened with the small buffer
 * pool, and found again on the next start with its rows.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'stationbid-pglite-dir-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function rowsOf<T>(handle: Awaited<ReturnType<typeof openPglite>>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the embedded database in a data directory', () => {
  it('creates a new directory, opens it with a 16 MB buffer pool, and finds its rows again after a restart', async () => {
    const dataDir = path.join(workDir, 'pglite');
    const first = await openPglite({ dataDir });
    try {
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await rowsOf(first, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
      await first.db.execute(sql`create table kept (note text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
    } finally {
      await first.close();
    }

    const again = await openPglite({ dataDir });
    try {
      expect(await rowsOf(again, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
      expect(await rowsOf(again, sql`show shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('refuses a data directory it cannot create, naming it', async () => {
    // A file where the directory should be: neither initdb nor anyone else can make it.
    const blocked = path.join(workDir, 'a-file');
    writeFileSync(blocked, 'not a directory');
    const dataDir = path.join(blocked, 'pglite');
    await expect(openPglite({ dataDir })).rejects.toThrow(`Could not create the embedded database in ${dataDir}`);
  }, 60_000);
});
