/**
 * Two server processes starting together on one PostgreSQL database both migrate it: the advisory
 * lock makes the second wait and find nothing left, instead of applying the same migrations twice.
 * PostgreSQL only (PGlite belongs to one process); runs when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabaseName } from '../test/global-setup.ts';
import { openPostgres } from './client.ts';

const databaseSource = inject('databaseSource');

describe.skipIf(databaseSource.kind !== 'postgres')(
  'migrating PostgreSQL (skipped without TEST_DATABASE_URL: it needs a server several processes share)',
  () => {
    it('applies each migration once when two processes migrate an empty database at the same time', async () => {
      if (databaseSource.kind !== 'postgres') return;
      const name = `stationbid_migrate_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseSource.serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = withDatabaseName(databaseSource.serverUrl, name);
      const [first, second] = [await openPostgres(url), await openPostgres(url)];
      try {
        const outcomes = await Promise.allSettled([first.migrate(), second.migrate()]);
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
        const applied = await first.db.execute('select hash from drizzle.__drizzle_migrations');
        const hashes = (applied as unknown as { rows: { hash: string }[] }).rows.map((row) => row.hash);
        expect(hashes.length).toBeGreaterThan(1);
        expect(new Set(hashes).size).toBe(hashes.length);
      } finally {
        await first.close();
        await second.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  },
);
