/**
 * Runs once per test run: prepares a migrated database that every API test file copies, so a
 * file starts on a fresh database in well under a second.
 * - Default: a PGlite data directory dumped to a file after migrating.
 * - With TEST_DATABASE_URL: a PostgreSQL template database that each file clones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseSource:
      | { kind: 'pglite'; snapshotFile: string }
      | { kind: 'postgres'; serverUrl: string; template: string };
  }
}

/** The URL of another database on the same server, e.g. to run CREATE DATABASE. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `stationbid_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const handle = await openPostgres(withDatabaseName(serverUrl, template), { max: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('databaseSource', { kind: 'postgres', serverUrl, template });
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  // Creating a PGlite cluster from nothing takes several seconds, so the migrated snapshot is
  // kept between runs, named by a hash of the migrations: a new migration makes a new one.
  const snapshotFile = path.join(SNAPSHOT_CACHE_DIR, `migrated-${hashMigrations()}.tar`);
  if (!existsSync(snapshotFile)) {
    const handle = await openPglite({});
    await handle.migrate();
    const snapshot = await handle.dumpSnapshot?.();
    if (!snapshot) throw new Error('PGlite could not dump its data directory');
    await handle.close();
    rmSync(SNAPSHOT_CACHE_DIR, { recursive: true, force: true });
    mkdirSync(SNAPSHOT_CACHE_DIR, { recursive: true });
    const partialFile = `${snapshotFile}.${process.pid}.partial`;
    writeFileSync(partialFile, Buffer.from(await snapshot.arrayBuffer()));
    renameSync(partialFile, snapshotFile);
  }
  project.provide('databaseSource', { kind: 'pglite', snapshotFile });
}

const SNAPSHOT_CACHE_DIR = path.join(import.meta.dirname, '../../../../node_modules/.cache/stationbid-test-db');

function hashMigrations(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const fullPath = path.join(MIGRATIONS_FOLDER, file);
    if (statSync(fullPath).isFile()) hash.update(file).update(readFileSync(fullPath));
  }
  // The PGlite version decides the data directory format.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}
