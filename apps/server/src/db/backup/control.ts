/**
 * Who holds an embedded database's data directory, and a way to ask it for a backup.
 *
 * PGlite runs inside one process; a second process opening the same directory would corrupt it.
 * So whichever process opens `<dataDir>/pglite` (the server, or db:backup / db:restore / db:move
 * while the server is stopped) first claims the directory: it listens on a loopback port and
 * writes `<dataDir>/control.json` (its pid, that address and a random token, readable by its user
 * only). Another process reads the file and asks that address:
 * - it answers: the directory is in use. The server answers a backup request with a consistent
 *   backup made from its own open database; any other holder is waited for.
 * - it does not answer: the holder died (a crash, SIGKILL); the file is stale and is replaced.
 * Asking the address rather than checking the pid cannot be fooled by a reused pid.
 *
 * The listener is a bare node:http server on 127.0.0.1 only, apart from the app (no routes in the
 * public API, nothing behind a reverse proxy), and every request needs the token from the file.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './logical-backup.ts';

export const CONTROL_FILE = 'control.json';

/** What a holder calls itself: the server, or one of the db commands. */
export type Holder = 'server' | 'db:backup' | 'db:restore' | 'db:move';

interface ControlFile {
  pid: number;
  holder: Holder;
  url: string;
  token: string;
}

export interface HolderStatus {
  holder: Holder;
  pid: number;
  /** The server only: its database is open, so it can make a backup now. */
  ready: boolean;
}

export interface DataDirClaim {
  /** The server, once its database is open: make a backup file at the path given. */
  serveBackups(makeBackup: (file: string) => Promise<void>): void;
  /** Stops listening and removes the control file (if it is still this claim's). */
  release(): Promise<void>;
}

const ASK_TIMEOUT_MS = 2_000;

function controlFilePath(dataDir: string): string {
  return path.join(dataDir, CONTROL_FILE);
}

function readControlFile(dataDir: string): ControlFile | undefined {
  try {
    return JSON.parse(readFileSync(controlFilePath(dataDir), 'utf8')) as ControlFile;
  } catch {
    // No file, or a half-written one from a process that died while writing it: nobody answers.
    return undefined;
  }
}

/** The live holder of the data directory, or undefined when nobody holds it. */
export async function findHolder(dataDir: string): Promise<HolderStatus | undefined> {
  const control = readControlFile(dataDir);
  if (!control) return undefined;
  try {
    const response = await fetch(`${control.url}/status`, {
      headers: { authorization: `Bearer ${control.token}` },
      signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    return (await response.json()) as HolderStatus;
  } catch {
    return undefined;
  }
}

/** Says who holds the directory, for messages: "the StationBid server (pid 123)". */
export function describeHolder(status: HolderStatus): string {
  return status.holder === 'server'
    ? `the StationBid server (pid ${status.pid})`
    : `npm run ${status.holder} (pid ${status.pid})`;
}

/**
 * Claims the data directory for this process, or throws a BackupError naming the live holder.
 * A stale control file (its process gone) is replaced.
 */
export async function claimDataDir(dataDir: string, holder: Holder): Promise<DataDirClaim> {
  const token = randomBytes(32).toString('base64url');
  let makeBackup: ((file: string) => Promise<void>) | undefined;
  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`backup failed: ${(error as Error).message}`);
      } else {
        response.destroy(error as Error);
      }
    });
  });
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (!hasToken(request, token)) {
      response.writeHead(401).end();
      return;
    }
    if (request.url === '/status') {
      const status: HolderStatus = { holder, pid: process.pid, ready: makeBackup !== undefined };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(status));
      return;
    }
    if (request.url === '/backup' && request.method === 'POST') {
      if (!makeBackup) {
        response
          .writeHead(503, { 'content-type': 'text/plain' })
          .end('the server is still starting (its database is not open yet); try again in a moment');
        return;
      }
      // Written to a file first, then sent: the snapshot's transaction lasts as long as the
      // writing, and on PGlite every other query waits for it, so it must not wait on the reader.
      const file = path.join(dataDir, `backup-${randomBytes(6).toString('hex')}.tmp`);
      try {
        await makeBackup(file);
        response.writeHead(200, { 'content-type': 'application/gzip' });
        await new Promise<void>((resolve, reject) => {
          const stream = createReadStream(file);
          stream.on('error', reject);
          response.on('close', resolve);
          stream.pipe(response);
        });
      } finally {
        rmSync(file, { force: true });
      }
      return;
    }
    response.writeHead(404).end();
  };
  await listen(server);
  const { port } = server.address() as AddressInfo;
  const control: ControlFile = { pid: process.pid, holder, url: `http://127.0.0.1:${port}`, token };

  try {
    writeControlFileExclusively(dataDir, control);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      await close(server);
      throw error;
    }
    const current = await findHolder(dataDir);
    if (current) {
      await close(server);
      throw new BackupError(
        `The data directory ${dataDir} is in use by ${describeHolder(current)}. ${
          current.holder === 'server'
            ? 'Stop the server first (Ctrl+C or SIGTERM).'
            : 'Wait until it has finished, then try again.'
        }`,
      );
    }
    // Stale: its holder is gone. Replace it; if another process replaced it first, it wins.
    rmSync(controlFilePath(dataDir), { force: true });
    try {
      writeControlFileExclusively(dataDir, control);
    } catch (retryError) {
      await close(server);
      if ((retryError as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`Another process claimed the data directory ${dataDir} just now; try again.`);
      }
      throw retryError;
    }
  }

  return {
    serveBackups(handler) {
      makeBackup = handler;
    },
    async release() {
      if (readControlFile(dataDir)?.token === token) rmSync(controlFilePath(dataDir), { force: true });
      await close(server);
    },
  };
}

/**
 * Asks the server holding the data directory for a backup and saves it as `file` (through
 * `<file>.partial`, so only a complete download gets the name).
 */
export async function requestBackupFromHolder(dataDir: string, file: string): Promise<void> {
  const control = readControlFile(dataDir);
  if (!control) throw new BackupError(`The server holding ${dataDir} stopped; run the backup again.`);
  const response = await fetch(`${control.url}/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${control.token}` },
  });
  if (!response.ok || !response.body) {
    throw new BackupError(`The running server could not make the backup: ${response.status} ${await response.text()}`);
  }
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function hasToken(request: IncomingMessage, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function writeControlFileExclusively(dataDir: string, control: ControlFile): void {
  // 'wx': fails with EEXIST when another process has the file, so two claims cannot both win.
  const descriptor = openSync(controlFilePath(dataDir), 'wx', 0o600);
  try {
    writeSync(descriptor, `${JSON.stringify(control)}\n`);
  } finally {
    closeSync(descriptor);
  }
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
